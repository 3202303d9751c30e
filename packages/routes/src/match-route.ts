import { DEFAULT_SERVICE, ROUTE_TABLE, type Route } from "./route-table";
import type { ServiceName } from "./services";

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
