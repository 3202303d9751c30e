import type { ServiceName } from "./services";

const MiB = 1024 * 1024;

/**
 * The largest link-import upload (POST /api/v1/imports): link-api's IMPORT_MAX_BYTES default
 * (50 MiB of file) plus 1 MiB for the multipart framing and option fields before the file part,
 * as link-api's own multipart bodyLimit allows. The edge and the dashboard's relay refuse more
 * with 413. A deployment raising IMPORT_MAX_BYTES above 50 MiB raises this too (and the
 * ingress's body size: tools/helm/README.md).
 */
export const IMPORT_UPLOAD_MAX_BYTES = 51 * MiB;

/**
 * Bodies allowed above this are streamed to the service as they arrive (counted, cut off with 413
 * past the limit) rather than held whole first: a proxy must not hold 50 MB per upload. At or
 * below it, the edge and the relay hold the body (cheaper for the small JSON bodies of the API).
 */
export const STREAMED_BODY_ABOVE_BYTES = 1 * MiB;

/**
 * THE route table: which service answers which public path. The local edge proxy routes by it,
 * and the Helm chart renders the same table into Ingress / Gateway API routes. Add a path here
 * and both follow.
 *
 * Matching: the longest matching prefix wins. A prefix ending in "/" matches paths below it; a
 * prefix without a trailing slash matches that exact path and paths below it ("/mcp" matches
 * "/mcp" and "/mcp/tools" but not "/mcpx"). Everything unmatched goes to the redirector, since
 * any other single-segment path may be a short code.
 */
export interface Route {
  prefix: string;
  service: ServiceName;
  /**
   * Whether every route the service serves under this prefix belongs in the one OpenAPI document
   * (/api/v1/docs). tools/openapi's test fails when such a route is missing from it. False for
   * what is described elsewhere: server-rendered pages, the docs themselves, the MCP protocol.
   */
  openapi: boolean;
  /**
   * The largest request body of this route, when it differs from its service's
   * (SERVICES[service].maxBodyBytes): THE place that says how large an upload may be. The edge and
   * the dashboard's relay read it (requestBodyLimit); a limit above STREAMED_BODY_ABOVE_BYTES is
   * streamed through them.
   */
  maxBodyBytes?: number;
}

export const ROUTE_TABLE: readonly Route[] = [
  // OAuth 2.0 authorization server (RFC 8414 discovery, JWKS, the /mcp/oauth endpoints).
  { prefix: "/.well-known/oauth-authorization-server", service: "auth-server", openapi: true },
  { prefix: "/.well-known/jwks.json", service: "auth-server", openapi: true },
  { prefix: "/mcp/oauth", service: "auth-server", openapi: true },
  // Server-rendered account pages: log-in, sign-up, consent, API keys.
  { prefix: "/auth", service: "auth-server", openapi: false },
  { prefix: "/account", service: "auth-server", openapi: false },
  { prefix: "/api/v1/account", service: "auth-server", openapi: true },
  { prefix: "/api/v1/api-keys", service: "auth-server", openapi: true },
  // Workspaces and their members.
  { prefix: "/api/v1/workspaces", service: "auth-server", openapi: true },
  { prefix: "/api/v1/audit-log", service: "auth-server", openapi: true },
  // Links, QR codes, campaigns, domains, imports.
  { prefix: "/api/v1/urls", service: "link-api", openapi: true },
  { prefix: "/api/v1/short-urls", service: "link-api", openapi: true },
  { prefix: "/api/v1/qr", service: "link-api", openapi: true },
  { prefix: "/api/v1/qr-codes", service: "link-api", openapi: true },
  { prefix: "/api/v1/campaigns", service: "link-api", openapi: true },
  { prefix: "/api/v1/domains", service: "link-api", openapi: true },
  { prefix: "/api/v1/tags", service: "link-api", openapi: true },
  // Link imports: an export file of up to 50 MiB, uploaded as multipart/form-data.
  { prefix: "/api/v1/imports", service: "link-api", openapi: true, maxBodyBytes: IMPORT_UPLOAD_MAX_BYTES },
  { prefix: "/api/v1/docs", service: "link-api", openapi: false },
  // Analytics and conversions.
  { prefix: "/api/v1/analytics", service: "analytics-ingest", openapi: true },
  { prefix: "/api/v1/conversions", service: "analytics-ingest", openapi: true },
  // A/B tests.
  { prefix: "/api/v1/ab-tests", service: "abtest-engine", openapi: true },
  // Webhooks.
  { prefix: "/api/v1/webhooks", service: "webhook-dispatcher", openapi: true },
  // MCP server (JSON-RPC, SSE, listings, health, its RFC 9728 metadata). /mcp/oauth above is
  // longer and wins.
  { prefix: "/.well-known/oauth-protected-resource", service: "mcp-gateway", openapi: false },
  { prefix: "/mcp", service: "mcp-gateway", openapi: false },
  // The dashboard: the web app, its sign-in (a first-party OAuth client) and the API calls it
  // relays with the tokens it keeps server-side.
  { prefix: "/app", service: "dashboard", openapi: false },
  // The dashboard's Import page uploads the export through its relay: the same limit as the API's.
  {
    prefix: "/app/api/v1/imports",
    service: "dashboard",
    openapi: false,
    maxBodyBytes: IMPORT_UPLOAD_MAX_BYTES,
  },
];

/** Where unmatched paths go: short codes, password pages, QR scan entries. */
export const DEFAULT_SERVICE: ServiceName = "redirector";

/**
 * Health of each service, visible through the edge at /.kurz/health/<service> (rewritten to the
 * service's own /healthz or /readyz). A leading "." keeps the path out of the short-code space.
 */
export const HEALTH_PREFIX = "/.kurz/health";
