import { AppError } from "@kurz/errors";
import { callingService } from "./call-principal";
import type { GrpcCallContext } from "./grpc-service-implementation";

/**
 * For methods one service is meant to call (declared "service", which admits any service's token):
 * FORBIDDEN for every other caller, so a compromised or confused service cannot use them.
 */
export function requireCallingService(context: GrpcCallContext, service: string | readonly string[]): void {
  const allowed = typeof service === "string" ? [service] : service;
  if (!allowed.includes(callingService(context))) {
    throw new AppError("FORBIDDEN", { message: `Only ${allowed.join(" or ")} may call this method` });
  }
}
