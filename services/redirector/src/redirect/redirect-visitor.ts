import type { Clock } from "@kurz/clock";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AbCookies } from "../abtests/ab-cookie";
import type { ClickPublisher } from "../events/click-publisher";
import type { CachedLink } from "../links/cached-link";
import { expiredPage } from "../pages/render-page";
import { abRouteOfVisit } from "./ab-route-of-visit";
import type { ClickCounter } from "./click-counter";
import { clickOfVisit } from "./click-of-visit";
import { isBotUserAgent } from "./is-bot-user-agent";
import { planRedirect, type VisitMethod } from "./plan-redirect";
import { sendPage } from "./send-page";
import type { VisitHeaders, VisitorReader } from "./visitor-reader";

export interface VisitorDeps {
  clicks: ClickPublisher;
  counter: ClickCounter;
  visitors: VisitorReader;
  /** The signed A/B cookies (one signer for the process). */
  abCookies: AbCookies;
  staticMaxAgeSeconds: number;
  /** Expiry, redirect caching and click times: the shared clock, so tests cross them without sleeping. */
  clock: Clock;
}

/** An expired link (by date or by clicks): its expired URL if it has one, else a 410 page. */
export function sendExpired(reply: FastifyReply, link: CachedLink): FastifyReply {
  if (link.snapshot.expiredUrl) {
    return reply
      .code(302)
      .headers({ location: link.snapshot.expiredUrl, "cache-control": "no-store" })
      .send();
  }
  return sendPage(reply, 410, expiredPage());
}

/**
 * Answers a visitor who may go through: checks the click cap, writes the redirect, and only then
 * hands the click event to the producer. HEAD requests and bots get the same answer but never use
 * up a click cap; their events are flagged (method here, bot detection in analytics-ingest)
 * rather than dropped.
 */
export async function redirectVisitor(
  deps: VisitorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  link: CachedLink,
  method: VisitMethod,
  headers: VisitHeaders,
): Promise<FastifyReply> {
  const s = link.snapshot;
  if (s.maxClicks > 0n) {
    if (link.capReached) return sendExpired(reply, link);
    const human = method !== "HEAD" && !isBotUserAgent(headers.userAgent);
    if (human && BigInt(await deps.counter.count(s.linkId)) > s.maxClicks) {
      link.capReached = true;
      return sendExpired(reply, link);
    }
  }
  const nowMs = deps.clock.now().getTime();
  const route = abRouteOfVisit(link, method, request.raw, headers, {
    cookies: deps.abCookies,
    visitors: deps.visitors,
  });
  const plan = planRedirect(link, method, nowMs, deps.staticMaxAgeSeconds, request.url, route);
  // Written before any analytics work (docs/architecture.md#decision-order).
  reply.code(plan.status).headers({ location: plan.location, "cache-control": plan.cacheControl });
  // Added to a password cookie set by the form, if any (fastify keeps both).
  if (route?.setCookie !== undefined) reply.header("set-cookie", route.setCookie);
  reply.send();
  if (s.trackingEnabled) {
    deps.clicks.publish(
      clickOfVisit(
        link,
        plan.clickId,
        method,
        nowMs,
        request.raw,
        headers,
        deps.visitors.ip(request.raw, headers),
        route,
      ),
    );
  }
  return reply;
}
