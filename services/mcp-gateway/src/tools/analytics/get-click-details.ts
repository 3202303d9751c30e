import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { linkParam, periodParam, rangeOf, rangeOut, rangeSchema } from "./analytics-output";
import { clickDetailOut, clickDetailSchema } from "./click-detail-output";

export const getClickDetails = defineTool({
  name: "getClickDetails",
  title: "Single clicks",
  description:
    "Lists single clicks, newest first, a page at a time — for one link or the whole account — with device, place, referrer, UTM and bot verdict of each (never the visitor's address). Bots only with include_bots. It changes nothing.",
  input: {
    shortUrlId: linkParam.optional(),
    period: periodParam,
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(100).default(20),
    include_bots: z.boolean().default(false),
  },
  output: {
    range: rangeSchema,
    clicks: z.array(clickDetailSchema),
    page: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.listClickDetails({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
      page: { page: args.page, limit: args.limit },
      includeBots: args.include_bots,
    });
    return {
      range: rangeOut(a.range),
      clicks: a.clicks.map(clickDetailOut),
      page: a.page?.page ?? args.page,
      total: Number(a.page?.total ?? 0),
    };
  },
});
