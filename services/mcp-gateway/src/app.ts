import type { CacheStore } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import { createGrpcServer, type GrpcClient, type GrpcServer } from "@kurz/grpc";
import type { Logger } from "@kurz/logger";
import type { authV1 } from "@kurz/proto";
import {
  cacheAccountQuotas,
  createHttpApp,
  createRateWindows,
  type HttpApp,
  type ReadinessCheck,
} from "@kurz/service-runtime";
import { createMcpAuthorizer } from "./auth/authorize-mcp-request";
import { createKeyVerifier } from "./auth/create-key-verifier";
import type { McpPrincipal } from "./auth/mcp-principal";
import { mcpRequestsPerMinute } from "./auth/mcp-requests-per-minute";
import { type McpGatewayConfig, SERVICE_NAME } from "./config";
import { createProtocolServer } from "./mcp/create-protocol-server";
import { McpSessions } from "./mcp/mcp-sessions";
import { createMcpRateLimit } from "./mcp/rate-limit-mcp";
import { registerMcpHealthRoute } from "./routes/mcp-health-route";
import { registerMcpRoutes } from "./routes/mcp-routes";
import { registerMcpSseRoutes } from "./routes/mcp-sse-routes";
import { ALL_TOOLS } from "./tools/all-tools";
import type { ToolClients } from "./tools/tool-clients";

export interface AppDependencies {
  logger: Logger;
  readiness: ReadinessCheck[];
  config: Pick<
    McpGatewayConfig,
    | "MCP_KEY_CACHE_MS"
    | "MCP_SESSION_IDLE_MS"
    | "MCP_SSE_KEEPALIVE_MS"
    | "MCP_TOOLS_PAGE_SIZE"
    | "PLAN_CACHE_TTL_MS"
  >;
  authServer: Pick<GrpcClient<typeof authV1.AuthService.method>, "verifyApiKey" | "getAccount">;
  clients: ToolClients;
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
  const http = createHttpApp({ service: SERVICE_NAME, logger: deps.logger, readiness: deps.readiness });
  const grpc = createGrpcServer({ logger: deps.logger });
  const sessions = new McpSessions(deps.config.MCP_SESSION_IDLE_MS, () => deps.clock.now().getTime());
  const authorize = createMcpAuthorizer({
    verifyKey: createKeyVerifier({
      authServer: deps.authServer,
      clock: deps.clock,
      ttlMs: deps.config.MCP_KEY_CACHE_MS,
    }),
    rateLimit: createMcpRateLimit({
      windows: createRateWindows({ store: deps.store, clock: deps.clock }),
      quotaOf: cacheAccountQuotas(mcpRequestsPerMinute(deps.authServer), {
        ttlMs: deps.config.PLAN_CACHE_TTL_MS,
        clock: deps.clock,
        logger: deps.logger,
      }),
    }),
  });
  const newServer = (principal: McpPrincipal) =>
    createProtocolServer({
      tools: ALL_TOOLS,
      clients: deps.clients,
      principal,
      pageSize: deps.config.MCP_TOOLS_PAGE_SIZE,
    });
  registerMcpRoutes(http.app, { tools: ALL_TOOLS, authorize, newServer, sessions });
  registerMcpSseRoutes(http.app, {
    authorize,
    newServer,
    sessions,
    keepAliveMs: deps.config.MCP_SSE_KEEPALIVE_MS,
  });
  registerMcpHealthRoute(http.app, deps.readiness);
  return { http, grpc, sessions };
}
