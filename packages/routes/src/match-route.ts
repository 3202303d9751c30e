import { DEFAULT_SERVICE, ROUTE_TABLE, type Route, STREAMED_BODY_ABOVE_BYTES } from "./route-table";
import { SERVICES, type ServiceName } from "./services";

function prefixMatches(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix)) return false;
  if (path.length === prefix.length || prefix.endsWith("/")) return true;
  const next = path.charCodeAt(prefix.length);
  // "/" or "?" after the prefix: a sub-path or a query string.
  return next === 47 || next === 63;
}

/** Sorted once: longest prefix first, so the first match is the most specific. */
const SORTED: readonly Route[] = [...ROUTE_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);

/**
 * The route table entry that answers `path` (a request URL path, query string allowed), or
 * undefined when none does and the path falls through to DEFAULT_SERVICE.
 */
export function findRoute(path: string, table: readonly Route[] = SORTED): Route | undefined {
  for (const route of table) {
    if (prefixMatches(route.prefix, path)) return route;
  }
  return undefined;
}

/** The service that answers `path` (a request URL path, query string allowed). */
export function matchRoute(path: string, table: readonly Route[] = SORTED): ServiceName {
  return findRoute(path, table)?.service ?? DEFAULT_SERVICE;
}

export interface RequestBodyLimit {
  /** The largest body accepted: the route's own limit, else its service's. */
  maxBodyBytes: number;
  /** Whether a body is streamed to the service as it arrives (a limit above 1 MiB). */
  streamed: boolean;
}

/** How large a request body to `path` may be, and whether proxies stream it (Route.maxBodyBytes). */
export function requestBodyLimit(path: string, table: readonly Route[] = SORTED): RequestBodyLimit {
  const route = findRoute(path, table);
  const maxBodyBytes = route?.maxBodyBytes ?? SERVICES[route?.service ?? DEFAULT_SERVICE].maxBodyBytes;
  return { maxBodyBytes, streamed: maxBodyBytes > STREAMED_BODY_ABOVE_BYTES };
}
