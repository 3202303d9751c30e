import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AnalyticsReader } from "../analytics/analytics-reader";
import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  parseAnalyticsQuery,
  rangeOf,
} from "./parse-analytics-query";
import { REPORT_SCHEMAS, type ReportKind } from "./report-schemas";

type Run = (
  reader: AnalyticsReader,
  accountId: string,
  query: AnalyticsQuery,
  params: Record<string, string>,
) => Promise<unknown>;

const PARAMETERS: Record<string, string> = {
  id: "Link id, or a short code / alias of yours",
  campaignId: "Campaign UUID",
  abTestId: "A/B test UUID",
};

/** The `params` schema of a route with path parameters (none: no `params` at all). */
function paramsOf(url: string) {
  const names = [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? "");
  if (names.length === 0) return {};
  return {
    params: z.object(
      Object.fromEntries(names.map((name) => [name, z.string().describe(PARAMETERS[name] ?? name)])),
    ),
  };
}

/** One report: what it answers (its OpenAPI summary), the shape of its answer, and how. */
interface Report {
  summary: string;
  kind: ReportKind;
  run: Run;
}

function report(summary: string, kind: ReportKind, run: Run): Report {
  return { summary, kind, run };
}

/** Per link: `{id}` is a link id or a short code / alias of the calling account. */
const LINK_ROUTES: Record<string, Report> = {
  // What people expect at a link's analytics address: the whole report (as /complete).
  "": report(
    "Every report of one link: counts, timeline, geography, devices, referrers, UTM, bots",
    "complete",
    (r, a, q, p) => r.getLinkStats(a, p.id ?? "", rangeOf(q), q.limit),
  ),
  "/geography": report("Clicks of one link by country, region and city", "geography", (r, a, q, p) =>
    r.getGeography(a, p.id, rangeOf(q), q.limit),
  ),
  "/devices": report("Clicks of one link by device, browser and OS", "devices", (r, a, q, p) =>
    r.getDevices(a, p.id, rangeOf(q), q.limit),
  ),
  "/referrers": report("Clicks of one link by referrer", "referrers", (r, a, q, p) =>
    r.getReferrers(a, p.id, rangeOf(q), q.limit),
  ),
  "/utm": report("Clicks of one link by UTM parameter", "utm", (r, a, q, p) =>
    r.getUtmBreakdown(a, p.id, rangeOf(q), q.limit),
  ),
  "/timeline": report("Clicks of one link over time", "timeline", (r, a, q, p) =>
    r.getClicksTimeline(a, p.id, rangeOf(q)),
  ),
  "/clicks": report("Single clicks of one link, newest first", "clicks", (r, a, q, p) =>
    r.listClickDetails(a, p.id, rangeOf(q), q, q.includeBots ?? false),
  ),
  "/traffic-quality": report("Human versus bot clicks of one link", "trafficQuality", (r, a, q, p) =>
    r.getTrafficQuality(a, p.id, rangeOf(q)),
  ),
  "/rules": report("Clicks of one link by the redirect rule that sent them", "rules", (r, a, q, p) =>
    r.getRuleAnalytics(a, p.id ?? "", rangeOf(q)),
  ),
  "/conversions": report("Conversions of one link", "conversions", (r, a, q, p) =>
    r.getConversionStats(a, p.id, rangeOf(q)),
  ),
  "/qr": report("QR scans of one link", "qr", (r, a, q, p) => r.getQrAnalytics(a, p.id, rangeOf(q))),
  "/complete": report("Every report of one link at once", "complete", (r, a, q, p) =>
    r.getCompleteAnalytics(a, p.id, rangeOf(q), q.limit),
  ),
};

/** The calling account as a whole. */
const ACCOUNT_ROUTES: Record<string, Report> = {
  "/overview": report("Totals of your account", "overview", (r, a, q) => r.getAccountOverview(a, rangeOf(q))),
  "/timeline": report("Clicks of your account over time", "timeline", (r, a, q) =>
    r.getClicksTimeline(a, undefined, rangeOf(q)),
  ),
  "/top-links": report("Your links with the most clicks", "topLinks", (r, a, q) =>
    r.getTopLinks(a, rangeOf(q), q.limit, q.order),
  ),
  "/geography": report("Clicks of your account by country, region and city", "geography", (r, a, q) =>
    r.getGeography(a, undefined, rangeOf(q), q.limit),
  ),
  "/devices": report("Clicks of your account by device, browser and OS", "devices", (r, a, q) =>
    r.getDevices(a, undefined, rangeOf(q), q.limit),
  ),
  "/referrers": report("Clicks of your account by referrer", "referrers", (r, a, q) =>
    r.getReferrers(a, undefined, rangeOf(q), q.limit),
  ),
  "/utm": report("Clicks of your account by UTM parameter", "utm", (r, a, q) =>
    r.getUtmBreakdown(a, undefined, rangeOf(q), q.limit),
  ),
  "/utm-links": report("Your links that were clicked with UTM parameters", "utmLinks", (r, a, q) =>
    r.listLinksWithUtm(a, rangeOf(q), q),
  ),
  "/traffic-quality": report("Human versus bot clicks of your account", "trafficQuality", (r, a, q) =>
    r.getTrafficQuality(a, undefined, rangeOf(q)),
  ),
  "/clicks": report("Single clicks of your account, newest first", "clicks", (r, a, q) =>
    r.listClickDetails(a, undefined, rangeOf(q), q, q.includeBots ?? false),
  ),
  "/recent": report("Latest activity of your account", "recent", (r, a, q) =>
    r.getRecentActivity(a, q.limit),
  ),
  "/domains": report("Clicks by short host (your branded domains and subdomains)", "domains", (r, a, q) =>
    r.getDomainAnalytics(a, rangeOf(q), q.host),
  ),
  "/qr": report("QR scans of your account", "qr", (r, a, q) => r.getQrAnalytics(a, undefined, rangeOf(q))),
  "/conversions": report("Conversions of your account", "conversions", (r, a, q) =>
    r.getConversionStats(a, undefined, rangeOf(q)),
  ),
  "/campaigns/:campaignId": report("Clicks of one campaign's links", "campaign", (r, a, q, p) =>
    r.getCampaignAnalytics(a, p.campaignId ?? "", rangeOf(q)),
  ),
  "/ab-tests/:abTestId": report(
    "Exposures and conversions of an A/B test's variants",
    "variants",
    (r, a, q, p) => r.getVariantStats(a, p.abTestId ?? "", q.days),
  ),
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
  const route = (url: string, { summary, kind, run }: Report) =>
    app.get(
      url,
      {
        preHandler: guard,
        schema: {
          tags: ["Analytics"],
          summary,
          ...paramsOf(url),
          querystring: analyticsQuerySchema,
          response: {
            200: z.object({ success: z.literal(true), analytics: REPORT_SCHEMAS[kind] }),
            ...errorResponses(404, 503),
          },
          security: bearerSecurity("analytics:read"),
        },
        // parseAnalyticsQuery checks the query with the same schema and answers in its own words.
        ...documentationOnly,
      },
      async (request: FastifyRequest) => {
        const query = parseAnalyticsQuery(request.query);
        const analytics = await run(
          reader,
          accessTokenOf(request).accountId,
          query,
          request.params as Record<string, string>,
        );
        return { success: true, analytics };
      },
    );

  for (const [suffix, report] of Object.entries(ACCOUNT_ROUTES))
    route(`/api/v1/analytics/account${suffix}`, report);
  for (const [suffix, report] of Object.entries(LINK_ROUTES)) route(`/api/v1/analytics/:id${suffix}`, report);
  // A second path for the complete report of one link (docs/api/analytics.md#one-link).
  route(
    "/api/v1/analytics/url/:id/overview",
    report("Every report of one link at once (the same as /{id}/complete)", "complete", (r, a, q, p) =>
      r.getCompleteAnalytics(a, p.id, rangeOf(q), q.limit),
    ),
  );
}
