import { APP_BASE } from "../../router";

const SCOPE_PARAMS = ["link", "campaign", "domain"] as const;

/** The analytics of another link, campaign or domain (or the account), in the same period. */
export function analyticsHref(scope: Partial<Record<(typeof SCOPE_PARAMS)[number], string>> = {}): string {
  const params = new URLSearchParams(window.location.search);
  for (const name of SCOPE_PARAMS) params.delete(name);
  for (const [name, value] of Object.entries(scope)) if (value) params.set(name, value);
  const query = params.toString();
  return `${APP_BASE}/analytics${query ? `?${query}` : ""}`;
}
