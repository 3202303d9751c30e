import { forwardVisitQuery } from "@kurz/redirect-rules";
import type { CachedLink } from "../links/cached-link";
import { appendClickId } from "./append-click-id";
import { newClickId } from "./new-click-id";

export type VisitMethod = "GET" | "HEAD" | "POST";

export interface RedirectPlan {
  status: number;
  location: string;
  cacheControl: string;
  /** "" when neither tracking nor conversion tracking needs one. */
  clickId: string;
}

/** `private, max-age=N` strings by N: the same few values answer nearly every request. */
const maxAgeHeaders = new Map<number, string>();

function maxAgeHeader(maxAge: number): string {
  let header = maxAgeHeaders.get(maxAge);
  if (header === undefined) {
    header = `private, max-age=${maxAge}`;
    if (maxAgeHeaders.size < 100_000) maxAgeHeaders.set(maxAge, header);
  }
  return header;
}

/**
 * How long a browser may reuse a redirect. Dynamic links (editable destination) and redirects
 * that depend on per-request state (a click id in the Location, a click cap, a password cookie)
 * are never cached; other links get a short private max-age, cut to the link's expiry.
 */
function cacheControl(link: CachedLink, nowMs: number, maxAgeSeconds: number): string {
  const s = link.snapshot;
  if (s.dynamic || s.conversionTracking || s.maxClicks > 0n || s.passwordHash !== "") return "no-store";
  let maxAge = maxAgeSeconds;
  if (link.expiresAtMs !== undefined)
    maxAge = Math.min(maxAge, Math.floor((link.expiresAtMs - nowMs) / 1000));
  return maxAge > 0 ? maxAgeHeader(maxAge) : "no-store";
}

/**
 * The redirect a visitor gets: 302 for dynamic links, 301 otherwise, 303 after the password form.
 * A destination chosen for this visitor (`choice`: an A/B variant, a rule's or a deep link's URL, or
 * the link's own URL on a link whose answer depends on the visitor) is answered with 302 and
 * no-store, never 301: the answer differs per visitor (and ends when a test does), so no browser
 * may keep it.
 * The query the visitor put on the short URL (`requestUrl`'s) is passed on to the destination.
 */
export function planRedirect(
  link: CachedLink,
  method: VisitMethod,
  nowMs: number,
  maxAgeSeconds: number,
  requestUrl: string,
  choice?: { destinationUrl: string },
): RedirectPlan {
  const s = link.snapshot;
  const clickId = s.trackingEnabled || s.conversionTracking ? newClickId() : "";
  const destination = forwardVisitQuery(
    choice === undefined ? s.destinationUrl : choice.destinationUrl,
    requestUrl,
  );
  return {
    status: method === "POST" ? 303 : s.dynamic || choice !== undefined ? 302 : 301,
    location: s.conversionTracking ? appendClickId(destination, clickId) : destination,
    cacheControl: choice === undefined ? cacheControl(link, nowMs, maxAgeSeconds) : "no-store",
    clickId,
  };
}
