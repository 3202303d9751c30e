import { findRoute, type ServiceName } from "@kurz/routes";
import type { RegisteredRoute } from "@kurz/service-runtime";

/** HEAD (fastify's twin of every GET) and OPTIONS (CORS preflight) are not operations of the API. */
const NOT_OPERATIONS = new Set(["HEAD", "OPTIONS"]);

/**
 * Whether a route of `service` belongs in the document: the edge sends its path to that service
 * (packages/routes) under a prefix marked `openapi`. A route the edge sends elsewhere is
 * unreachable from outside, so it is not part of the public API.
 */
export function isDocumentedRoute(service: ServiceName, route: RegisteredRoute): boolean {
  if (NOT_OPERATIONS.has(route.method)) return false;
  const owner = findRoute(route.url);
  return owner !== undefined && owner.service === service && owner.openapi;
}

/** "GET /api/v1/urls/{id}": fastify's `:id` in OpenAPI's `{id}` syntax, as the document keys it. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
}
