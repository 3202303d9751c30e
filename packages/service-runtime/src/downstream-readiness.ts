import { createGrpcClient } from "@kurz/grpc";
import { healthV1 } from "@kurz/proto";
import type { Lifecycle } from "./lifecycle";
import type { ReadinessCheck } from "./readiness";

/**
 * Readiness entry for another service this one calls over gRPC: a grpc.health.v1 Check through
 * the same adapter every service call uses. Non-critical: a caller keeps serving what it can
 * while a downstream service restarts, so its own readiness does not flap with it.
 */
export function downstreamReadiness(service: string, address: string, lifecycle: Lifecycle): ReadinessCheck {
  const client = createGrpcClient(healthV1.Health, address, { deadlineMs: 1500 });
  lifecycle.add("clients", `grpc:${service}`, async () => client.close());
  return {
    name: `grpc:${service}`,
    critical: false,
    check: async () => {
      const { status } = await client.check({ service: "" });
      if (status !== healthV1.HealthCheckResponse_ServingStatus.SERVING) {
        throw new Error(`${service} reports ${healthV1.HealthCheckResponse_ServingStatus[status]}`);
      }
    },
  };
}
