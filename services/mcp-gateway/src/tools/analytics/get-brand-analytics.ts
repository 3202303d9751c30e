import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { countsOf, countsSchema, periodParam, rangeOf, rangeOut, rangeSchema } from "./analytics-output";

export const getBrandAnalytics = defineTool({
  name: "getBrandAnalytics",
  title: "Clicks by domain",
  description:
    "Clicks per short host — the standard host, the account's subdomains and branded domains — over a period, or one host's alone. It changes nothing.",
  input: {
    period: periodParam,
    host: z.string().max(253).optional().describe('Only this host, e.g. "go.example.com"'),
  },
  output: {
    range: rangeSchema,
    domains: z.array(z.object({ host: z.string(), links: z.number().int(), counts: countsSchema })),
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getDomainAnalytics({ range: rangeOf(args), host: args.host ?? "" });
    return {
      range: rangeOut(a.range),
      domains: a.domains.map((d) => ({ host: d.host, links: Number(d.links), counts: countsOf(d.counts) })),
    };
  },
});
