import { useEffect, useState } from "preact/hooks";

/** Every page of the app lives under this path (the server answers all of them with index.html). */
export const APP_BASE = "/app";

export type RouteName =
  | "links"
  | "imports"
  | "analytics"
  | "qr"
  | "ab-tests"
  | "campaigns"
  | "domains"
  | "account"
  | "webhooks"
  | "team"
  | "audit-log"
  | "routing"
  | "not-found";

const ROUTES: Record<string, RouteName> = {
  "": "links",
  links: "links",
  imports: "imports",
  analytics: "analytics",
  qr: "qr",
  "ab-tests": "ab-tests",
  campaigns: "campaigns",
  domains: "domains",
  account: "account",
  webhooks: "webhooks",
  team: "team",
  "audit-log": "audit-log",
};

/** The page a path shows: /app/ and /app/links are the links page; unknown paths are not found. */
export function routeOf(pathname: string): RouteName {
  if (pathname !== APP_BASE && !pathname.startsWith(`${APP_BASE}/`)) return "not-found";
  const segment = pathname.slice(APP_BASE.length).replace(/^\/+|\/+$/g, "");
  // One link's routing: /app/links/{code}/routing.
  if (/^links\/[^/]+\/routing$/.test(segment)) return "routing";
  return ROUTES[segment] ?? "not-found";
}

export const pathOf = (route: Exclude<RouteName, "not-found" | "routing">) => `${APP_BASE}/${route}`;

export interface AppLocation {
  /** Path and query, e.g. /app/links?page=2: what identifies a view. */
  href: string;
  pathname: string;
  search: URLSearchParams;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
window.addEventListener("popstate", notify);

const readLocation = (): AppLocation => ({
  href: `${window.location.pathname}${window.location.search}`,
  pathname: window.location.pathname,
  search: new URLSearchParams(window.location.search),
});

/** Goes to another page or state of the app without reloading it (History API). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const target = new URL(to, window.location.href);
  const current = `${window.location.pathname}${window.location.search}`;
  const next = `${target.pathname}${target.search}`;
  if (next === current) return;
  if (options.replace) window.history.replaceState(null, "", next);
  else window.history.pushState(null, "", next);
  notify();
}

/**
 * Changes query parameters of the current page: the URL is the single source of truth for
 * filters, sorting and paging, so every view is a link that can be shared or reloaded.
 * Empty values are removed.
 */
export function updateSearch(
  changes: Record<string, string | number | undefined>,
  options: { replace?: boolean } = {},
): void {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === "") search.delete(name);
    else search.set(name, String(value));
  }
  const query = search.toString();
  navigate(`${window.location.pathname}${query ? `?${query}` : ""}`, options);
}

/** The current location; re-renders the caller when it changes. */
export function useLocation(): AppLocation {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const update = () =>
      setLocation((shown) => {
        const next = readLocation();
        return next.href === shown.href ? shown : next;
      });
    listeners.add(update);
    // A navigation may have happened between the first render and this subscription.
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return location;
}
