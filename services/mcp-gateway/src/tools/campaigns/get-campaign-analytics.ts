import { timestampDate } from "@bufbuild/protobuf/wkt";
import { analyticsV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { campaignIdParam } from "./campaign-output";

const PERIODS = {
  "7d": analyticsV1.Period.PERIOD_7D,
  "30d": analyticsV1.Period.PERIOD_30D,
  "90d": analyticsV1.Period.PERIOD_90D,
  "1y": analyticsV1.Period.PERIOD_1Y,
} as const;

const countsSchema = z.object({
  clicks: z.number().int().describe("Human clicks (bots and HEAD requests excluded)"),
  unique_visitors: z.number().int(),
  bots: z.number().int(),
  qr_scans: z.number().int(),
  total_requests: z.number().int(),
});

function countsOf(c: analyticsV1.ClickCounts | undefined): z.output<typeof countsSchema> {
  return {
    clicks: Number(c?.clicks ?? 0n),
    unique_visitors: Number(c?.uniqueVisitors ?? 0n),
    bots: Number(c?.bots ?? 0n),
    qr_scans: Number(c?.qrScans ?? 0n),
    total_requests: Number(c?.totalRequests ?? 0n),
  };
}

export const getCampaignAnalytics = defineTool({
  name: "getCampaignAnalytics",
  title: "Campaign analytics",
  description:
    "Reports the clicks of all of a campaign's links together over a period: totals (humans, unique visitors, bots, QR scans), a timeline and each link's share. It changes nothing.",
  input: {
    id: campaignIdParam,
    period: z.enum(["7d", "30d", "90d", "1y"]).default("30d").describe("Days back from now (default 30d)"),
  },
  output: {
    start: z.string(),
    end: z.string(),
    counts: countsSchema,
    timeline: z.array(
      z.object({ start: z.string(), clicks: z.number().int(), unique_visitors: z.number().int() }),
    ),
    links: z.array(
      z.object({ code: z.string(), host: z.string(), destination_url: z.string(), counts: countsSchema }),
    ),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getCampaignAnalytics({
      campaignId: args.id,
      range: { period: PERIODS[args.period] },
    });
    const iso = (t: Parameters<typeof timestampDate>[0] | undefined) =>
      t ? timestampDate(t).toISOString() : "";
    return {
      start: iso(a.range?.start),
      end: iso(a.range?.end),
      counts: countsOf(a.counts),
      timeline: a.timeline.map((p) => ({
        start: iso(p.start),
        clicks: Number(p.clicks),
        unique_visitors: Number(p.uniqueVisitors),
      })),
      links: a.links.map((l) => ({
        code: l.link?.code ?? "",
        host: l.link?.host ?? "",
        destination_url: l.destinationUrl,
        counts: countsOf(l.counts),
      })),
    };
  },
});
