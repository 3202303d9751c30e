import { type AbRoute, routeAbTest } from "../abtests/route-ab-test";
import type { CachedLink } from "../links/cached-link";
import { isBotUserAgent } from "./is-bot-user-agent";
import type { VisitMethod } from "./plan-redirect";
import type { VisitHeaders } from "./visitor-reader";

/**
 * The A/B routing of a visit, or undefined for a link without a running test (checked first and
 * alone, so ordinary links pay nothing). The Cookie header comes from the one pass over the raw
 * headers (readVisitHeaders), not `request.headers`, which would make Node build the whole header
 * object. Bots and HEAD requests go to the control without their cookie being looked at.
 */
export function abRouteOfVisit(
  link: CachedLink,
  method: VisitMethod,
  headers: VisitHeaders,
): AbRoute | undefined {
  const s = link.snapshot;
  // A test needs two variants; anything less is not routed (the link's own destination is served).
  if (s.abTestId === "" || s.abVariants.length < 2) return undefined;
  const bot = isBotUserAgent(headers.userAgent);
  return routeAbTest(s, method, bot, bot || method === "HEAD" ? undefined : headers.cookie);
}
