import { completeShortCodes } from "../completions/complete-short-codes";
import { getStats } from "../tools/analytics/get-stats";
import type { ResourceTemplateDefinition } from "./resource-definition";

/** kurz://links/{shortCode}/analytics: a link's last 30 days, as getStats returns them. */
export const linkAnalyticsResource: ResourceTemplateDefinition = {
  name: "link-analytics",
  title: "A short link's analytics summary",
  description:
    "One link's last 30 days: human clicks, unique visitors, bots, QR scans and the daily timeline.",
  uriTemplate: "kurz://links/{shortCode}/analytics",
  scope: getStats.scope,
  read: (context, params) =>
    getStats.run(context.clients, { shortUrlId: params.shortCode ?? "", period: "30d" }),
  complete: { shortCode: completeShortCodes },
};
