import type { Clock } from "@kurz/clock";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ClickPublisher } from "../events/click-publisher";
import type { CachedLink } from "../links/cached-link";
import { expiredPage } from "../pages/render-page";
import { answerVisit } from "./answer-visit";
import { askOrUnavailable } from "./ask-or-unavailable";
import type { ClickCounter } from "./click-counter";
import { clickOfVisit } from "./click-of-visit";
import type { VisitDeciding } from "./decide-link-visit";
import { type HostRedirects, type StrayVisit, sendHostRedirect, strayVisitTarget } from "./host-redirects";
import { isBotUserAgent } from "./is-bot-user-agent";
import type { VisitMethod } from "./plan-redirect";
import { sendPage } from "./send-page";
import type { VisitHeaders, VisitorReader } from "./visitor-reader";

export interface VisitorDeps {
  clicks: ClickPublisher;
  counter: ClickCounter;
  visitors: VisitorReader;
  /** Rules, deep links, cards and A/B routing (the signed A/B cookies). */
  deciding: VisitDeciding;
  staticMaxAgeSeconds: number;
  /** Where hosts send visits that find no link to follow (expired links here). */
  hostRedirects: HostRedirects;
  /** Expiry, redirect caching and click times: the shared clock, so tests cross them without sleeping. */
  clock: Clock;
}

/**
 * A visit that found no link to follow (`visit`): the host's redirect for it when one is set
 * (docs/api/domains.md#domain-redirects), else `fallback` (the default page). link-api down and
 * the host's settings unknown: 503.
 */
export async function sendStrayVisit(
  deps: Pick<VisitorDeps, "hostRedirects">,
  reply: FastifyReply,
  host: string,
  visit: StrayVisit,
  fallback: () => FastifyReply,
): Promise<FastifyReply> {
  const target = await askOrUnavailable(reply, () => strayVisitTarget(deps.hostRedirects, host, visit));
  if (!target) return reply;
  return target.value === undefined ? fallback() : sendHostRedirect(reply, target.value);
}

/**
 * An expired link (by date or by clicks): its expired URL if it has one, else its host's expired
 * redirect, else a 410 page.
 */
export function sendExpired(
  deps: Pick<VisitorDeps, "hostRedirects">,
  reply: FastifyReply,
  link: CachedLink,
  host: string,
): Promise<FastifyReply> | FastifyReply {
  if (link.snapshot.expiredUrl) return sendHostRedirect(reply, link.snapshot.expiredUrl);
  return sendStrayVisit(deps, reply, host, "expired", () => sendPage(reply, 410, expiredPage()));
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
  /** The short host the visitor asked (the VisitorReader's), for a capped link's expired redirect. */
  host: string,
): Promise<FastifyReply> {
  const s = link.snapshot;
  if (s.maxClicks > 0n) {
    if (link.capReached) return sendExpired(deps, reply, link, host);
    const human = method !== "HEAD" && !isBotUserAgent(headers.userAgent);
    if (human && BigInt(await deps.counter.count(s.linkId)) > s.maxClicks) {
      link.capReached = true;
      return sendExpired(deps, reply, link, host);
    }
  }
  // The first visit of a link with a geo rule opens the geo database (once per process).
  if (link.decision?.needsGeo === true) await deps.deciding.geo.ready();
  const nowMs = deps.clock.now().getTime();
  const ip = deps.visitors.ip(request.raw, headers);
  const answer = answerVisit(link, method, nowMs, request.raw, headers, ip, deps);
  // Written before any analytics work (docs/architecture.md#decision-order).
  reply.code(answer.status);
  const head = answer.head;
  for (let i = 0; i + 1 < head.length; i += 2) {
    // fastify frames the body itself; a password cookie set by the form stays beside an A/B one.
    if (head[i] !== "content-length") reply.header(head[i] as string, head[i + 1]);
  }
  reply.send(answer.body.length === 0 ? undefined : answer.body);
  if (s.trackingEnabled) {
    deps.clicks.publish(
      clickOfVisit(
        link,
        answer.clickId,
        method,
        nowMs,
        request.raw,
        headers,
        ip,
        answer.route,
        answer.decided,
      ),
    );
  }
  return reply;
}
