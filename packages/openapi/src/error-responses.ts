import { z } from "zod";

/**
 * The one REST error body of every service (docs/api/errors.md#rest-error-body): a 403 for a
 * missing scope adds required_scope; a 429 carries the MCP body's hint and retryable, with the
 * reset in details.
 */
export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    code: z.string().describe("Stable error code: VALIDATION_ERROR, ALIAS_EXISTS, URL_NOT_FOUND, ..."),
    details: z.record(z.string(), z.unknown()).optional(),
    required_scope: z.string().optional(),
    hint: z.string().optional().describe("What to do next; on 429, when to retry"),
    retryable: z.boolean().optional(),
  })
  .meta({ id: "Error" });

const descriptions: Record<number, string> = {
  400: "Invalid input (VALIDATION_ERROR, INVALID_JSON)",
  401: "Missing or invalid bearer token",
  403: "Token lacks the route's scope (the body names it in required_scope)",
  404: "Not found, or another account's resource",
  409: "Conflict (ALIAS_EXISTS, CONFLICT, INVALID_STATE)",
  413: "Body or upload too large",
  429: "Rate limit or plan limit reached (RATE_LIMITED, PLAN_LIMIT_EXCEEDED)",
  503: "A dependency is unavailable",
};

/** Documented error responses of a route: every guarded route can answer 400, 401, 403, 429. */
export function errorResponses(...extra: number[]): Record<number, typeof errorBodySchema> {
  const statuses = [...new Set([400, 401, 403, 429, ...extra])].sort();
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema.describe(descriptions[status] ?? "Error")]),
  );
}

/** The OpenAPI `security` of a route that needs a bearer token with this scope. */
export function bearerSecurity(scope: string): Array<Record<string, string[]>> {
  return [{ bearerAuth: [scope] }];
}
