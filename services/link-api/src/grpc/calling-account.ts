import { AppError } from "@kurz/errors";
import type { GrpcCallContext } from "@kurz/grpc";

/** The account an account-scoped RPC acts for (`x-kurz-account-id`); refused without one. */
export function callingAccount(context: GrpcCallContext): string {
  if (!context.accountId) {
    throw new AppError("AUTHENTICATION_REQUIRED", { message: "x-kurz-account-id metadata is required" });
  }
  return context.accountId;
}
