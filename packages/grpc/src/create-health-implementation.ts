import { AppError } from "@kurz/errors";
import type { healthV1 } from "@kurz/proto";
import type { GrpcServiceImplementation } from "./grpc-service-implementation";
import type { HealthStatusRegistry } from "./health-status-registry";

type HealthMethods = (typeof healthV1.Health)["method"];

/**
 * grpc.health.v1.Health served from a registry, with the semantics of
 * https://github.com/grpc/grpc/blob/master/doc/health-checking.md: Check fails NOT_FOUND for an
 * unknown service, Watch reports SERVICE_UNKNOWN and keeps the stream open until it becomes known.
 */
export function createHealthImplementation(
  registry: HealthStatusRegistry,
): GrpcServiceImplementation<HealthMethods> {
  return {
    check(request) {
      const status = registry.getStatus(request.service);
      if (status === undefined) {
        throw new AppError("NOT_FOUND", { message: `unknown service: ${request.service}` });
      }
      return { status };
    },
    async *watch(request, context) {
      for await (const status of registry.watch(request.service, context.signal)) yield { status };
    },
    list() {
      const statuses: Record<string, healthV1.HealthCheckResponse> = {};
      for (const [service, status] of registry.snapshot()) {
        statuses[service] = { $typeName: "grpc.health.v1.HealthCheckResponse", status };
      }
      return { statuses };
    },
  };
}
