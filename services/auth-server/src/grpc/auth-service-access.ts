import type { GrpcServiceAccess } from "@kurz/grpc";
import type { authV1 } from "@kurz/proto";

/**
 * Who may call AuthService: services only, each with its own service token (audience
 * auth-server). No method acts for an account: the request names the account or key, and the
 * answer is for the calling service, never for an end user.
 */
export const AUTH_SERVICE_ACCESS: GrpcServiceAccess<(typeof authV1.AuthService)["method"]> = {
  verifyApiKey: "service",
  getAccount: "service",
  getMembership: "service",
  isTokenRevoked: "service",
  listRevokedTokens: "service",
};
