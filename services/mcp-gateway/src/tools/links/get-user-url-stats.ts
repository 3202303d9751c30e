import { z } from "zod";
import { planLimitOut, planLimitSchema } from "../plan-limit-output";
import { defineTool, READ_ONLY } from "../tool-definition";

export const getUserUrlStats = defineTool({
  name: "getUserUrlStats",
  title: "The account's links and their clicks",
  description:
    "Summarises the account's short links: how many there are (dynamic, password-protected, expiring, behind QR codes), their clicks since creation, and the plan's link limit with the room left. Use it before creating many links or to answer \"how are my links doing overall\"; for a period's clicks use getOverviewStats. It changes nothing.",
  input: {},
  output: {
    total_links: z.number().int(),
    dynamic_links: z.number().int(),
    password_protected_links: z.number().int(),
    expiring_links: z.number().int(),
    qr_links: z.number().int().describe("Links a QR code points to"),
    total_clicks: z.number().int().describe("Human clicks of every link since it was created"),
    link_limit: planLimitSchema,
    links_remaining: z
      .number()
      .int()
      .nullable()
      .describe("Links that can still be created (null: unlimited)"),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients) {
    const s = await clients.links.getLinkStats({});
    const limit = planLimitOut(s.linkLimit);
    const total = Number(s.totalLinks);
    return {
      total_links: total,
      dynamic_links: Number(s.dynamicLinks),
      password_protected_links: Number(s.passwordProtectedLinks),
      expiring_links: Number(s.expiringLinks),
      qr_links: Number(s.qrLinks),
      total_clicks: Number(s.totalClicks),
      link_limit: limit,
      links_remaining: limit === null ? null : Math.max(0, limit - total),
    };
  },
});
