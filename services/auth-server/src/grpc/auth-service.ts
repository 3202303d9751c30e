import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import type { GrpcServiceImplementation } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";
import { toProtoAccount } from "../accounts/to-proto-account";
import { verifyApiKey } from "../api-keys/verify-api-key";
import type { AuthContext } from "../auth-context";
import { getWorkspaceAccountOrThrow } from "../workspaces/find-workspace-account";
import { roleOf } from "../workspaces/role-of";

type AuthServiceMethods = (typeof authV1.AuthService)["method"];

/** gRPC AuthService: thin mapping between proto and the operations. */
export function createAuthServiceImplementation(
  ctx: AuthContext,
): GrpcServiceImplementation<AuthServiceMethods> {
  return {
    async verifyApiKey(request) {
      if (!request.apiKey) throw new AppError("AUTHENTICATION_REQUIRED", { message: "API key missing" });
      const { account, key } = await verifyApiKey(ctx, request.apiKey);
      return { account: toProtoAccount(account), keyId: key.id, permissions: key.permissions };
    },

    async getAccount(request) {
      if (!request.accountId) throw new AppError("VALIDATION_ERROR", { message: "account_id is required" });
      return { account: toProtoAccount(await getWorkspaceAccountOrThrow(ctx, request.accountId)) };
    },

    async getMembership(request) {
      if (!request.userId || !request.workspaceId) {
        throw new AppError("VALIDATION_ERROR", { message: "user_id and workspace_id are required" });
      }
      return { role: (await roleOf(ctx, request.userId, request.workspaceId)) ?? "" };
    },

    async isTokenRevoked(request) {
      if (!request.jti) throw new AppError("VALIDATION_ERROR", { message: "jti is required" });
      return { revoked: await ctx.revocations.isRevoked(request.jti) };
    },

    async listRevokedTokens() {
      const tokens = await ctx.revocations.list();
      return { tokens: tokens.map((t) => ({ jti: t.jti, expiresAt: timestampFromDate(t.expiresAt) })) };
    },
  };
}
