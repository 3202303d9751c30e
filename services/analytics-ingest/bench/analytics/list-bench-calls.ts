/**
 * What the analytics bench measures: the subjects (the most clicked link, a small link, the
 * busiest account and campaign, the most scanned QR link, the largest A/B test), picked from the
 * built data by plain SQL, and every AnalyticsReader method the REST API and AnalyticsService
 * call, each with its latency target.
 */
import type { ClickStore } from "@kurz/clickstore";
import type { AnalyticsReader } from "../../src/analytics/analytics-reader";
import type { TimeRangeInput } from "../../src/analytics/resolve-time-range";
import type { Catalog } from "./generate-clicks";

export interface Subjects {
  topLink: { accountId: string; linkId: string; clicks30d: number };
  smallLink: { accountId: string; linkId: string; clicks30d: number };
  account: { accountId: string; clicks30d: number };
  campaign: { accountId: string; campaignId: string; clicks30d: number };
  qrLink: { accountId: string; linkId: string; scans30d: number };
  abTest: { accountId: string; abTestId: string };
}

export interface BenchCall {
  /** What is asked, e.g. "getCompleteAnalytics top link 30d". */
  name: string;
  /** The REST route or gRPC method it answers. */
  serves: string;
  targetMs: number;
  run(): Promise<unknown>;
}

const FAST_MS = 50;
/** Complete analytics and 90-day overviews (the targets). */
const HEAVY_MS = 100;

/** A dataset and the targets its calls are held to. */
export interface Scenario {
  name: "history" | "today";
  describe: string;
  /** How far back the dataset's clicks go. */
  days: number;
  /** The target of a call of the historical scenario's list, in this one. */
  targetOf(call: BenchCall): number;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: "history",
    describe: "clicks over 180 days, every finished day rolled up",
    days: 180,
    targetOf: (call) => call.targetMs,
  },
  {
    // The performance issue's "today": nothing rolled up yet, so every report reads what the
    // inserts themselves aggregated. Every report within 100 ms, a link's stats within 50.
    name: "today",
    describe: "every click within the last hour of the current UTC day, nothing rolled up",
    days: 1 / 24,
    targetOf: (call) => (/^getLink(Stats|Summary) /.test(call.name) ? FAST_MS : HEAVY_MS),
  },
];

async function rows<T>(store: ClickStore, query: string, params: Record<string, unknown>): Promise<T[]> {
  return (await store.client.query({ query, query_params: params, format: "JSONEachRow" })).json<T>();
}

/** Subjects from the last 30 days of the data (`endMs`: the dataset's end). */
export async function pickSubjects(store: ClickStore, catalog: Catalog): Promise<Subjects> {
  const since = new Date(catalog.endMs - 30 * 86_400_000).toISOString().slice(0, 19).replace("T", " ");
  const recent = "day >= toDate({since:DateTime('UTC')})";
  const links = await rows<{ account_id: string; link_id: string; n: string }>(
    store,
    `SELECT account_id, link_id, sum(clicks) AS n FROM link_clicks_daily_v1 WHERE ${recent}
      GROUP BY account_id, link_id ORDER BY n DESC, link_id`,
    { since },
  );
  const top = links[0];
  if (!top) throw new Error("the dataset has no clicks in its last 30 days");
  // The link closest to 50 clicks in 30 days: the cost of a report when there is little to read.
  const small = [...links].sort((a, b) => Math.abs(Number(a.n) - 50) - Math.abs(Number(b.n) - 50))[0] ?? top;
  const [account] = await rows<{ account_id: string; n: string }>(
    store,
    `SELECT account_id, sum(clicks) AS n FROM link_clicks_daily_v1 WHERE ${recent}
      GROUP BY account_id ORDER BY n DESC, account_id LIMIT 1`,
    { since },
  );
  const [campaign] = await rows<{ account_id: string; campaign_id: string; n: string }>(
    store,
    `SELECT account_id, campaign_id, sum(clicks) AS n FROM link_clicks_daily_v1
      WHERE ${recent} AND campaign_id != ''
      GROUP BY account_id, campaign_id ORDER BY n DESC, campaign_id LIMIT 1`,
    { since },
  );
  const [qr] = await rows<{ account_id: string; link_id: string; n: string }>(
    store,
    `SELECT account_id, link_id, sum(qr_scans) AS n FROM link_clicks_daily_v1 WHERE ${recent}
      GROUP BY account_id, link_id ORDER BY n DESC, link_id LIMIT 1`,
    { since },
  );
  const abLink = catalog.links.find((link) => link.abTestId !== "");
  if (!account || !campaign || !qr || !abLink)
    throw new Error("the dataset lacks an account, campaign, QR link or A/B test");
  return {
    topLink: { accountId: top.account_id, linkId: top.link_id, clicks30d: Number(top.n) },
    smallLink: { accountId: small.account_id, linkId: small.link_id, clicks30d: Number(small.n) },
    account: { accountId: account.account_id, clicks30d: Number(account.n) },
    campaign: {
      accountId: campaign.account_id,
      campaignId: campaign.campaign_id,
      clicks30d: Number(campaign.n),
    },
    qrLink: { accountId: qr.account_id, linkId: qr.link_id, scans30d: Number(qr.n) },
    abTest: { accountId: abLink.account.accountId, abTestId: abLink.abTestId },
  };
}

/**
 * Every report the REST routes (src/routes/analytics-routes.ts) and AnalyticsService
 * (src/grpc/analytics-service.ts) answer, over periods ending at the bench's clock.
 */
export function listBenchCalls(
  reader: AnalyticsReader,
  s: Subjects,
  scenario: Scenario = SCENARIOS[0] as Scenario,
): BenchCall[] {
  const top = s.topLink;
  const acct = s.account.accountId;
  const p = (period: "7d" | "30d" | "90d" | "1y"): TimeRangeInput => ({ period });
  const calls: BenchCall[] = [];
  const add = (name: string, serves: string, targetMs: number, run: () => Promise<unknown>) =>
    calls.push({ name, serves, targetMs, run });

  for (const period of ["7d", "30d", "90d", "1y"] as const) {
    add(`getLinkSummary top link ${period}`, "gRPC GetLinkStats", FAST_MS, () =>
      reader.getLinkSummary(top.accountId, top.linkId, period),
    );
  }
  add("getLinkStats top link 7d", "GET /analytics/{id}", HEAVY_MS, () =>
    reader.getLinkStats(top.accountId, top.linkId, p("7d")),
  );
  add(
    "getCompleteAnalytics top link 30d",
    "GET /analytics/{id}/complete, GetCompleteAnalytics",
    HEAVY_MS,
    () => reader.getCompleteAnalytics(top.accountId, top.linkId, p("30d")),
  );
  add(
    `getCompleteAnalytics small link 30d`,
    "GET /analytics/{id}/complete, GetCompleteAnalytics",
    HEAVY_MS,
    () => reader.getCompleteAnalytics(s.smallLink.accountId, s.smallLink.linkId, p("30d")),
  );
  add("getAccountOverview 7d", "GET /analytics/account/overview", FAST_MS, () =>
    reader.getAccountOverview(acct, p("7d")),
  );
  add("getAccountOverview 30d", "GET /analytics/account/overview", FAST_MS, () =>
    reader.getAccountOverview(acct, p("30d")),
  );
  add("getAccountOverview 90d", "GET /analytics/account/overview", HEAVY_MS, () =>
    reader.getAccountOverview(acct, p("90d")),
  );
  add("getTopLinks 30d", "GET /analytics/account/top-links", FAST_MS, () =>
    reader.getTopLinks(acct, p("30d")),
  );
  add("getTopLinks 90d", "GET /analytics/account/top-links", FAST_MS, () =>
    reader.getTopLinks(acct, p("90d")),
  );
  add("listClickDetails top link page 1", "GET /analytics/{id}/clicks", FAST_MS, () =>
    reader.listClickDetails(top.accountId, top.linkId, p("30d"), { page: 1 }, false),
  );
  add("listClickDetails top link page 100", "GET /analytics/{id}/clicks", FAST_MS, () =>
    reader.listClickDetails(top.accountId, top.linkId, p("30d"), { page: 100 }, false),
  );
  add("listClickDetails account page 1 +bots", "GET /analytics/account/clicks", FAST_MS, () =>
    reader.listClickDetails(acct, undefined, p("30d"), { page: 1, limit: 50 }, true),
  );
  add("getCampaignAnalytics 30d", "GET /analytics/account/campaigns/{id}", FAST_MS, () =>
    reader.getCampaignAnalytics(s.campaign.accountId, s.campaign.campaignId, p("30d")),
  );
  add("getDomainAnalytics 30d", "GET /analytics/account/domains", FAST_MS, () =>
    reader.getDomainAnalytics(acct, p("30d")),
  );
  add("getClicksTimeline top link 30d (day)", "GET /analytics/{id}/timeline", FAST_MS, () =>
    reader.getClicksTimeline(top.accountId, top.linkId, p("30d")),
  );
  add("getClicksTimeline account 7d (hour)", "GET /analytics/account/timeline", FAST_MS, () =>
    reader.getClicksTimeline(acct, undefined, { period: "7d", granularity: "hour" }),
  );
  for (const [scope, accountId, link] of [
    ["top link", top.accountId, top.linkId],
    ["account", acct, undefined],
  ] as const) {
    const route = link ? "/analytics/{id}" : "/analytics/account";
    add(`getGeography ${scope} 30d`, `GET ${route}/geography`, FAST_MS, () =>
      reader.getGeography(accountId, link, p("30d")),
    );
    add(`getDevices ${scope} 30d`, `GET ${route}/devices`, FAST_MS, () =>
      reader.getDevices(accountId, link, p("30d")),
    );
    add(`getReferrers ${scope} 30d`, `GET ${route}/referrers`, FAST_MS, () =>
      reader.getReferrers(accountId, link, p("30d")),
    );
    add(`getUtmBreakdown ${scope} 30d`, `GET ${route}/utm`, FAST_MS, () =>
      reader.getUtmBreakdown(accountId, link, p("30d")),
    );
    add(`getTrafficQuality ${scope} 30d`, `GET ${route}/traffic-quality`, FAST_MS, () =>
      reader.getTrafficQuality(accountId, link, p("30d")),
    );
    add(`getConversionStats ${scope} 30d`, `GET ${route}/conversions`, FAST_MS, () =>
      reader.getConversionStats(accountId, link, p("30d")),
    );
  }
  add("getQrAnalytics QR link 30d", "GET /analytics/{id}/qr", FAST_MS, () =>
    reader.getQrAnalytics(s.qrLink.accountId, s.qrLink.linkId, p("30d")),
  );
  add("getQrAnalytics account 30d", "GET /analytics/account/qr", FAST_MS, () =>
    reader.getQrAnalytics(acct, undefined, p("30d")),
  );
  add("listLinksWithUtm 30d", "GET /analytics/account/utm-links", FAST_MS, () =>
    reader.listLinksWithUtm(acct, p("30d")),
  );
  add("getRecentActivity", "GET /analytics/account/recent", FAST_MS, () => reader.getRecentActivity(acct));
  add("getVariantStats 30 days", "GET /analytics/account/ab-tests/{id}", FAST_MS, () =>
    reader.getVariantStats(s.abTest.accountId, s.abTest.abTestId, 30),
  );
  return calls.map((call) => ({ ...call, targetMs: scenario.targetOf(call) }));
}
