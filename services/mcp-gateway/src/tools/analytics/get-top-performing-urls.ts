import { analyticsV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  linkStatsOut,
  linkStatsSchema,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getTopPerformingUrls = defineTool({
  name: "getTopPerformingUrls",
  title: "Most clicked links",
  description:
    "The account's links with most human clicks (or unique visitors) over a period, best first. It changes nothing.",
  input: {
    period: periodParam,
    limit: z.number().int().min(1).max(100).default(10),
    orderBy: z.enum(["clicks", "unique_visitors"]).default("clicks"),
  },
  output: { range: rangeSchema, urls: z.array(linkStatsSchema) },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getTopLinks({
      range: rangeOf(args),
      limit: args.limit,
      order:
        args.orderBy === "clicks"
          ? analyticsV1.TopLinksOrder.CLICKS
          : analyticsV1.TopLinksOrder.UNIQUE_VISITORS,
    });
    return { range: rangeOut(a.range), urls: a.links.map((l) => linkStatsOut(l)) };
  },
});
