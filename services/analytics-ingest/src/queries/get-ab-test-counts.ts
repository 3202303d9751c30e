import type { ClickStore } from "@kurz/clickstore";
import { toClickHouseTime } from "../ingest/click-row";
import { num, queryRows } from "./query-rows";

export interface AbTestCountsQuery {
  accountId: string;
  testId: string;
  /** The test's link: with the account, the sorting key's prefix, so only its rows are read. */
  linkId: string;
  /** Totals count from here (the test's first start). */
  since: Date;
  /** The timeline's first day (00:00 UTC) and the end of both windows. */
  timelineStart: Date;
  end: Date;
}

export interface AbCounts {
  exposures: number;
  visitors: number;
  /** Visitors with at least one conversion. */
  converters: number;
}

export interface AbVariantCounts {
  variantId: string;
  totals: AbCounts;
  /** Keyed by the day's start, epoch ms; days without exposures or conversions are absent. */
  days: Map<number, AbCounts>;
}

const ZERO: AbCounts = { exposures: 0, visitors: 0, converters: 0 };

/**
 * A test's exposures, distinct visitors and converting visitors per variant, in total since the
 * test started and per day of the timeline: two statements over the test link's rows only.
 *
 * Only exposures count (clicks carrying the A/B visitor id: routed human visits; bots and HEAD
 * requests carry none). A conversion counts its visitor once however many they report, so
 * converters ≤ visitors and the rate is the proportion the statistics need. A conversion is
 * joined to its click for the visitor; it counts on the day it happened, and in the totals when its
 * click came after the start.
 */
export async function getAbTestCounts(store: ClickStore, q: AbTestCountsQuery): Promise<AbVariantCounts[]> {
  const from = new Date(Math.min(q.since.getTime(), q.timelineStart.getTime()));
  const params = {
    accountId: q.accountId,
    linkId: q.linkId,
    testId: q.testId,
    from: toClickHouseTime(from.getTime()).slice(0, 23),
    since: toClickHouseTime(q.since.getTime()).slice(0, 23),
    end: toClickHouseTime(q.end.getTime()).slice(0, 23),
  };
  const exposuresOfTest = `account_id = {accountId:String} AND link_id = {linkId:String}
        AND clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at < {end:DateTime64(3, 'UTC')}
        AND ab_test_id = {testId:String} AND ab_visitor != ''`;
  const [exposures, conversions] = await Promise.all([
    queryRows<Record<string, unknown>>(
      store,
      `SELECT variant_id, toUnixTimestamp(toStartOfDay(clicked_at)) * 1000 AS day, grouping(day) AS total,
              count() AS n, uniqExact(ab_visitor) AS v,
              countIf(clicked_at >= {since:DateTime64(3, 'UTC')}) AS n_since,
              uniqExactIf(ab_visitor, clicked_at >= {since:DateTime64(3, 'UTC')}) AS v_since
         FROM clicks_v1
        WHERE ${exposuresOfTest}
        GROUP BY GROUPING SETS ((variant_id), (variant_id, day))`,
      params,
    ),
    queryRows<Record<string, unknown>>(
      store,
      `SELECT k.variant_id AS variant_id, toUnixTimestamp(toStartOfDay(c.occurred_at)) * 1000 AS day,
              grouping(day) AS total, uniqExact(k.ab_visitor) AS v,
              uniqExactIf(k.ab_visitor, k.clicked_at >= {since:DateTime64(3, 'UTC')}) AS v_since
         FROM conversions_v1 AS c
        INNER JOIN (SELECT click_id, variant_id, ab_visitor, clicked_at FROM clicks_v1 WHERE ${exposuresOfTest}) AS k
           ON c.click_id = k.click_id
        WHERE c.account_id = {accountId:String} AND c.link_id = {linkId:String}
          AND c.ab_test_id = {testId:String}
          AND c.occurred_at >= {from:DateTime64(3, 'UTC')} AND c.occurred_at < {end:DateTime64(3, 'UTC')}
        GROUP BY GROUPING SETS ((variant_id), (variant_id, day))`,
      params,
    ),
  ]);

  const variants = new Map<string, AbVariantCounts>();
  const variantOf = (id: string): AbVariantCounts => {
    let known = variants.get(id);
    if (known === undefined) {
      known = { variantId: id, totals: { ...ZERO }, days: new Map() };
      variants.set(id, known);
    }
    return known;
  };
  const dayOf = (variant: AbVariantCounts, day: number): AbCounts => {
    let known = variant.days.get(day);
    if (known === undefined) {
      known = { ...ZERO };
      variant.days.set(day, known);
    }
    return known;
  };
  const timelineStartMs = q.timelineStart.getTime();
  for (const row of exposures) {
    const variant = variantOf(String(row.variant_id));
    if (num(row.total) === 1) {
      variant.totals.exposures = num(row.n_since);
      variant.totals.visitors = num(row.v_since);
    } else if (num(row.day) >= timelineStartMs) {
      const day = dayOf(variant, num(row.day));
      day.exposures = num(row.n);
      day.visitors = num(row.v);
    }
  }
  for (const row of conversions) {
    const variant = variantOf(String(row.variant_id));
    if (num(row.total) === 1) variant.totals.converters = num(row.v_since);
    else if (num(row.day) >= timelineStartMs) dayOf(variant, num(row.day)).converters = num(row.v);
  }
  return [...variants.values()].sort((a, b) => a.variantId.localeCompare(b.variantId));
}
