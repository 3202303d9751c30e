import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { TestClock } from "@kurz/clock";
import { type AllowedTargets, parseAllowedTargets, type Resolver } from "@kurz/ssrf";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookAgent, type WebhookAgent } from "../../src/outbound/create-webhook-agent";
import { postWebhook } from "../../src/outbound/post-webhook";

interface Receiver {
  url: string;
  port: number;
  connections: number;
  requests: Array<{ method: string; path: string; headers: IncomingMessage["headers"]; body: string }>;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real HTTP endpoint on a loopback address; `respond` answers each request once it is read. */
async function startReceiver(
  respond: (res: ServerResponse) => void,
  { host = "127.0.0.1", port = 0 }: { host?: string; port?: number } = {},
): Promise<Receiver> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      receiver.requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      respond(res);
    });
  });
  server.on("connection", () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as { port: number }).port;
  const receiver: Receiver = {
    url: `http://${host}:${bound}/hooks/kurz`,
    port: bound,
    connections: 0,
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  cleanups.push(receiver.close);
  return receiver;
}

function agentFor(allowedTargets: AllowedTargets, resolver?: Resolver): WebhookAgent {
  const agent = createWebhookAgent({ allowedTargets, resolver });
  cleanups.push(() => agent.close());
  return agent;
}

/** A DNS server under the attacker's control: each call answers the next address. */
function rebindingResolver(...addresses: string[]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    return [{ address: addresses[Math.min(calls.length, addresses.length) - 1]!, family: 4 }];
  };
  return Object.assign(resolver, { calls });
}

const localOnly = parseAllowedTargets("127.0.0.1/32");
const noTargets = parseAllowedTargets("");
const event = { headers: { "content-type": "application/json" }, body: '{"type":"link.clicked"}' };

describe("posting a webhook", () => {
  it("delivers to an allowed receiver: a 2xx is ok, with the first 2 KiB of the answer as excerpt", async () => {
    const answer = Array.from({ length: 600 }, (_, i) => `${i}.`).join("");
    const receiver = await startReceiver((res) =>
      res.writeHead(200, { "content-type": "text/plain" }).end(answer),
    );
    const outcome = await postWebhook({ url: receiver.url, ...event }, { agent: agentFor(localOnly) });

    expect(outcome).toEqual({
      ok: true,
      status: 200,
      latencyMs: expect.any(Number),
      responseExcerpt: answer.slice(0, 2048),
    });
    expect(answer.length).toBeGreaterThan(2048);
    expect(receiver.requests).toMatchObject([
      {
        method: "POST",
        path: "/hooks/kurz",
        body: event.body,
        headers: { "content-type": "application/json" },
      },
    ]);
  });

  it("stops reading an endless answer at 64 KiB and still reports its 2xx", async () => {
    let written = 0;
    let stopped!: () => void;
    const closed = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const receiver = await startReceiver((res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.on("close", stopped);
      const chunk = Buffer.alloc(16 * 1024, "x");
      const pump = () => {
        while (!res.destroyed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
      };
      pump();
    });
    const outcome = await postWebhook(
      { url: receiver.url, ...event },
      { agent: agentFor(localOnly), timeoutMs: 10_000 },
    );

    expect(outcome).toMatchObject({ ok: true, status: 200, responseExcerpt: "x".repeat(2048) });
    expect(outcome.failure).toBeUndefined();
    await closed; // the receiver sees the connection closed long before it runs out of data
    expect(written).toBeLessThan(512 * 1024 * 1024);
  });

  it("keeps only whole characters when the 2 KiB mark falls inside one", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200).end(`a${"é".repeat(2_000)}`));
    const outcome = await postWebhook({ url: receiver.url, ...event }, { agent: agentFor(localOnly) });
    expect(outcome.responseExcerpt).toBe(`a${"é".repeat(1_023)}`);
  });

  it("reports a redirect as a failure and never follows it", async () => {
    const elsewhere = await startReceiver((res) => res.writeHead(200).end("followed"));
    const receiver = await startReceiver((res) =>
      res
        .writeHead(res.req.url === "/to-private" ? 302 : 307, {
          location: res.req.url === "/to-private" ? "http://10.0.0.1/" : elsewhere.url,
        })
        .end(),
    );
    const agent = agentFor(localOnly);

    const toPrivate = await postWebhook(
      { url: `http://127.0.0.1:${receiver.port}/to-private`, ...event },
      { agent },
    );
    expect(toPrivate).toMatchObject({ ok: false, status: 302, failure: { kind: "redirect" } });
    expect(toPrivate.failure?.detail).toContain("http://10.0.0.1/");

    const toLocal = await postWebhook({ url: receiver.url, ...event }, { agent });
    expect(toLocal).toMatchObject({ ok: false, status: 307, failure: { kind: "redirect" } });
    expect(elsewhere.connections).toBe(0);
  });

  it("refuses 127.0.0.1 without allowed targets, before any connection is made", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200).end());
    const agent = agentFor(noTargets, rebindingResolver("127.0.0.1"));

    const literal = await postWebhook({ url: receiver.url, ...event }, { agent });
    expect(literal).toMatchObject({ ok: false, failure: { kind: "blocked_address" } });
    expect(literal.failure?.detail).toMatch(/^loopback: /);
    expect(literal.status).toBeUndefined();

    // By name over https, the agent's guarded lookup refuses the address it resolves to.
    const byName = await postWebhook(
      { url: `https://hooks.example.com:${receiver.port}/`, ...event },
      { agent },
    );
    expect(byName).toMatchObject({ ok: false, failure: { kind: "blocked_address" } });
    expect(byName.failure?.detail).toMatch(/^loopback: hooks\.example\.com resolves to a loopback address/);

    // And the agent alone, without postWebhook's own checks, still connects nowhere.
    await expect(
      agent.dispatcher.request({
        origin: `http://127.0.0.1:${receiver.port}`,
        path: "/",
        method: "POST",
        body: "x",
      }),
    ).rejects.toMatchObject({ name: "BlockedAddressError", reason: "loopback" });
    expect(receiver.connections).toBe(0);
  });

  it("vets every connection: a name that rebinds to 127.0.0.1 for the second delivery is refused", async () => {
    // 127.0.0.2 plays the public address (the one allowed target); 127.0.0.1 the internal service.
    const endpoint = await startReceiver((res) => res.writeHead(204, { connection: "close" }).end(), {
      host: "127.0.0.2",
    });
    const internal = await startReceiver((res) => res.writeHead(200).end("secret"), {
      host: "127.0.0.1",
      port: endpoint.port,
    });
    const resolver = rebindingResolver("127.0.0.2", "127.0.0.1");
    const agent = agentFor(parseAllowedTargets("127.0.0.2/32"), resolver);
    const url = `http://hooks.example.com:${endpoint.port}/hooks`;

    const first = await postWebhook({ url, ...event }, { agent });
    expect(first).toMatchObject({ ok: true, status: 204 });
    const second = await postWebhook({ url, ...event }, { agent });
    expect(second).toMatchObject({ ok: false, failure: { kind: "blocked_address" } });
    expect(second.failure?.detail).toMatch(/^loopback: /);
    expect(resolver.calls).toEqual(["hooks.example.com", "hooks.example.com"]);
    expect(endpoint.requests).toHaveLength(1);
    expect(internal.connections).toBe(0);
  });

  it("sends plain http only to allowed targets", async () => {
    const agent = agentFor(localOnly, rebindingResolver("93.184.215.14"));
    const publicLiteral = await postWebhook({ url: "http://93.184.215.14/", ...event }, { agent });
    expect(publicLiteral.failure?.kind).toBe("invalid_url");
    // A name is held to the allowed targets when the agent connects.
    const publicName = await postWebhook({ url: "http://hooks.example.com/", ...event }, { agent });
    expect(publicName).toMatchObject({ failure: { kind: "blocked_address" } });
    expect(publicName.failure?.detail).toMatch(/^outside_allowed_targets: /);
    const withoutTargets = await postWebhook(
      { url: "http://hooks.example.com/", ...event },
      { agent: agentFor(noTargets) },
    );
    expect(withoutTargets.failure?.kind).toBe("invalid_url");
  });

  it("gives up on a receiver that never answers, as a timeout", async () => {
    const receiver = await startReceiver(() => undefined);
    const outcome = await postWebhook(
      { url: receiver.url, ...event },
      { agent: agentFor(localOnly), timeoutMs: 300 },
    );
    expect(outcome).toMatchObject({ ok: false, failure: { kind: "timeout" } });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
    expect(outcome.latencyMs).toBeLessThan(5_000);
    expect(receiver.requests).toHaveLength(1);
  });

  it("counts a body that stalls after the headers against the same timeout", async () => {
    const receiver = await startReceiver((res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const outcome = await postWebhook(
      { url: receiver.url, ...event },
      { agent: agentFor(localOnly), timeoutMs: 300 },
    );
    expect(outcome).toMatchObject({ ok: false, status: 200, failure: { kind: "timeout" } });
  });

  it("reads Retry-After as seconds or as an HTTP date, capped at a day", async () => {
    const clock = new TestClock();
    const answers = [
      ["503", "120"],
      ["429", new Date(clock.now().getTime() + 90_000).toUTCString()],
      ["429", new Date(clock.now().getTime() + 7 * 86_400_000).toUTCString()],
      ["503", "604800"],
    ];
    let next = 0;
    const receiver = await startReceiver((res) => {
      const [status, retryAfter] = answers[next++]!;
      res.writeHead(Number(status), { "retry-after": retryAfter }).end("busy");
    });
    const agent = agentFor(localOnly);
    const post = () => postWebhook({ url: receiver.url, ...event }, { agent, clock });

    expect(await post()).toMatchObject({
      ok: false,
      status: 503,
      retryAfterSeconds: 120,
      responseExcerpt: "busy",
      failure: { kind: "http_status" },
    });
    const dated = await post();
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(89);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(90);
    expect((await post()).retryAfterSeconds).toBe(86_400);
    expect((await post()).retryAfterSeconds).toBe(86_400);
  });

  it("refuses a payload over 256 KiB before sending anything, and sends one of exactly 256 KiB", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200).end());
    const agent = agentFor(localOnly);
    const tooLarge = await postWebhook(
      { url: receiver.url, headers: {}, body: "x".repeat(256 * 1024 + 1) },
      { agent },
    );
    expect(tooLarge).toMatchObject({ ok: false, failure: { kind: "body_too_large" } });
    expect(receiver.connections).toBe(0);
    const atLimit = await postWebhook(
      { url: receiver.url, headers: {}, body: new Uint8Array(256 * 1024) },
      { agent },
    );
    expect(atLimit.ok).toBe(true);
  });

  it("reports a refused connection and an unusable URL as failures, not throws", async () => {
    const receiver = await startReceiver((res) => res.writeHead(200).end());
    const port = receiver.port;
    await receiver.close();
    const agent = agentFor(localOnly);
    const refused = await postWebhook({ url: `http://127.0.0.1:${port}/`, ...event }, { agent });
    expect(refused).toMatchObject({ ok: false, failure: { kind: "connect" } });
    expect(refused.failure?.detail).toContain("ECONNREFUSED");
    for (const url of ["not a url", "ftp://127.0.0.1/", "http://user:pw@127.0.0.1/"]) {
      expect((await postWebhook({ url, ...event }, { agent })).failure?.kind).toBe("invalid_url");
    }
  });
});
