import { issuerOf, type TokenVerifier } from "@kurz/auth-verifier";
import { type CacheStore, createCache } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import { createGrpcServer, type GrpcClient, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";
import { createHttpApp, createRateWindows, type HttpApp, type ReadinessCheck } from "@kurz/service-runtime";
import { createMcpAuthorizer } from "./auth/authorize-mcp-request";
import { createBearerVerifier } from "./auth/create-bearer-verifier";
import { createKeyVerifier } from "./auth/create-key-verifier";
import { cacheMcpPlans, mcpPlanOf } from "./auth/mcp-plan";
import type { McpPrincipal } from "./auth/mcp-principal";
import { planLimitsOf } from "./auth/plan-limits-of";
import { createUnauthenticatedLimit } from "./auth/unauthenticated-limit";
import { type McpGatewayConfig, SERVICE_NAME } from "./config";
import { registerAuthChallenge } from "./mcp/auth-challenge";
import { createModernServer } from "./mcp/create-modern-server";
import { createProtocolServer } from "./mcp/create-protocol-server";
import type { DirectHandlers } from "./mcp/direct-handlers";
import { registerDnsRebindingGuard } from "./mcp/dns-rebinding-guard";
import { McpSessions } from "./mcp/mcp-sessions";
import { createModernMcp } from "./mcp/modern-mcp-handler";
import { createMcpRateLimit } from "./mcp/rate-limit-mcp";
import { createToolCallMetrics } from "./mcp/tool-call-metrics";
import { ALL_PROMPTS } from "./prompts/all-prompts";
import { ALL_RESOURCES } from "./resources/all-resources";
import { registerMcpHealthRoute } from "./routes/mcp-health-route";
import { registerMcpListingRoutes } from "./routes/mcp-listing-routes";
import { registerMcpRoutes } from "./routes/mcp-routes";
import { registerMcpSseRoutes } from "./routes/mcp-sse-routes";
import { PROTECTED_RESOURCE_PATH, registerProtectedResourceRoute } from "./routes/protected-resource-route";
import { ALL_TOOLS } from "./tools/all-tools";
import { clientsActingFor } from "./tools/clients-acting-for";
import type { ToolClients } from "./tools/tool-clients";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
  config: Pick<
    McpGatewayConfig,
    | "MCP_KEY_CACHE_MS"
    | "MCP_SESSION_IDLE_MS"
    | "MCP_MAX_SESSIONS_PER_ACCOUNT"
    | "MCP_MAX_SESSIONS"
    | "MCP_SSE_KEEPALIVE_MS"
    | "MCP_TOOLS_PAGE_SIZE"
    | "PLAN_CACHE_TTL_MS"
    | "MCP_UNAUTHENTICATED_PER_MINUTE"
    | "PUBLIC_BASE_URL"
    | "TRUST_PROXY"
    | "MCP_ALLOWED_HOSTS"
    | "MCP_ALLOWED_ORIGINS"
  >;
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "verifyApiKey" | "getAccount">;
  clients: ToolClients;
  /** Verifies OAuth access tokens (MCP authorization for clients without an API key). */
  tokens: TokenVerifier;
  store: CacheStore;
  clock: Clock;
}

export interface App {
  http: HttpApp;
  grpc: GrpcServer;
  sessions: McpSessions;
}

/** Builds the HTTP and gRPC apps of mcp-gateway; never listens (tests drive it directly). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const http = createHttpApp({
    service: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    // The edge (locally) or the ingress states the host the client asked for (X-Forwarded-Host).
    trustProxy: deps.config.TRUST_PROXY,
  });
  registerDnsRebindingGuard(http.app, {
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
    extraHosts: deps.config.MCP_ALLOWED_HOSTS,
    extraOrigins: deps.config.MCP_ALLOWED_ORIGINS,
  });
  const grpc = createGrpcServer({ logger: deps.logger });
  const sessions = new McpSessions({
    idleMs: deps.config.MCP_SESSION_IDLE_MS,
    maxPerAccount: deps.config.MCP_MAX_SESSIONS_PER_ACCOUNT,
    maxTotal: deps.config.MCP_MAX_SESSIONS,
    clock: deps.clock,
    onEvicted: (_id, session, reason) => {
      if (reason === "idle") return;
      deps.logger.info(
        { event: "mcp.session_evicted", reason, accountId: session.accountId, transport: session.kind },
        "closed the least recently used MCP session to stay within the session limit",
      );
    },
  });
  const authorize = createMcpAuthorizer({
    verifyBearer: createBearerVerifier({ tokens: deps.tokens }),
    verifyKey: createKeyVerifier({
      authServer: deps.authServer,
      clock: deps.clock,
      ttlMs: deps.config.MCP_KEY_CACHE_MS,
    }),
    planOf: cacheMcpPlans(mcpPlanOf(deps.authServer), {
      ttlMs: deps.config.PLAN_CACHE_TTL_MS,
      clock: deps.clock,
      logger: deps.logger,
    }),
    rateLimit: createMcpRateLimit({ windows: createRateWindows({ store: deps.store, clock: deps.clock }) }),
    // This replica's memory: checked before every verification, it must cost no round trip.
    unauthenticated: createUnauthenticatedLimit({
      windows: createRateWindows({ store: createCache({ clock: deps.clock }).cache, clock: deps.clock }),
      perMinute: deps.config.MCP_UNAUTHENTICATED_PER_MINUTE,
    }),
  });
  const planOf = planLimitsOf(deps.authServer);
  const metrics = createToolCallMetrics();
  const serverOptions = (principal: McpPrincipal) => ({
    tools: ALL_TOOLS,
    resources: ALL_RESOURCES,
    prompts: ALL_PROMPTS,
    clients: clientsActingFor(deps.clients, principal.actor),
    principal,
    planOf,
    metrics,
    pageSize: deps.config.MCP_TOOLS_PAGE_SIZE,
  });
  const newServer = (principal: McpPrincipal, direct?: DirectHandlers) =>
    createProtocolServer(serverOptions(principal), direct, serverOptions);
  const modern = createModernMcp((principal) => createModernServer(serverOptions(principal)));
  registerMcpRoutes(http.app, { authorize, newServer, sessions, modern });
  registerMcpListingRoutes(http.app, {
    authorize,
    clients: deps.clients,
    planOf,
    tools: ALL_TOOLS,
    resources: ALL_RESOURCES,
    prompts: ALL_PROMPTS,
  });
  registerMcpSseRoutes(http.app, {
    authorize,
    newServer,
    sessions,
    keepAliveMs: deps.config.MCP_SSE_KEEPALIVE_MS,
  });
  registerMcpHealthRoute(http.app, deps.readiness);
  const issuer = issuerOf(deps.config.PUBLIC_BASE_URL);
  registerProtectedResourceRoute(http.app, { issuer });
  registerAuthChallenge(http.app, { resourceMetadataUrl: `${issuer}${PROTECTED_RESOURCE_PATH}` });
  return { http, grpc, sessions };
}
