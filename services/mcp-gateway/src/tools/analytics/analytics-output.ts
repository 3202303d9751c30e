import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { analyticsV1 } from "@kurz/proto";
import { z } from "zod";

export const PERIODS = {
  "7d": analyticsV1.Period.PERIOD_7D,
  "30d": analyticsV1.Period.PERIOD_30D,
  "90d": analyticsV1.Period.PERIOD_90D,
  "1y": analyticsV1.Period.PERIOD_1Y,
} as const;

export const periodParam = z
  .enum(["7d", "30d", "90d", "1y"])
  .default("7d")
  .describe("Days back from now, starting at a UTC midnight (default 7d)")
  .meta({ examples: ["30d"] });

/** A link a report names: its short code or alias. */
export const linkParam = z
  .string()
  .min(1)
  .max(200)
  .describe('The link\'s short code or alias, e.g. "spring-sale"')
  .meta({ examples: ["spring-sale", "aB3xK9"] });

export const limitParam = z
  .number()
  .int()
  .min(1)
  .max(500)
  .default(10)
  .describe("Entries per list (default 10)")
  .meta({ examples: [10] });

/** A report's window: a period, or an explicit range (the tools that offer dates take these). */
export const rangeParams = {
  period: z
    .enum(["7d", "30d", "90d", "1y"])
    .default("7d")
    .describe("Days back from now, starting at a UTC midnight (default 7d; ignored with startDate/endDate)"),
  startDate: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("ISO 8601 start, e.g. 2026-11-01T00:00:00Z (give endDate too)"),
  endDate: z.iso.datetime({ offset: true }).optional().describe("ISO 8601 end, exclusive (with startDate)"),
};

/** The period, or an explicit range when both dates are given; one date alone is refused. */
export function rangeOf(args: { period?: keyof typeof PERIODS; startDate?: string; endDate?: string }) {
  if ((args.startDate === undefined) !== (args.endDate === undefined)) {
    throw new AppError("VALIDATION_ERROR", {
      message: "startDate and endDate go together",
      details: { field: args.startDate === undefined ? "startDate" : "endDate" },
      hint: "Give both dates, or neither and a period",
    });
  }
  if (args.startDate !== undefined && args.endDate !== undefined) {
    return {
      start: timestampFromDate(new Date(args.startDate)),
      end: timestampFromDate(new Date(args.endDate)),
    };
  }
  return { period: PERIODS[args.period ?? "7d"] };
}

const iso = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : "");

export const countsSchema = z.object({
  clicks: z.number().int().describe("Human clicks: bots and HEAD requests are not counted"),
  unique_visitors: z.number().int(),
  bots: z.number().int(),
  head_requests: z.number().int(),
  total_requests: z.number().int().describe("Every answered request, bots included"),
  qr_scans: z.number().int(),
});

export function countsOf(c: analyticsV1.ClickCounts | undefined): z.output<typeof countsSchema> {
  return {
    clicks: Number(c?.clicks ?? 0n),
    unique_visitors: Number(c?.uniqueVisitors ?? 0n),
    bots: Number(c?.bots ?? 0n),
    head_requests: Number(c?.headRequests ?? 0n),
    total_requests: Number(c?.totalRequests ?? 0n),
    qr_scans: Number(c?.qrScans ?? 0n),
  };
}

export const rangeSchema = z.object({ start: z.string(), end: z.string() });

export function rangeOut(r: analyticsV1.ResolvedRange | undefined): z.output<typeof rangeSchema> {
  return { start: iso(r?.start), end: iso(r?.end) };
}

export const timelineSchema = z.array(
  z.object({
    start: z.string(),
    clicks: z.number().int(),
    unique_visitors: z.number().int(),
    bots: z.number().int(),
  }),
);

export function timelineOut(points: readonly analyticsV1.TimelinePoint[]): z.output<typeof timelineSchema> {
  return points.map((p) => ({
    start: iso(p.start),
    clicks: Number(p.clicks),
    unique_visitors: Number(p.uniqueVisitors),
    bots: Number(p.bots),
  }));
}

export const breakdownSchema = z.array(
  z.object({
    key: z.string().describe("The value: a country code, browser, referrer host, UTM source..."),
    clicks: z.number().int(),
    unique_visitors: z.number().int(),
    share: z.number().describe("Share of the human clicks, 0 to 1"),
  }),
);

export function breakdownOut(
  entries: readonly analyticsV1.BreakdownEntry[] | undefined,
): z.output<typeof breakdownSchema> {
  return (entries ?? []).map((e) => ({
    key: e.key,
    clicks: Number(e.clicks),
    unique_visitors: Number(e.uniqueVisitors),
    share: Number.isFinite(e.share) ? e.share : 0,
  }));
}

export const linkStatsSchema = z.object({
  code: z.string(),
  host: z.string(),
  destination_url: z.string(),
  counts: countsSchema,
});

export function linkStatsOut(l: analyticsV1.LinkStats | undefined): z.output<typeof linkStatsSchema> {
  return {
    code: l?.link?.code ?? "",
    host: l?.link?.host ?? "",
    destination_url: l?.destinationUrl ?? "",
    counts: countsOf(l?.counts),
  };
}
