import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import type { GrpcCallContext, GrpcServiceImplementation } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import { createDatabaseAdminOperations } from "../admin/admin-operations";
import { ADMIN_SECRET_METADATA_KEY, adminSecretMatches } from "../admin/admin-secret";
import type { AuthContext } from "../auth-context";

type AdminServiceMethods = (typeof authV1.AdminService)["method"];

/** Refuses a call without the admin secret (UNAUTHENTICATED); the secret is compared in constant time. */
function requireAdmin(ctx: AuthContext, context: GrpcCallContext): void {
  const presented = context.metadata.get(ADMIN_SECRET_METADATA_KEY)[0];
  if (!adminSecretMatches(ctx.adminSecret, typeof presented === "string" ? presented : undefined)) {
    ctx.logger.warn({ event: "admin.call_refused", method: context.method, peer: context.peer });
    throw new AppError("AUTHENTICATION_REQUIRED", {
      message: ctx.adminSecret
        ? "The admin secret is missing or wrong"
        : "Admin calls are disabled: ADMIN_SECRET is not set",
    });
  }
}

/**
 * gRPC AdminService: the admin command's operations on the running server, which then sees their
 * effect at once (same database handle, outbox published now).
 */
export function createAdminServiceImplementation(
  ctx: AuthContext,
): GrpcServiceImplementation<AdminServiceMethods> {
  const operations = createDatabaseAdminOperations({
    db: ctx.db,
    clock: ctx.clock,
    rotateSigningKey: (immediately) => ctx.signingKeys.rotate({ immediately }),
    changed: () => ctx.wakeOutbox(),
  });
  return {
    async setAccountPlan(request, context) {
      requireAdmin(ctx, context);
      const change = await operations.setPlan(request.email, request.planId);
      ctx.logger.info({ event: "admin.plan_set", accountId: change.accountId, plan: change.plan });
      return change;
    },

    async findAccountByEmail(request, context) {
      requireAdmin(ctx, context);
      const account = await operations.findAccount(request.email);
      if (!account) throw new AppError("NOT_FOUND", { message: `No account with email ${request.email}` });
      return { ...account, createdAt: timestampFromDate(account.createdAt) };
    },

    async rotateSigningKey(request, context) {
      requireAdmin(ctx, context);
      const result = await operations.rotateSigningKey(request.immediately);
      ctx.logger.info({ event: "admin.signing_key_rotated", kid: result.kid });
      return { kid: result.kid, activatesAt: timestampFromDate(result.activatesAt) };
    },
  };
}
