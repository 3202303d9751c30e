import { clicksV1 } from "@kurz/proto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import type { ClickPublisher } from "../events/click-publisher";
import type { CachedLink } from "../links/cached-link";
import { expiredPage } from "../pages/render-page";
import { appendClickId } from "./append-click-id";
import type { ClickCounter } from "./click-counter";
import { newClickId } from "./new-click-id";
import { readRequestUtm } from "./read-request-utm";
import { sendPage } from "./send-page";

export type VisitMethod = "GET" | "HEAD" | "POST";

export interface VisitorDeps {
  clicks: ClickPublisher;
  counter: ClickCounter;
  staticMaxAgeSeconds: number;
}

const MAX_HEADER_LENGTH = 1_024;

const METHODS: Record<VisitMethod, clicksV1.RequestMethod> = {
  GET: clicksV1.RequestMethod.GET,
  HEAD: clicksV1.RequestMethod.HEAD,
  POST: clicksV1.RequestMethod.POST,
};

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  return text.length > MAX_HEADER_LENGTH ? text.slice(0, MAX_HEADER_LENGTH) : text;
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
  return maxAge > 0 ? `private, max-age=${maxAge}` : "no-store";
}

/**
 * Answers a visitor who may go through: checks the click cap, writes the redirect (302 for
 * dynamic links, 301 otherwise; 303 after the password form), and only then hands the click event
 * to the producer. HEAD requests and bots get the same answer but never use up a click cap; their
 * events are flagged (method here, bot detection in analytics-ingest) rather than dropped.
 */
export async function redirectVisitor(
  deps: VisitorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  link: CachedLink,
  method: VisitMethod,
): Promise<FastifyReply> {
  const s = link.snapshot;
  const userAgent = header(request, "user-agent");
  if (s.maxClicks > 0n) {
    if (link.capReached) return sendExpired(reply, link);
    const human = method !== "HEAD" && userAgent !== "" && !isbot(userAgent);
    if (human && BigInt(await deps.counter.count(s.linkId)) > s.maxClicks) {
      link.capReached = true;
      return sendExpired(reply, link);
    }
  }

  const nowMs = Date.now();
  const clickId = s.trackingEnabled || s.conversionTracking ? newClickId() : "";
  const location = s.conversionTracking ? appendClickId(s.destinationUrl, clickId) : s.destinationUrl;
  const status = method === "POST" ? 303 : s.dynamic ? 302 : 301;
  reply.code(status).headers({
    location,
    "cache-control": cacheControl(link, nowMs, deps.staticMaxAgeSeconds),
  });
  // Written before any analytics work (DESIGN §6).
  reply.send();

  if (s.trackingEnabled) {
    deps.clicks.publish({
      clickId,
      clickedAtMs: nowMs,
      accountId: s.accountId,
      linkId: s.linkId,
      host: s.host,
      code: s.code,
      destinationUrl: s.destinationUrl,
      qr: s.qr,
      abTestId: "",
      variantId: "",
      userAgent,
      referrer: header(request, "referer"),
      utm: readRequestUtm(request.query as Record<string, unknown>),
      ip: request.ip,
      method: METHODS[method],
      campaignId: s.campaignId,
    });
  }
  return reply;
}
