import type { IncomingMessage } from "node:http";
import { type AbRoute, routeAbTest } from "../abtests/route-ab-test";
import type { CachedLink } from "../links/cached-link";
import { isBotUserAgent } from "./is-bot-user-agent";
import type { VisitMethod } from "./plan-redirect";

/**
 * The A/B routing of a visit, or undefined for a link without a running test. That check comes
 * first and alone: ordinary links never touch the Cookie header, because reading
 * `request.headers` makes Node build the whole header object, which the fast path avoids. Bots and
 * HEAD requests go to the control without their cookie being read either.
 */
export function abRouteOfVisit(
  link: CachedLink,
  method: VisitMethod,
  userAgent: string,
  request: IncomingMessage,
): AbRoute | undefined {
  const s = link.snapshot;
  // A test needs two variants; anything less is not routed (the link's own destination is served).
  if (s.abTestId === "" || s.abVariants.length < 2) return undefined;
  const bot = isBotUserAgent(userAgent);
  const cookie = bot || method === "HEAD" ? undefined : request.headers.cookie;
  return routeAbTest(s, method, bot, cookie);
}
