import { planLimitOut } from "../tools/plan-limit-output";
import type { PlanLimits, ResourceContext, ResourceTemplateDefinition } from "./resource-definition";

type Counted = keyof PlanLimits["limits"];

/** How many of each thing the account has, each read only when the principal may see it. */
const COUNTS: ReadonlyArray<{
  item: Counted;
  scope: string;
  count(context: ResourceContext): Promise<number>;
}> = [
  {
    item: "links",
    scope: "shorturl:read",
    count: async ({ clients }) => Number((await clients.links.getLinkStats({})).totalLinks),
  },
  {
    item: "qr_codes",
    scope: "qrcode:read",
    count: async ({ clients }) => Number((await clients.qr.countQrCodes({})).total),
  },
  {
    item: "campaigns",
    scope: "campaign:read",
    count: async ({ clients }) =>
      Number((await clients.campaigns.listCampaigns({ page: { page: 1, limit: 1 } })).page?.total ?? 0),
  },
  {
    item: "ab_tests",
    scope: "abtest:read",
    count: async ({ clients }) =>
      Number((await clients.abTests.listAbTests({ page: { page: 1, limit: 1 } })).page?.total ?? 0),
  },
  {
    item: "subdomains",
    scope: "domain:read",
    count: async ({ clients }) => (await clients.domains.listDomains({})).subdomains.length,
  },
  {
    item: "branded_domains",
    scope: "domain:read",
    count: async ({ clients }) => (await clients.domains.listDomains({})).brandedDomains.length,
  },
];

/**
 * kurz://account/usage: the account's plan, and for each limited thing how many exist against
 * the limit (null where unlimited; `used` is null where the key may not see that kind of thing).
 */
export const accountUsageResource: ResourceTemplateDefinition = {
  name: "account-usage",
  title: "The account's usage against its plan",
  description:
    "The account's plan and, for links, QR codes, campaigns, A/B tests, subdomains and branded domains, how many exist against the plan's limit, plus the MCP requests a minute the plan allows. Read it before creating many things.",
  uriTemplate: "kurz://account/usage",
  scope: undefined,
  async read(context) {
    const plan = await context.planOf(context.principal.accountId);
    const usage = await Promise.all(
      COUNTS.map(async ({ item, scope, count }) => {
        const limit = planLimitOut(plan.limits[item]);
        const used = context.principal.permissions.has(scope) ? await count(context) : null;
        const remaining = limit === null || used === null ? null : Math.max(0, limit - used);
        return [item, { used, limit, remaining }] as const;
      }),
    );
    return {
      plan: plan.id,
      mcp_requests_per_minute: plan.mcpRequestsPerMinute,
      usage: Object.fromEntries(usage),
    };
  },
};
