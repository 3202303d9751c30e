import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVICE_NAMES } from "@kurz/routes";
import {
  checkGrpcHealth,
  isolatedRedisEnv,
  kafkaBackend,
  postgresBackend,
  probeServiceCall,
  redisBackend,
  requestServiceToken,
} from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningCluster, startDistributed } from "../src";

const [postgres, redis, kafka] = await Promise.all([postgresBackend(), redisBackend(), kafkaBackend()]);
const available = postgres.available && redis.available && kafka.available;
/** The forged-call check plays the MCP gateway's part, so it fixes that service's secret. */
const GATEWAY_SECRET = "distributed-test-secret-of-mcp-gateway";

interface Readiness {
  status: string;
  checks: Record<string, { ok: boolean; critical: boolean; error?: string }>;
}

describe.skipIf(!available)("distributed mode: every service its own process on real backends", () => {
  let cluster: RunningCluster;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    if (!postgres.available || !redis.available) throw new Error("unreachable");
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-distributed-"));
    cluster = await startDistributed({
      env: {
        ...process.env,
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        KURZ_POSTGRES_ADMIN_URL: postgres.value.adminUrl,
        ...isolatedRedisEnv(redis.value.url),
        MCP_GATEWAY_CLIENT_SECRET: GATEWAY_SECRET,
      },
      ports: "ephemeral",
      output: (line) => lines.push(line),
    });
  });

  afterAll(async () => {
    if (cluster) await cluster.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs every service as its own process", () => {
    const pids = SERVICE_NAMES.map((s) => cluster.services[s].process.child.pid);
    expect(new Set(pids).size).toBe(SERVICE_NAMES.length);
    expect(SERVICE_NAMES).toContain("dashboard");
    expect(pids.every((pid) => typeof pid === "number" && pid !== process.pid)).toBe(true);
  });

  it("shows every service ready through the edge, each on its real backends", async () => {
    const response = await fetch(`${cluster.url}/.kurz/health`);
    expect(response.status, lines.slice(-30).join("\n")).toBe(200);
    const link = (await (await fetch(`${cluster.url}/.kurz/health/link-api`)).json()) as Readiness;
    expect(Object.keys(link.checks)).toEqual(
      expect.arrayContaining(["database:postgres", "cache:redis", "events:kafka"]),
    );
    const analytics = (await (
      await fetch(`${cluster.url}/.kurz/health/analytics-ingest`)
    ).json()) as Readiness;
    expect(Object.keys(analytics.checks)).toEqual(
      expect.arrayContaining(["clickstore:chdb", "events:kafka"]),
    );
  });

  it("makes a gRPC call from one service to another through the adapter", async () => {
    // The redirector's readiness asks link-api over gRPC (grpc.health.v1 via @kurz/grpc);
    // the MCP gateway asks all five services it calls.
    const redirector = (await (await fetch(`${cluster.url}/.kurz/health/redirector`)).json()) as Readiness;
    expect(redirector.checks["grpc:link-api"]).toMatchObject({ ok: true });
    const gateway = (await (await fetch(`${cluster.url}/.kurz/health/mcp-gateway`)).json()) as Readiness;
    for (const downstream of [
      "auth-server",
      "link-api",
      "analytics-ingest",
      "abtest-engine",
      "webhook-dispatcher",
    ]) {
      expect(gateway.checks[`grpc:${downstream}`], downstream).toMatchObject({ ok: true });
    }
  });

  it("serves grpc.health.v1 from every process", async () => {
    for (const service of SERVICE_NAMES) {
      expect(await checkGrpcHealth(cluster.services[service].grpcAddress), service).toBe("SERVING");
    }
  });

  it("refuses gRPC calls that claim an account or carry another service's token; admits real service tokens", async () => {
    const linkApi = cluster.services["link-api"].grpcAddress;
    const forged = { "x-kurz-account-id": "00000000-0000-4000-8000-000000000001" };
    expect(await probeServiceCall(linkApi, "listLinks", forged)).toBe("AUTHENTICATION_REQUIRED");
    expect(await probeServiceCall(cluster.services["auth-server"].grpcAddress, "getAccount", forged)).toBe(
      "AUTHENTICATION_REQUIRED",
    );

    const token = (audience: string) =>
      requestServiceToken(cluster.services["auth-server"].httpUrl, "mcp-gateway", GATEWAY_SECRET, audience);
    const bearer = async (audience: string) => ({ authorization: `Bearer ${await token(audience)}` });
    expect(await probeServiceCall(linkApi, "resolve", await bearer("analytics-ingest"))).toBe("FORBIDDEN");
    expect(await probeServiceCall(linkApi, "resolve", await bearer("link-api"))).toBe("OK");

    // The redirector process resolves with its own token: an unknown code is a 404, not an error.
    const response = await fetch(`${cluster.url}/no-such-code`, { redirect: "manual" });
    await response.body?.cancel();
    expect(response.status, lines.slice(-30).join("\n")).toBe(404);
  });

  it("reports a stopped downstream service in the caller's readiness without failing it", async () => {
    await cluster.services["abtest-engine"].process.stop();
    const gateway = (await (await fetch(`${cluster.url}/.kurz/health/mcp-gateway`)).json()) as Readiness;
    expect(gateway.checks["grpc:abtest-engine"]).toMatchObject({ ok: false, critical: false });
    expect(gateway.status).toBe("ready");
  });

  it("stops every process cleanly on SIGTERM", async () => {
    await cluster.stop();
    for (const [name, code] of Object.entries(cluster.exitCodes)) expect(code, name).toBe(0);
  });
});
