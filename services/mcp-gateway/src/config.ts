import { verifierConfigShape } from "@kurz/auth-verifier";
import { durationMs, listFromEnv, parseConfig } from "@kurz/config";
import { SERVICES } from "@kurz/routes";
import { commonConfigShape, grpcAddress, serviceAuthConfigShape } from "@kurz/service-runtime";
import { z } from "zod";

export const SERVICE_NAME = "mcp-gateway";

const schema = z.object({
  ...commonConfigShape(SERVICES["mcp-gateway"]),
  ...serviceAuthConfigShape,
  // PUBLIC_BASE_URL (the issuer), AUTH_SERVER_HTTP_URL (its JWKS), API_AUDIENCE: OAuth access
  // tokens accepted on /mcp, as every REST service accepts them.
  ...verifierConfigShape,
  /** gRPC address of auth-server. */
  AUTH_SERVER_GRPC_ADDR: grpcAddress("127.0.0.1:50051"),
  /** gRPC address of link-api. */
  LINK_API_GRPC_ADDR: grpcAddress("127.0.0.1:50052"),
  /** gRPC address of analytics-ingest. */
  ANALYTICS_INGEST_GRPC_ADDR: grpcAddress("127.0.0.1:50054"),
  /** gRPC address of abtest-engine. */
  ABTEST_ENGINE_GRPC_ADDR: grpcAddress("127.0.0.1:50055"),
  /** gRPC address of webhook-dispatcher. */
  WEBHOOK_DISPATCHER_GRPC_ADDR: grpcAddress("127.0.0.1:50057"),
  /** How long a verified API key is trusted before auth-server is asked again (a revoked key stops within it). */
  MCP_KEY_CACHE_MS: durationMs(5_000).pipe(z.number().max(10_000)),
  /** A Streamable HTTP session idle this long is closed. */
  MCP_SESSION_IDLE_MS: durationMs(30 * 60_000),
  /**
   * MCP sessions (Streamable HTTP and SSE) one account may hold open on a replica; one more closes
   * the account's least recently used.
   */
  MCP_MAX_SESSIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  /** MCP sessions a replica holds in all (≈ 36 KiB each); one more closes the least recently used. */
  MCP_MAX_SESSIONS: z.coerce.number().int().min(1).default(10_000),
  /** An open SSE stream (GET /mcp/sse) gets a comment line this often, so proxies keep it open. */
  MCP_SSE_KEEPALIVE_MS: durationMs(25_000).pipe(z.number().min(1_000)),
  /** More host names the MCP endpoints answer besides PUBLIC_BASE_URL's (DNS-rebinding guard). */
  MCP_ALLOWED_HOSTS: listFromEnv([]),
  /** Browser origins allowed to call the MCP endpoints besides Kurz's own (DNS-rebinding guard). */
  MCP_ALLOWED_ORIGINS: listFromEnv([]),
  /** Tools per tools/list page; 0 = every tool in one page. */
  MCP_TOOLS_PAGE_SIZE: z.coerce.number().int().min(0).default(0),
  /** How long an account's plan (its MCP rate limit, its scopes) is cached after GetAccount. */
  PLAN_CACHE_TTL_MS: durationMs(30_000),
  /**
   * Refused credentials (unknown key, bad token) one client address may present per minute on a
   * replica; past it the address is refused with 429 before any verification.
   */
  MCP_UNAUTHENTICATED_PER_MINUTE: z.coerce.number().int().min(1).default(60),
});

export type McpGatewayConfig = z.output<typeof schema>;

/** Parsed once at start-up; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): McpGatewayConfig {
  return parseConfig(SERVICE_NAME, schema, env);
}
