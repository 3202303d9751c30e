import http from "node:http";
import { setPlanAsOperator, signInWithOAuth, startWebhookReceiver, waitFor } from "@kurz/testing";
import { type KurzProcess, visit } from "./start-kurz-process";

const SCOPE = [
  "shorturl:create shorturl:read analytics:read campaign:read campaign:write",
  "account:read account:write abtest:read abtest:write webhook:read webhook:write",
].join(" ");

export interface WalkOptions {
  links: number;
  redirects: number;
  /** Redirects in flight at once. */
  concurrency: number;
  dataDir: string;
  print(line: string): void;
}

/**
 * What a person and their tools do with Kurz in a first session, each through a public surface:
 * sign up (pages + OAuth), a webhook endpoint for `link.created` (a local receiver must get a
 * delivery), LINKS links over REST, REDIRECTS redirects until their clicks are counted, every
 * analytics report the OpenAPI document lists, an MCP session (initialize, then a tools/call).
 */
export async function runFootprintWalk(kurz: KurzProcess, options: WalkOptions): Promise<void> {
  const { print } = options;
  const user = await signInWithOAuth(kurz.url, SCOPE, {
    // Webhooks and A/B tests are not the free plan's.
    afterSignUp: (email) =>
      setPlanAsOperator({
        dataDir: options.dataDir,
        authServerGrpcAddress: kurz.grpcAddressOf("auth-server"),
        email,
        plan: "enterprise",
      }),
  });
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${kurz.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const must = async (method: string, route: string, body?: unknown) => {
    const answer = await api(method, route, body);
    if (answer.status >= 300) {
      throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    return answer.body;
  };
  print(`walk: signed up ${user.email}`);

  const receiver = await startWebhookReceiver();
  try {
    await must("POST", "/api/v1/webhooks", { url: receiver.url, event_types: ["link.created"] });
    const campaign = (await must("POST", "/api/v1/campaigns", { name: "Footprint" })).campaign;
    const abTest = (
      await must("POST", "/api/v1/ab-tests", {
        name: "Footprint",
        short_code: `ab-${Date.now().toString(36)}`,
        variants: [
          { destination_url: "https://example.com/a" },
          { destination_url: "https://example.com/b" },
        ],
      })
    ).test;
    const codes: string[] = [];
    for (let i = 0; i < options.links; i++) {
      const created = await must("POST", "/api/v1/urls", {
        url: `https://example.com/landing?utm_source=footprint&n=${i}`,
      });
      codes.push(String(created.url.id));
    }
    print(`walk: ${codes.length} links created`);
    await waitFor(() => receiver.distinct(), { what: "a webhook delivery", timeoutMs: 120_000 });
    print(`walk: webhook deliveries received: ${receiver.distinct()} (so far)`);

    // REDIRECTS visits, CONCURRENCY at a time over kept-alive connections, cycling through the codes.
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.redirects) {
          const code = codes[next++ % codes.length]!;
          const answer = await visit(kurz.loadOrigin, `/${code}`, kurz.shortHost, agent);
          if (answer.status < 300 || answer.status > 399) failed++;
        }
      }),
    );
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    print(
      `walk: ${options.redirects} redirects in ${seconds.toFixed(1)} s (${Math.round(options.redirects / seconds)}/s), ${failed} not 3xx`,
    );
    if (failed > 0) throw new Error(`${failed} redirects failed`);
    await waitFor(
      async () =>
        Number((await api("GET", "/api/v1/analytics/account/overview")).body.analytics?.counts?.clicks),
      {
        until: (n) => n >= options.redirects,
        what: `${options.redirects} clicks counted`,
        timeoutMs: 300_000,
        intervalMs: 2_000,
      },
    );
    print("walk: every click counted");

    // Every analytics report of the REST API, as its OpenAPI document lists them.
    const document = (await (await fetch(`${kurz.url}/api/v1/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const params: Record<string, string> = { id: codes[0]!, campaignId: campaign.id, abTestId: abTest.id };
    const reports = Object.keys(document.paths)
      .filter((p) => p.startsWith("/api/v1/analytics/") && document.paths[p]!.get !== undefined)
      .map((p) => p.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name));
    for (const route of reports) await must("GET", route);
    print(`walk: ${reports.length} analytics reports answered`);

    await mcpSession(kurz.url, user.accessToken);
    print("walk: MCP session (initialize, tools/call listUrls) answered");
  } finally {
    await receiver.close();
  }
}

async function mcpSession(base: string, accessToken: string): Promise<void> {
  const keyResponse = await fetch(`${base}/api/v1/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Footprint agent",
      permissions: ["mcp", "shorturl:read", "analytics:read"],
    }),
  });
  const key = ((await keyResponse.json()) as { api_key?: { key?: string } }).api_key?.key;
  if (keyResponse.status !== 201 || key === undefined) throw new Error(`MCP key: ${keyResponse.status}`);
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "x-mcp-key": key,
  };
  const post = (body: unknown, sessionId?: string) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: sessionId ? { ...headers, "mcp-session-id": sessionId } : headers,
      body: JSON.stringify(body),
    });
  const init = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "footprint", version: "1" },
    },
  });
  const sessionId = init.headers.get("mcp-session-id");
  await init.text();
  if (init.status !== 200 || sessionId === null) throw new Error(`MCP initialize answered ${init.status}`);
  await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, sessionId)).text();
  const call = await post(
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "listUrls", arguments: {} } },
    sessionId,
  );
  const text = await call.text();
  if (call.status !== 200 || !text.includes('"result"') || text.includes('"isError":true')) {
    throw new Error(`MCP tools/call answered ${call.status}: ${text.slice(0, 300)}`);
  }
  await fetch(`${base}/mcp`, { method: "DELETE", headers: { ...headers, "mcp-session-id": sessionId } });
}
