import fastifyCookie from "@fastify/cookie";
import { createCallAuthenticator, createTokenVerifier, type TokenVerifier } from "@kurz/auth-verifier";
import { createGrpcServer, type GrpcServer, type GrpcServiceAccess } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import {
  cacheAccountQuotas,
  createHttpApp,
  createRestRateLimit,
  type HttpApp,
  honorIdempotencyKeys,
  limitRestRoutes,
  type ReadinessCheck,
} from "@kurz/service-runtime";
import type { AuthContext } from "./auth-context";
import { SERVICE_NAME } from "./config";
import { createAdminServiceImplementation } from "./grpc/admin-service";
import { createAuthServiceImplementation } from "./grpc/auth-service";
import { AUTH_SERVICE_ACCESS } from "./grpc/auth-service-access";
import { createWorkspaceServiceImplementation } from "./grpc/workspace-service";
import { WORKSPACE_SERVICE_ACCESS } from "./grpc/workspace-service-access";
import { OAUTH_PATHS } from "./oauth/server-metadata";
import { accountRequestsPerMinute } from "./plans/account-requests-per-minute";
import { registerAccountApiRoutes } from "./routes/account-api-routes";
import { registerAccountPageRoutes } from "./routes/account-page-routes";
import { registerAuditLogApiRoutes } from "./routes/audit-log-api-routes";
import { registerAuthPageRoutes } from "./routes/auth-page-routes";
import { registerAuthorizeRoutes } from "./routes/authorize-routes";
import { registerInternalTokenRoutes } from "./routes/internal-token-routes";
import { registerInvitationApiRoutes } from "./routes/invitation-api-routes";
import { registerInvitationPageRoutes } from "./routes/invitation-page-routes";
import { registerOAuthEndpointRoutes } from "./routes/oauth-endpoint-routes";
import { registerSsoApiRoutes } from "./routes/sso-api-routes";
import { registerSsoPageRoutes } from "./routes/sso-page-routes";
import { registerWorkspaceApiRoutes } from "./routes/workspace-api-routes";
import { roleOf } from "./workspaces/role-of";

export interface AppDependencies {
  ctx: AuthContext;
  readiness: ReadinessCheck[];
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
}

const FORM_BODY_LIMIT = 64 * 1024;

function trustProxySetting(value: string): boolean | string {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  return value;
}

/**
 * auth-server's own REST routes verify bearer tokens like every resource server, but against
 * its key store directly (no HTTP round trip to itself), its revocation list and memberships.
 */
function createLocalVerifier(ctx: AuthContext): TokenVerifier {
  return createTokenVerifier({
    jwksUrl: `${ctx.config.ISSUER}${OAUTH_PATHS.jwks}`,
    keySet: ctx.signingKeys.keySet,
    issuer: ctx.config.ISSUER,
    audience: ctx.config.API_AUDIENCE,
    isRevoked: (jti) => ctx.revocations.isRevoked(jti),
    roleOf: (userId, workspaceId) => roleOf(ctx, userId, workspaceId),
  });
}

/** Builds the HTTP and gRPC apps of auth-server; never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { ctx } = deps;
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: ctx.logger,
    readiness: deps.readiness,
    trustProxy: trustProxySetting(ctx.config.TRUST_PROXY),
  });
  const app = http.app;
  await app.register(fastifyCookie);
  // Forms and the OAuth endpoints: kept as URLSearchParams so repeated parameters stay visible.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  // The same per-plan limit as every service's REST API; its counters also hold the OAuth
  // endpoints' per-address and per-client windows.
  const rateLimit = createRestRateLimit({
    store: ctx.cache.cache,
    clock: ctx.clock,
    logger: ctx.logger,
    accountQuota: cacheAccountQuotas(accountRequestsPerMinute(ctx), {
      ttlMs: ctx.config.PLAN_CACHE_TTL_MS,
      clock: ctx.clock,
      logger: ctx.logger,
    }),
    defaultPerMinute: ctx.config.REST_REQUESTS_PER_MINUTE,
    perIpPerMinute: ctx.config.REST_REQUESTS_PER_MINUTE_PER_IP,
    dashboardPerMinute: ctx.config.DASHBOARD_REQUESTS_PER_MINUTE,
  });
  limitRestRoutes(app, rateLimit);
  honorIdempotencyKeys(app, { service: SERVICE_NAME, cache: ctx.cache, clock: ctx.clock });

  await registerOAuthEndpointRoutes(app, ctx, rateLimit);
  registerAuthorizeRoutes(app, ctx);
  registerAuthPageRoutes(app, ctx);
  registerAccountPageRoutes(app, ctx);
  registerInvitationPageRoutes(app, ctx);
  registerSsoPageRoutes(app, ctx);
  const verifier = createLocalVerifier(ctx);
  registerAccountApiRoutes(app, ctx, verifier);
  registerWorkspaceApiRoutes(app, ctx, verifier);
  registerInvitationApiRoutes(app, ctx, verifier);
  registerSsoApiRoutes(app, ctx, verifier);
  registerAuditLogApiRoutes(app, ctx, verifier);
  await registerInternalTokenRoutes(app, ctx);

  // Callers prove themselves with tokens auth-server signed, verified against its own key store
  // (no JWKS round trip to itself; its token endpoint is HTTP, so no chicken and egg): services
  // with their own tokens (AuthService), and calls acting for an account (WorkspaceService) — a
  // person's access token forwarded, checked like its REST routes check it (revocation, the
  // person's role in the token's workspace from this database), or an API key's internal token.
  const grpc = createGrpcServer({
    logger: ctx.logger,
    authenticate: createCallAuthenticator({
      service: SERVICE_NAME,
      issuer: ctx.config.ISSUER,
      apiAudience: ctx.config.API_AUDIENCE,
      keySet: ctx.signingKeys.keySet,
      isRevoked: (jti) => ctx.revocations.isRevoked(jti),
      roleOf: (userId, workspaceId) => roleOf(ctx, userId, workspaceId),
      clock: ctx.clock,
    }),
  });
  grpc.addService(authV1.AuthService, createAuthServiceImplementation(ctx), AUTH_SERVICE_ACCESS);
  grpc.addService(
    authV1.WorkspaceService,
    createWorkspaceServiceImplementation(ctx),
    WORKSPACE_SERVICE_ACCESS,
  );
  // Guarded by the admin secret in each handler, not by service tokens: the admin command is an
  // operator's process, not a service.
  grpc.addService(
    authV1.AdminService,
    createAdminServiceImplementation(ctx),
    Object.fromEntries(
      authV1.AdminService.methods.map((method) => [
        method.localName,
        { open: "the handler checks the admin secret" },
      ]),
    ) as GrpcServiceAccess<(typeof authV1.AdminService)["method"]>,
  );
  return { http, grpc };
}
