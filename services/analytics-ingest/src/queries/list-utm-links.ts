import type { ClickStore } from "@kurz/clickstore";
import type { ClickCounts, LinkRef } from "../analytics/analytics-types";
import { dimensionArraySql } from "../rollups/dimension-values";
import type { DayCoverage } from "./find-rolled-days";
import { getLinkTotals } from "./get-link-totals";
import { planReads, splitAtHourlyStart } from "./plan-reads";
import { num, queryRows } from "./query-rows";
import { HUMAN, hourlyRollupsOf, type QueryScope, scopeFilters, TAGGED } from "./query-scope";
import { dateOf, spansSql } from "./time-windows";

export interface UtmLinkRow {
  link: LinkRef;
  counts: ClickCounts;
  taggedClicks: number;
  topSource: string;
  topMedium: string;
  topCampaign: string;
}

const TAGGED_HUMAN = `${HUMAN} AND ${TAGGED}`;

/**
 * Links of a scope whose human clicks carried UTM parameters, most tagged clicks first, paged.
 * In two steps, so that the costly parts read only the page's links:
 * 1. the ranking: tagged clicks per link over the window (rankingSources: link_days_v1 for
 *    rolled-up days, clicks_v1 for the rest) with the number of such links, cut to the page;
 * 2. for the page's links at once, in parallel: their totals (get-link-totals.ts, as the top-links
 *    report) and their most frequent source, medium and campaign (topUtmValues), both from the
 *    link rollups for the days `coverage` says are rolled up and from the links' own rows for the
 *    rest — keyed by account and link, so only the page's links are read.
 * One statement doing all of it for every link read the account's month with three topK, a uniq
 * and two argMax per row: 82 ms at 10 M clicks (make bench-analytics). The ranking alone takes
 * ~21 ms from clicks_v1 (the account's ~450 000 rows of a month), ~6 ms from link_days_v1.
 */
export async function listUtmLinks(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
  page: { limit: number; offset: number },
): Promise<{ links: UtmLinkRow[]; total: number }> {
  const sources = rankingSources(scope, coverage);
  if (sources.sql.length === 0) return { links: [], total: 0 };
  const tagged = `SELECT link_id, sum(t) AS n_tagged FROM (${sources.sql.join(" UNION ALL ")})
                   GROUP BY link_id HAVING n_tagged > 0`;
  const ranked = await queryRows<{ link_id: string; n_tagged: string; total: string }>(
    store,
    `SELECT link_id, n_tagged, total
       FROM (SELECT link_id, n_tagged, count() OVER () AS total FROM (${tagged}))
      ORDER BY n_tagged DESC, link_id
      LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...sources.params, limit: page.limit, offset: page.offset },
  );
  if (ranked.length === 0) {
    // Past the last page (or nothing tagged): the total still has to be told.
    const total =
      page.offset === 0
        ? 0
        : num(
            (await queryRows<{ n: string }>(store, `SELECT count() AS n FROM (${tagged})`, sources.params))[0]
              ?.n,
          );
    return { links: [], total };
  }
  const linkIds = ranked.map((row) => row.link_id);
  const pageScope: QueryScope = { ...scope, linkIds };
  const [totals, tops] = await Promise.all([
    getLinkTotals(store, pageScope, coverage, { limit: linkIds.length, order: "clicks" }),
    topUtmValues(store, pageScope, coverage),
  ]);
  const statsOf = new Map(totals.links.map((stats) => [stats.link.linkId, stats]));
  return {
    total: num(ranked[0]?.total),
    links: ranked.map((row) => {
      const stats = statsOf.get(row.link_id);
      if (!stats) throw new Error(`link ${row.link_id} has tagged clicks but no totals`);
      const top = (dimension: UtmDimension) => tops.get(`${row.link_id}\u0000${dimension}`) ?? "";
      return {
        link: stats.link,
        counts: stats.counts,
        taggedClicks: num(row.n_tagged),
        topSource: top("utmSource"),
        topMedium: top("utmMedium"),
        topCampaign: top("utmCampaign"),
      };
    }),
  };
}

/**
 * The scope's tagged human clicks per link and day (link_id, t): link_days_v1's tagged_clicks
 * for rolled-up days (final counts; the account's links of a day are one range of it — the
 * `tagged` rows of the link dimension rollup are spread through the whole account), link_hours_v1
 * for every other day and the partial ones (clicks_v1 before it began). A day is in one source
 * only.
 */
function rankingSources(
  scope: QueryScope,
  coverage: DayCoverage | undefined,
): { sql: string[]; params: Record<string, unknown> } {
  const plan = planReads({ ...scope.range, granularity: "day" }, coverage);
  const sql: string[] = [];
  const { clauses, params } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
  if (plan.finalDays.length > 0) {
    params.rankDays = plan.finalDays.map(dateOf);
    const rolled = scopeFilters(scope, { link: true, campaign: true, host: true }).clauses;
    sql.push(`SELECT link_id, tagged_clicks AS t FROM link_days_v1
               WHERE ${[...rolled, "day IN {rankDays:Array(Date)}"].join(" AND ")}`);
  }
  const { hourly, raw: rawSpans } = splitAtHourlyStart(
    [...plan.otherDays, ...plan.partial],
    hourlyRollupsOf(scope).links ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    const time = spansSql("hour", hourly, "rankHour", "DateTime");
    Object.assign(params, time.params);
    const rolled = scopeFilters(scope, { link: true, campaign: true, host: true }).clauses;
    sql.push(`SELECT link_id, sum(tagged_clicks) AS t FROM link_hours_v1
               WHERE ${[...rolled, time.sql].join(" AND ")} GROUP BY link_id`);
  }
  if (rawSpans.length > 0) {
    const time = spansSql("clicked_at", rawSpans, "rankRaw", "DateTime64");
    Object.assign(params, time.params);
    sql.push(`SELECT link_id, countIf(${TAGGED_HUMAN}) AS t FROM clicks_v1
               WHERE ${[...clauses, time.sql].join(" AND ")} GROUP BY link_id`);
  }
  return { sql, params };
}

const UTM_DIMENSIONS = ["utmSource", "utmMedium", "utmCampaign"] as const;
type UtmDimension = (typeof UTM_DIMENSIONS)[number];

/**
 * The most frequent value of each UTM dimension per link of the scope (human clicks; one of the
 * values tied for first), keyed `${linkId}\0${dimension}`: rolled-up days from
 * link_dimensions_daily_v1, every other day from link_dimensions_hourly_v2 (clicks_v1 before it
 * began), summed per value before ranking.
 */
async function topUtmValues(
  store: ClickStore,
  scope: QueryScope,
  coverage: DayCoverage | undefined,
): Promise<Map<string, string>> {
  const plan = planReads({ ...scope.range, granularity: "day" }, coverage);
  const sources: string[] = [];
  let params: Record<string, unknown> = { utmDimensions: UTM_DIMENSIONS };
  if (plan.finalDays.length > 0) {
    params = {
      ...params,
      accountId: scope.accountId,
      linkIds: scope.linkIds ?? [],
      rolledDays: plan.finalDays.map(dateOf),
    };
    sources.push(`SELECT link_id, dimension, value, clicks AS c FROM link_dimensions_daily_v1
                   WHERE account_id = {accountId:String} AND link_id IN {linkIds:Array(String)}
                     AND dimension IN {utmDimensions:Array(String)} AND day IN {rolledDays:Array(Date)}`);
  }
  const { hourly, raw: rawSpans } = splitAtHourlyStart(
    [...plan.otherDays, ...plan.partial],
    hourlyRollupsOf(scope).dimensions === "link" ? scope.hourlyFrom : undefined,
  );
  if (hourly.length > 0) {
    const time = spansSql("hour", hourly, "hourlyTime", "DateTime");
    params = { ...params, ...time.params, accountId: scope.accountId, linkIds: scope.linkIds ?? [] };
    sources.push(`SELECT link_id, dimension, value, sum(clicks) AS c FROM link_dimensions_hourly_v2
                   WHERE account_id = {accountId:String} AND link_id IN {linkIds:Array(String)}
                     AND dimension IN {utmDimensions:Array(String)} AND ${time.sql}
                   GROUP BY link_id, dimension, value`);
  }
  if (rawSpans.length > 0) {
    const { clauses, params: p } = scopeFilters(scope, { link: true, campaign: true, host: true, raw: true });
    const time = spansSql("clicked_at", rawSpans, "rawTime", "DateTime64");
    params = { ...params, ...p, ...time.params };
    sources.push(`SELECT link_id, d.1 AS dimension, d.2 AS value, countIf(${HUMAN}) AS c
                    FROM clicks_v1 ARRAY JOIN ${dimensionArraySql(UTM_DIMENSIONS)} AS d
                   WHERE ${[...clauses, time.sql].join(" AND ")}
                   GROUP BY link_id, dimension, value`);
  }
  if (sources.length === 0) return new Map();
  const rows = await queryRows<{ link_id: string; dimension: string; value: string }>(
    store,
    `SELECT link_id, dimension, value, sum(c) AS n FROM (${sources.join(" UNION ALL ")})
      GROUP BY link_id, dimension, value
     HAVING n > 0
      ORDER BY link_id, dimension, n DESC, value
      LIMIT 1 BY link_id, dimension`,
    params,
  );
  return new Map(rows.map((row) => [`${row.link_id}\u0000${row.dimension}`, String(row.value)]));
}
