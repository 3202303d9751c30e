import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnalyticsReader } from "../analytics/analytics-reader";
import { type AnalyticsQuery, parseAnalyticsQuery, rangeOf } from "./parse-analytics-query";

type Handler = (
  reader: AnalyticsReader,
  accountId: string,
  query: AnalyticsQuery,
  params: Record<string, string>,
) => Promise<unknown>;

/** Per link: `{id}` is a link id or a short code / alias of the calling account. */
const LINK_ROUTES: Record<string, Handler> = {
  "": (r, a, q, p) => r.getLinkStats(a, p.id ?? "", q.period),
  "/geography": (r, a, q, p) => r.getGeography(a, p.id, rangeOf(q), q.limit),
  "/devices": (r, a, q, p) => r.getDevices(a, p.id, rangeOf(q), q.limit),
  "/referrers": (r, a, q, p) => r.getReferrers(a, p.id, rangeOf(q), q.limit),
  "/utm": (r, a, q, p) => r.getUtmBreakdown(a, p.id, rangeOf(q), q.limit),
  "/timeline": (r, a, q, p) => r.getClicksTimeline(a, p.id, rangeOf(q)),
  "/clicks": (r, a, q, p) => r.listClickDetails(a, p.id, rangeOf(q), q, q.includeBots ?? false),
  "/traffic-quality": (r, a, q, p) => r.getTrafficQuality(a, p.id, rangeOf(q)),
  "/conversions": (r, a, q, p) => r.getConversionStats(a, p.id, rangeOf(q)),
  "/qr": (r, a, q, p) => r.getQrAnalytics(a, p.id, rangeOf(q)),
  "/complete": (r, a, q, p) => r.getCompleteAnalytics(a, p.id, rangeOf(q), q.limit),
};

/** The calling account as a whole. */
const ACCOUNT_ROUTES: Record<string, Handler> = {
  "/overview": (r, a, q) => r.getAccountOverview(a, rangeOf(q)),
  "/timeline": (r, a, q) => r.getClicksTimeline(a, undefined, rangeOf(q)),
  "/top-links": (r, a, q) => r.getTopLinks(a, rangeOf(q), q.limit, q.order),
  "/geography": (r, a, q) => r.getGeography(a, undefined, rangeOf(q), q.limit),
  "/devices": (r, a, q) => r.getDevices(a, undefined, rangeOf(q), q.limit),
  "/referrers": (r, a, q) => r.getReferrers(a, undefined, rangeOf(q), q.limit),
  "/utm": (r, a, q) => r.getUtmBreakdown(a, undefined, rangeOf(q), q.limit),
  "/utm-links": (r, a, q) => r.listLinksWithUtm(a, rangeOf(q), q),
  "/traffic-quality": (r, a, q) => r.getTrafficQuality(a, undefined, rangeOf(q)),
  "/clicks": (r, a, q) => r.listClickDetails(a, undefined, rangeOf(q), q, q.includeBots ?? false),
  "/recent": (r, a, q) => r.getRecentActivity(a, q.limit),
  "/domains": (r, a, q) => r.getDomainAnalytics(a, rangeOf(q), q.host),
  "/qr": (r, a, q) => r.getQrAnalytics(a, undefined, rangeOf(q)),
  "/conversions": (r, a, q) => r.getConversionStats(a, undefined, rangeOf(q)),
  "/campaigns/:campaignId": (r, a, q, p) => r.getCampaignAnalytics(a, p.campaignId ?? "", rangeOf(q)),
  "/ab-tests/:abTestId": (r, a, q, p) => r.getVariantStats(a, p.abTestId ?? "", q.days),
};

/**
 * GET /api/v1/analytics/... (scope analytics:read). Responses are `{ success: true, analytics }`.
 * Account-wide reports live under /account/ so that no short code can shadow them.
 */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  reader: AnalyticsReader,
  verifier: TokenVerifier,
): void {
  const guard = requireScope(verifier, "analytics:read");
  const route = (url: string, handler: Handler) =>
    app.get(url, { preHandler: guard }, async (request: FastifyRequest) => {
      const query = parseAnalyticsQuery(request.query);
      const analytics = await handler(
        reader,
        accessTokenOf(request).accountId,
        query,
        request.params as Record<string, string>,
      );
      return { success: true, analytics };
    });

  for (const [suffix, handler] of Object.entries(ACCOUNT_ROUTES))
    route(`/api/v1/analytics/account${suffix}`, handler);
  for (const [suffix, handler] of Object.entries(LINK_ROUTES))
    route(`/api/v1/analytics/:id${suffix}`, handler);
  // The quick-reference route of the spec (§4.2): everything about one link.
  route("/api/v1/analytics/url/:id/overview", (r, a, q, p) =>
    r.getCompleteAnalytics(a, p.id, rangeOf(q), q.limit),
  );
}
