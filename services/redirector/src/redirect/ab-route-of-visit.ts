import type { IncomingMessage } from "node:http";
import type { AbCookies } from "../abtests/ab-cookie";
import { type AbRoute, routeAbTest } from "../abtests/route-ab-test";
import type { CachedLink } from "../links/cached-link";
import { isBotUserAgent } from "./is-bot-user-agent";
import type { VisitMethod } from "./plan-redirect";
import type { VisitHeaders, VisitorReader } from "./visitor-reader";

/** What A/B routing needs besides the visit: the signed cookies and how to tell an https visit. */
export interface AbRouting {
  cookies: AbCookies;
  visitors: VisitorReader;
}

/**
 * The A/B routing of a visit, or undefined for a link without a running test (checked first and
 * alone, so ordinary links pay nothing). The Cookie header comes from the one pass over the raw
 * headers (readVisitHeaders), not `request.headers`, which would make Node build the whole header
 * object. Bots and HEAD requests go to the control without their cookie being looked at.
 */
export function abRouteOfVisit(
  link: CachedLink,
  method: VisitMethod,
  request: IncomingMessage,
  headers: VisitHeaders,
  routing: AbRouting,
): AbRoute | undefined {
  const s = link.snapshot;
  // A test needs two variants; anything less is not routed (the link's own destination is served).
  if (s.abTestId === "" || s.abVariants.length < 2) return undefined;
  const bot = isBotUserAgent(headers.userAgent);
  if (bot || method === "HEAD") return routeAbTest(s, method, bot, undefined, routing.cookies, false);
  return routeAbTest(
    s,
    method,
    bot,
    headers.cookie,
    routing.cookies,
    routing.visitors.secure(request, headers),
  );
}
