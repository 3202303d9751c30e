import { type ReadinessCheck, runReadinessChecks } from "@kurz/service-runtime";
import type { FastifyInstance } from "fastify";

/**
 * GET /mcp/health (docs/api/mcp.md#endpoints), through the edge and without a key: the gateway's
 * dependency checks (cache, auth-server, the services the tools call), each bounded in time. 200
 * with `status: "ok"` when every critical check passes, else 503 with `status: "degraded"`; each
 * check with its latency (and error), never internals beyond a dependency's name.
 */
export function registerMcpHealthRoute(app: FastifyInstance, readiness: readonly ReadinessCheck[]): void {
  app.get("/mcp/health", async (_request, reply) => {
    const result = await runReadinessChecks(readiness, 2_000);
    const checks = Object.fromEntries(
      Object.entries(result.checks).map(([name, check]) => [
        name,
        { ok: check.ok, critical: check.critical, ms: check.ms },
      ]),
    );
    return reply.code(result.ready ? 200 : 503).send({ status: result.ready ? "ok" : "degraded", checks });
  });
}
