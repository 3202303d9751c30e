/**
 * The closed set of error codes. Codes are stable API: callers branch on them.
 * gRPC status numbers follow https://grpc.github.io/grpc/core/md_doc_statuscodes.html.
 * README.md shows this catalog as a table; a test keeps the two equal.
 */
export const GrpcStatus = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

interface CatalogEntry {
  http: number;
  grpc: number;
  retryable: boolean;
  message: string;
}

const entry = (http: number, grpc: number, message: string, retryable = false): CatalogEntry => ({
  http,
  grpc,
  message,
  retryable,
});

export const errorCatalog = {
  VALIDATION_ERROR: entry(400, GrpcStatus.INVALID_ARGUMENT, "Invalid input parameters"),
  INVALID_JSON: entry(400, GrpcStatus.INVALID_ARGUMENT, "Request body is not valid JSON"),
  AUTHENTICATION_REQUIRED: entry(401, GrpcStatus.UNAUTHENTICATED, "Authentication required"),
  INVALID_TOKEN: entry(401, GrpcStatus.UNAUTHENTICATED, "The access token is invalid or expired"),
  INSUFFICIENT_SCOPE: entry(403, GrpcStatus.PERMISSION_DENIED, "Insufficient scope"),
  FORBIDDEN: entry(403, GrpcStatus.PERMISSION_DENIED, "Not allowed"),
  CSRF_FAILED: entry(403, GrpcStatus.PERMISSION_DENIED, "The request did not come from the dashboard page"),
  PLAN_REQUIRED: entry(403, GrpcStatus.PERMISSION_DENIED, "Your plan does not include this feature"),
  // A quota of the plan (links, QR codes, domains, campaigns, API keys, ...) is used up. Waiting
  // never clears it; deleting something or upgrading does. gRPC FAILED_PRECONDITION, not
  // RESOURCE_EXHAUSTED: the gRPC status guide keeps FAILED_PRECONDITION for "do not retry until
  // the system state has been explicitly fixed", whereas RESOURCE_EXHAUSTED is what generic
  // clients and proxies back off and retry, and what a peer without our trailers reads as
  // RATE_LIMITED (codeForGrpcStatus).
  QUOTA_EXCEEDED: entry(403, GrpcStatus.FAILED_PRECONDITION, "Your plan's quota is used up"),
  NOT_FOUND: entry(404, GrpcStatus.NOT_FOUND, "Not found"),
  URL_NOT_FOUND: entry(404, GrpcStatus.NOT_FOUND, "Short URL not found"),
  METHOD_NOT_ALLOWED: entry(405, GrpcStatus.UNIMPLEMENTED, "Method not allowed"),
  ALIAS_EXISTS: entry(409, GrpcStatus.ALREADY_EXISTS, "Custom alias already taken"),
  CONFLICT: entry(409, GrpcStatus.ALREADY_EXISTS, "Conflict"),
  INVALID_STATE: entry(409, GrpcStatus.FAILED_PRECONDITION, "Operation not allowed in the current state"),
  GONE: entry(410, GrpcStatus.NOT_FOUND, "Gone"),
  PAYLOAD_TOO_LARGE: entry(413, GrpcStatus.INVALID_ARGUMENT, "Request body too large"),
  UNSUPPORTED_MEDIA_TYPE: entry(415, GrpcStatus.INVALID_ARGUMENT, "Unsupported content type"),
  // An Idempotency-Key sent again with another request (method, path, query or body) within the
  // 24 h it is kept (docs/api/rest.md#idempotent-requests): the key names one request only.
  IDEMPOTENCY_KEY_REUSED: entry(
    422,
    GrpcStatus.INVALID_ARGUMENT,
    "This Idempotency-Key was already used with another request",
  ),
  // The request line and headers together exceed what the server reads (RFC 6585 §5).
  HEADERS_TOO_LARGE: entry(431, GrpcStatus.INVALID_ARGUMENT, "Request headers too large"),
  // The rate limit reached (docs/api/plans.md#rate-limits): the plan's requests per window; retry
  // once it resets.
  PLAN_LIMIT_EXCEEDED: entry(429, GrpcStatus.RESOURCE_EXHAUSTED, "Your plan's rate limit is reached", true),
  // Too many requests from one address (no account to charge them to).
  RATE_LIMITED: entry(429, GrpcStatus.RESOURCE_EXHAUSTED, "Too many requests", true),
  INTERNAL: entry(500, GrpcStatus.INTERNAL, "Internal error"),
  NOT_IMPLEMENTED: entry(501, GrpcStatus.UNIMPLEMENTED, "Not implemented"),
  // A proxy (the edge) got an answer it cannot pass on from the service behind it.
  BAD_GATEWAY: entry(502, GrpcStatus.UNAVAILABLE, "A service gave an invalid answer", true),
  DEPENDENCY_UNAVAILABLE: entry(503, GrpcStatus.UNAVAILABLE, "A dependency is unavailable", true),
  BUFFER_FULL: entry(503, GrpcStatus.RESOURCE_EXHAUSTED, "Event buffer is full", true),
  TIMEOUT: entry(504, GrpcStatus.DEADLINE_EXCEEDED, "Timed out", true),
} as const satisfies Record<string, CatalogEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalog, value);
}

/** The code a gRPC status maps back to when the peer sent no Kurz code in trailers. */
export function codeForGrpcStatus(status: number): ErrorCode {
  switch (status) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.OUT_OF_RANGE:
      return "VALIDATION_ERROR";
    case GrpcStatus.NOT_FOUND:
      return "NOT_FOUND";
    case GrpcStatus.ALREADY_EXISTS:
      return "CONFLICT";
    case GrpcStatus.PERMISSION_DENIED:
      return "FORBIDDEN";
    case GrpcStatus.UNAUTHENTICATED:
      return "AUTHENTICATION_REQUIRED";
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return "RATE_LIMITED";
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.ABORTED:
      return "INVALID_STATE";
    case GrpcStatus.UNIMPLEMENTED:
      return "NOT_IMPLEMENTED";
    case GrpcStatus.UNAVAILABLE:
      return "DEPENDENCY_UNAVAILABLE";
    case GrpcStatus.DEADLINE_EXCEEDED:
      return "TIMEOUT";
    default:
      return "INTERNAL";
  }
}
