import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  bundleArgs,
  freePort,
  localEdgeEnv,
  setPlanAsOperator,
  signInWithOAuth,
  waitFor,
} from "@kurz/testing";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonApi, REST_POLL_MS } from "./support/json-api";

const root = fileURLToPath(new URL("../", import.meta.url));
const LINKS = 12;
/** Short enough to wait out in a test: a killed process's claims lapse after this. */
const LEASE_MS = 6_000;

/** Kurz embedded as its own process (`make start`'s entry point), its output kept for failures. */
class KurzProcess {
  readonly output: string[] = [];
  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    let partial = "";
    const keep = (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      this.output.push(...lines);
      if (this.output.length > 2_000) this.output.splice(0, this.output.length - 2_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
  }

  static async start(env: Record<string, string>, edgeUrl: string): Promise<KurzProcess> {
    const child = spawn(process.execPath, bundleArgs("apps/embedded"), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const kurz = new KurzProcess(child);
    const exited = new AbortController();
    child.once("exit", (code, signal) => exited.abort(new Error(`Kurz exited (${code ?? signal})`)));
    try {
      await waitFor(
        // A probe that hangs is abandoned and tried again (a hang guard, not a speed assertion).
        async () => (await fetch(`${edgeUrl}/.kurz/health`, { signal: AbortSignal.timeout(10_000) })).status,
        {
          until: (status) => status === 200,
          what: "Kurz to become healthy",
          // Its own process starting every service: a minute and more on a loaded two-core machine.
          timeoutMs: 120_000,
          intervalMs: 300,
          signal: exited.signal,
        },
      );
      return kurz;
    } catch (error) {
      child.kill("SIGKILL");
      throw new Error(`${(error as Error).message}\n${kurz.output.slice(-40).join("\n")}`, { cause: error });
    }
  }

  /** The gRPC address a service logged when it started. */
  grpcAddressOf(service: string): string {
    for (const line of this.output) {
      if (!line.includes('"service.started"') || !line.includes(`"service":"${service}"`)) continue;
      return (JSON.parse(line) as { grpc: string }).grpc;
    }
    throw new Error(`${service} did not log its start`);
  }

  async kill(signal: "SIGKILL" | "SIGTERM"): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, "exit");
    this.child.kill(signal);
    await exited;
  }
}

/**
 * A receiver that holds every request open until told to answer (a receiver that hangs while
 * the dispatcher dies), then verifies each with standardwebhooks and answers 204.
 */
async function startHoldingReceiver() {
  let secret = "";
  let answering = false;
  const heldIds: string[] = [];
  const delivered = new Map<string, { type: string; data: Record<string, unknown> }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = String(request.headers["webhook-id"]);
      if (!answering) {
        heldIds.push(id);
        return; // never answered: the dispatcher is killed while it waits
      }
      try {
        const payload = new Webhook(secret).verify(
          Buffer.concat(chunks).toString("utf8"),
          request.headers as Record<string, string>,
        ) as { type: string; data: Record<string, unknown> };
        delivered.set(id, payload);
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end("bad signature");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/kurz`,
    heldIds,
    delivered,
    useSecret(value: string) {
      secret = value;
    },
    answer() {
      answering = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("webhook deliveries survive the dispatcher killed mid-delivery (embedded Kurz as a process)", () => {
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
  let kurz: KurzProcess | undefined;
  let env: Record<string, string>;
  let edgeUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-webhook-restart-"));
    receiver = await startHoldingReceiver();
    const port = await freePort();
    edgeUrl = `http://localhost:${port}`;
    env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...localEdgeEnv(port),
      KURZ_SERVICE_PORTS: "ephemeral",
      WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
      WEBHOOK_TIMEOUT_MS: "2000",
      WEBHOOK_CLAIM_LEASE_MS: String(LEASE_MS),
      PLAN_CACHE_TTL_MS: "200",
    };
    kurz = await KurzProcess.start(env, edgeUrl);
  });

  afterAll(async () => {
    await kurz?.kill("SIGTERM");
    await receiver?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses nothing: what was in flight or queued when it died arrives after the restart, once per webhook-id", async () => {
    const first = kurz!;
    const user = await signInWithOAuth(edgeUrl, "shorturl:create webhook:read webhook:write", {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: first.grpcAddressOf("auth-server"),
          email,
          plan: "business",
        }),
    });
    const api = jsonApi(edgeUrl, () => user.accessToken);
    const created = await api("POST", "/api/v1/webhooks", {
      url: receiver.url,
      event_types: ["link.created"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.useSecret(created.body.webhook.secret);
    const endpointId = created.body.webhook.id as string;
    const deliveries = async () =>
      (await api("GET", `/api/v1/webhooks/${endpointId}/deliveries?limit=100`)).body as {
        deliveries: Array<{ status: string }>;
        pagination: { total: number };
      };

    const codes: string[] = [];
    for (let i = 0; i < LINKS; i++) {
      const link = await api("POST", "/api/v1/urls", { url: `https://shop.example.com/item/${i}` });
      expect(link.status, JSON.stringify(link.body)).toBe(201);
      codes.push(link.body.url.id as string);
    }
    // Every event is in the dispatcher's outbox, and attempts are under way (held by the receiver).
    await waitFor(async () => (await deliveries()).pagination?.total, {
      until: (total) => total === LINKS,
      what: `every link's delivery (${LINKS}) to be queued`,
      intervalMs: REST_POLL_MS,
      timeoutMs: 60_000,
    });
    await waitFor(() => receiver.heldIds.length, {
      until: (n) => n > 0,
      what: "the receiver to hold an attempt",
    });

    await first.kill("SIGKILL");
    const inFlight = [...new Set(receiver.heldIds)];
    receiver.answer();
    kurz = await KurzProcess.start(env, edgeUrl);

    await waitFor(() => receiver.delivered.size, {
      until: (n) => n >= LINKS,
      what: `every delivery (${LINKS}) to arrive`,
      timeoutMs: 90_000,
    });
    const events = [...receiver.delivered.values()];
    expect(receiver.delivered.size).toBe(LINKS);
    expect(events.every((event) => event.type === "link.created")).toBe(true);
    expect(events.map((event) => event.data.short_code).sort()).toEqual([...codes].sort());
    // The attempts cut off by the kill were made again under the same webhook-id.
    for (const id of inFlight) expect(receiver.delivered.has(id), id).toBe(true);
    expect((await deliveries()).pagination.total).toBe(LINKS);
    await waitFor(async () => (await deliveries()).deliveries.map((d) => d.status), {
      until: (statuses) => statuses.every((status) => status === "succeeded"),
      what: "the outbox to record every delivery as succeeded",
      intervalMs: REST_POLL_MS,
    });
    // Long by design: Kurz started twice as a process, a claim lease waited out in between.
  }, 300_000);
});
