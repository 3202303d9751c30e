/**
 * What the MCP gateway costs, measured in one run on this machine:
 *
 * 1. `tools/call getUrl` through the gateway (the SDK's client over Streamable HTTP, one session
 *    per loop, to the gateway's own port) against the same `LinkService.GetLink` made directly
 *    over gRPC with the same credential (the API key, exchanged at auth-server, as the gateway
 *    does): p50/p99 of each, their ratio and the milliseconds the gateway adds (target: ≤ 2 ms at
 *    p50 with 16 concurrent sessions).
 * 2. The memory of idle SSE sessions (`GET /mcp/sse`): heap and RSS growth per session. Client
 *    and server share this process, so the figure is an upper bound for the server side.
 *
 *   pnpm --filter @kurz/mcp-bench bench      (make bench-mcp)
 *
 * BENCH_SESSIONS (default 16) concurrent sessions, BENCH_CALLS (default 50) calls per session,
 * BENCH_SSE_SESSIONS (default 1000) idle streams. The accounts are on the Enterprise plan, whose
 * 1,200 MCP requests a minute bound how many calls one run can make.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbedded } from "@kurz/embedded";
import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { createServiceTokensFromConfig } from "@kurz/service-runtime";
import { createMcpKey, freePort, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallStats, measureCalls } from "./measure-calls";
import { openIdleSseSessions } from "./open-idle-sse-sessions";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 16);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const SSE_SESSIONS = Number(process.env.BENCH_SSE_SESSIONS ?? 1000);
const WARM_UP_CALLS = 3;

function line(label: string, stats: CallStats): string {
  const errors = stats.errors > 0 ? `  (${stats.errors} errors)` : "";
  return `${label.padEnd(48)} ${String(stats.calls).padStart(5)} calls  p50 ${stats.p50Ms.toFixed(2).padStart(6)} ms  p99 ${stats.p99Ms.toFixed(2).padStart(6)} ms  ${stats.perSecond.toFixed(0).padStart(5)}/s${errors}`;
}

const print = (text: string) => process.stdout.write(`${text}\n`);

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-mcp-bench-"));
  const port = await freePort();
  const edgeUrl = `http://localhost:${port}`;
  const gatewaySecret = randomBytes(32).toString("base64url");
  const kurz = await startEmbedded({
    ports: "ephemeral",
    env: {
      ...process.env,
      LOG_LEVEL: "fatal",
      DATA_DIR: dataDir,
      EDGE_PORT: String(port),
      PUBLIC_BASE_URL: edgeUrl,
      SHORT_HOST: `localhost:${port}`,
      // The bench acts as the gateway on the direct path: the same service credential.
      MCP_GATEWAY_CLIENT_SECRET: gatewaySecret,
    },
  });
  const logger = createLogger({ service: "mcp-bench", level: "fatal" });
  try {
    const enterprise = (email: string) =>
      setPlanAsOperator({
        dataDir,
        authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
        email,
        plan: "enterprise",
      });
    const user = await signInWithOAuth(edgeUrl, "shorturl:read shorturl:create account:write", {
      afterSignUp: enterprise,
    });
    const key = await createMcpKey(edgeUrl, user.accessToken, ["mcp", "shorturl:read", "shorturl:create"]);
    const created = await fetch(`${edgeUrl}/api/v1/urls`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/bench", customAlias: "mcp-bench" }),
    });
    if (created.status !== 201) throw new Error(`creating the link answered ${created.status}`);

    const tokens = createServiceTokensFromConfig(
      { AUTH_SERVER_HTTP_URL: kurz.services["auth-server"].httpUrl, SERVICE_CLIENT_SECRET: gatewaySecret },
      "mcp-gateway",
    );
    const links = createGrpcClient(linksV1.LinkService, kurz.services["link-api"].grpcAddress, {
      logger,
      auth: { audience: "link-api", tokens },
    });
    const direct = () => links.getLink({ shortCode: "mcp-bench" }, { actor: { apiKey: key } });

    const gatewayUrl = kurz.services["mcp-gateway"].httpUrl;
    const clients = await Promise.all(
      Array.from({ length: SESSIONS }, async () => {
        const client = new Client({ name: "mcp-bench", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${gatewayUrl}/mcp`), {
            requestInit: { headers: { "x-mcp-key": key } },
          }),
        );
        return client;
      }),
    );
    const throughGateway = async (client: Client) => {
      const result = await client.callTool({ name: "getUrl", arguments: { shortCode: "mcp-bench" } });
      if (result.isError) throw new Error(JSON.stringify(result.content));
    };
    const loops = Array.from({ length: SESSIONS }, (_, i) => i);

    await measureCalls(loops, WARM_UP_CALLS, direct);
    await measureCalls(clients, WARM_UP_CALLS, throughGateway);
    // One session alone: the latency the gateway adds to a call; then all of them at once.
    const directAlone = await measureCalls([0], CALLS, direct);
    const gatewayAlone = await measureCalls(clients.slice(0, 1), CALLS, throughGateway);
    const directStats = await measureCalls(loops, CALLS, direct);
    const gatewayStats = await measureCalls(clients, CALLS, throughGateway);
    await Promise.all(clients.map((client) => client.close()));
    links.close();

    const compare = (gateway: CallStats, baseline: CallStats) =>
      `gateway / direct: p50 ${(gateway.p50Ms / baseline.p50Ms).toFixed(2)}×, p99 ${(gateway.p99Ms / baseline.p99Ms).toFixed(2)}×, rate ${(gateway.perSecond / baseline.perSecond).toFixed(2)}×; the gateway adds ${(gateway.p50Ms - baseline.p50Ms).toFixed(2)} ms at p50`;
    print(`MCP gateway overhead (${new Date().toISOString()}); the calls' client runs in this process too`);
    print(line("1 session: LinkService.GetLink, direct gRPC", directAlone));
    print(line("1 session: tools/call getUrl, gateway", gatewayAlone));
    print(compare(gatewayAlone, directAlone));
    print(line(`${SESSIONS} sessions: LinkService.GetLink, direct gRPC`, directStats));
    print(line(`${SESSIONS} sessions: tools/call getUrl, gateway`, gatewayStats));
    print(`${compare(gatewayStats, directStats)} (target ≤ 2 ms)`);

    // Idle SSE sessions, from another Enterprise account (the first one's minute is spent).
    const idler = await signInWithOAuth(edgeUrl, "shorturl:read account:write", { afterSignUp: enterprise });
    const idleKey = await createMcpKey(edgeUrl, idler.accessToken, ["mcp", "shorturl:read"]);
    collectGarbage();
    const before = process.memoryUsage();
    const closeAll = await openIdleSseSessions(gatewayUrl, idleKey, SSE_SESSIONS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    collectGarbage();
    const after = process.memoryUsage();
    print(
      `${SSE_SESSIONS} idle SSE sessions: heap +${mib(after.heapUsed - before.heapUsed)} (${((after.heapUsed - before.heapUsed) / SSE_SESSIONS / 1024).toFixed(1)} KiB each), RSS +${mib(after.rss - before.rss)} (client and server in one process: an upper bound)`,
    );
    closeAll();
  } finally {
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
