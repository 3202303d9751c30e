import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  countsOf,
  countsSchema,
  linkParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getTrafficQuality = defineTool({
  name: "getTrafficQuality",
  title: "Humans versus bots",
  description:
    "How much of the traffic is human, for one link or the whole account: bot share, why requests counted as bots (crawler, preview, no user agent...) and direct clicks. It changes nothing.",
  input: { shortUrlId: linkParam.optional(), period: periodParam },
  output: {
    range: rangeSchema,
    counts: countsSchema,
    bot_share: z.number().describe("Bots / all requests, 0 to 1"),
    bot_reasons: breakdownSchema,
    direct_clicks: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getTrafficQuality({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
    });
    const q = a.quality;
    return {
      range: rangeOut(a.range),
      counts: countsOf(q?.counts),
      bot_share: Number.isFinite(q?.botShare) ? (q?.botShare ?? 0) : 0,
      bot_reasons: breakdownOut(q?.botReasons),
      direct_clicks: Number(q?.directClicks ?? 0n),
    };
  },
});
