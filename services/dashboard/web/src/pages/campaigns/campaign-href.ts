import { pathOf } from "../../router";

/** One campaign's view: a query parameter on the campaigns page, so it is a shareable link. */
export const campaignHref = (id: string): string => `${pathOf("campaigns")}?id=${encodeURIComponent(id)}`;

/** Its clicks on the analytics page. */
export const campaignAnalyticsHref = (id: string): string =>
  `${pathOf("analytics")}?campaign=${encodeURIComponent(id)}`;
