/**
 * Every analytics report computed by brute force over the rows a test generated (plain loops over
 * arrays, no ClickHouse): what report-exactness.test.ts holds the reader to. It follows the
 * documented definitions (README "Decisions") and the reader's output shapes and orderings, and
 * shares no code with src/ beyond the types.
 */
import type {
  BreakdownEntry,
  ClickCounts,
  ClickDetail,
  ConversionGroup,
  ConversionStats,
  CurrencyTotal,
  Granularity,
  LinkRef,
  LinkStats,
  Period,
  ResolvedRange,
  TimelinePoint,
} from "../src/analytics/analytics-types";
import type { ClickRow, ConversionRow } from "../src/ingest/click-row";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PERIOD_DAYS: Record<Period, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

export interface Click extends ClickRow {
  atMs: number;
}
export interface ConversionFact extends ConversionRow {
  atMs: number;
}

export interface RangeInput {
  period?: Period;
  start?: Date;
  end?: Date;
  granularity?: Granularity;
}

/** Which rows a report covers. */
export interface Scope {
  accountId: string;
  range: ResolvedRange;
  linkIds?: readonly string[];
  campaignId?: string;
  host?: string;
  qrOnly?: boolean;
  abTestId?: string;
}

const parseTime = (text: string) => Date.parse(`${text.replace(" ", "T")}Z`);
const human = (c: ClickRow) => c.method !== "HEAD" && !c.is_bot;
const bot = (c: ClickRow) => c.method !== "HEAD" && c.is_bot;
const tagged = (c: ClickRow) =>
  c.utm_source !== "" ||
  c.utm_medium !== "" ||
  c.utm_campaign !== "" ||
  c.utm_term !== "" ||
  c.utm_content !== "";
/** ClickHouse compares strings bytewise (UTF-8). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The window a report covers: [start, end) widened to whole UTC hours; granularity by span. */
export function expectedRange(input: RangeInput, nowMs: number): ResolvedRange {
  const endMs = input.end ? input.end.getTime() : nowMs;
  // A period starts at the UTC midnight on or before now minus its days.
  const startMs = input.start
    ? input.start.getTime()
    : Math.floor((nowMs - PERIOD_DAYS[input.period ?? "7d"] * DAY_MS) / DAY_MS) * DAY_MS;
  const start = Math.floor(startMs / HOUR_MS) * HOUR_MS;
  let end = Math.ceil(endMs / HOUR_MS) * HOUR_MS;
  if (end === start) end += HOUR_MS;
  const span = end - start;
  const granularity =
    input.granularity ?? (span <= 2 * DAY_MS ? "hour" : span <= 92 * DAY_MS ? "day" : "week");
  return { start: new Date(start), end: new Date(end), granularity };
}

function bucketOf(ms: number, granularity: Granularity): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  switch (granularity) {
    case "hour":
      return Math.floor(ms / HOUR_MS) * HOUR_MS;
    case "day":
      return day;
    case "week":
      // 1970-01-01 was a Thursday: Mondays are 4 days after multiples of 7 days.
      return day - ((Math.floor(ms / DAY_MS) + 3) % 7) * DAY_MS;
    case "month": {
      const date = new Date(ms);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    }
  }
}

function nextBucket(start: number, granularity: Granularity): number {
  if (granularity === "month") {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + { hour: HOUR_MS, day: DAY_MS, week: 7 * DAY_MS }[granularity];
}

function countsOf(rows: readonly Click[]): ClickCounts {
  const visitors = new Set<number>();
  let clicks = 0;
  let bots = 0;
  let headRequests = 0;
  let qrScans = 0;
  for (const c of rows) {
    if (human(c)) {
      clicks++;
      visitors.add(c.visitor_hash);
      if (c.qr) qrScans++;
    } else if (bot(c)) bots++;
    else headRequests++;
  }
  return {
    clicks,
    uniqueVisitors: visitors.size,
    bots,
    headRequests,
    totalRequests: clicks + bots + headRequests,
    qrScans,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

type Column = keyof ClickRow;

export function createExpectedReports(
  clickRows: readonly ClickRow[],
  conversionRows: readonly ConversionRow[],
) {
  const clicks: Click[] = clickRows.map((row) => ({ ...row, atMs: parseTime(row.clicked_at) }));
  const conversions: ConversionFact[] = conversionRows.map((row) => ({
    ...row,
    atMs: parseTime(row.occurred_at),
  }));

  function inScope<
    T extends {
      account_id: string;
      link_id: string;
      campaign_id: string;
      host: string;
      ab_test_id: string;
      atMs: number;
    },
  >(scope: Scope, row: T): boolean {
    return (
      row.account_id === scope.accountId &&
      row.atMs >= scope.range.start.getTime() &&
      row.atMs < scope.range.end.getTime() &&
      (scope.linkIds === undefined || scope.linkIds.includes(row.link_id)) &&
      (scope.campaignId === undefined || row.campaign_id === scope.campaignId) &&
      (scope.host === undefined || row.host === scope.host) &&
      (scope.abTestId === undefined || row.ab_test_id === scope.abTestId)
    );
  }
  const clicksOf = (scope: Scope) => clicks.filter((c) => inScope(scope, c) && (!scope.qrOnly || c.qr));
  // Conversions carry no QR flag: a QR scope's conversions are its links' (as the reader has it).
  const conversionsOf = (scope: Scope) => conversions.filter((c) => inScope(scope, c));

  function timeline(rows: readonly Click[], range: ResolvedRange): TimelinePoint[] {
    const byBucket = groupBy(rows, (c) => String(bucketOf(c.atMs, range.granularity)));
    const points: TimelinePoint[] = [];
    for (let start = bucketOf(range.start.getTime(), range.granularity); start < range.end.getTime(); ) {
      const { clicks: n, uniqueVisitors, bots, headRequests } = countsOf(byBucket.get(String(start)) ?? []);
      points.push({ start: new Date(start), clicks: n, uniqueVisitors, bots, headRequests });
      start = nextBucket(start, range.granularity);
    }
    return points;
  }

  function breakdown(
    rows: readonly Click[],
    column: Column,
    options: { limit: number; totalClicks: number; parents?: Column[]; only?: "bots"; skipEmpty?: boolean },
  ): BreakdownEntry[] {
    const parents = options.parents ?? [];
    const selected = rows.filter(
      (c) => (options.only !== "bots" || bot(c)) && (!options.skipEmpty || c[column] !== ""),
    );
    const groups = groupBy(selected, (c) => [c[column], ...parents.map((p) => c[p])].join("\u0000"));
    const entries = [...groups.values()].map((group) => {
      const first = group[0] as Click;
      const counts = countsOf(group);
      const entry: BreakdownEntry = {
        key: String(first[column]),
        clicks: counts.clicks,
        uniqueVisitors: counts.uniqueVisitors,
        bots: counts.bots,
        headRequests: counts.headRequests,
        share: options.totalClicks > 0 ? counts.clicks / options.totalClicks : 0,
      };
      if (parents.includes("country")) entry.country = first.country;
      if (parents.includes("region")) entry.region = first.region;
      return { entry, sortKeys: [String(first[column]), ...parents.map((p) => String(first[p]))] };
    });
    entries.sort(
      (a, b) =>
        b.entry.clicks - a.entry.clicks ||
        b.entry.bots - a.entry.bots ||
        b.entry.headRequests - a.entry.headRequests ||
        a.sortKeys.reduce((order, key, i) => order || byBytes(key, b.sortKeys[i] ?? ""), 0),
    );
    return entries.slice(0, options.limit).map((e) => e.entry);
  }

  function linkStats(rows: readonly Click[], order: "clicks" | "uniqueVisitors", limit: number): LinkStats[] {
    const stats = [...groupBy(rows, (c) => c.link_id).values()].map((group) => {
      const latest = group.reduce((a, b) => (b.atMs > a.atMs ? b : a));
      return {
        link: { linkId: latest.link_id, host: latest.host, code: latest.code },
        counts: countsOf(group),
        destinationUrl: latest.destination_url,
        lastClickAt: new Date(latest.atMs),
      };
    });
    stats.sort(
      (a, b) =>
        b.counts[order] - a.counts[order] ||
        b.counts.bots - a.counts.bots ||
        byBytes(a.link.linkId, b.link.linkId),
    );
    return stats.slice(0, limit);
  }

  function currencyTotals(rows: readonly ConversionFact[]): CurrencyTotal[] {
    // In the order of the reader's groups: most conversions first, then key, then currency.
    const totals = new Map<string, number>();
    for (const row of rows) {
      if (row.value === null) continue;
      totals.set(row.currency, (totals.get(row.currency) ?? 0) + Math.round(Number(row.value) * 100));
    }
    return [...totals].map(([currency, cents]) => ({ currency, value: cents / 100 }));
  }

  /** Conversions grouped by a key and currency, ordered as the reader's query orders its rows. */
  function conversionGroups(rows: readonly ConversionFact[], key: (row: ConversionFact) => string) {
    const groups = [...groupBy(rows, (row) => `${key(row)}\u0000${row.currency}`).values()].map((group) => ({
      key: key(group[0] as ConversionFact),
      currency: (group[0] as ConversionFact).currency,
      rows: group,
    }));
    groups.sort(
      (a, b) => b.rows.length - a.rows.length || byBytes(a.key, b.key) || byBytes(a.currency, b.currency),
    );
    return groups;
  }

  function grouped(
    groups: ReturnType<typeof conversionGroups>,
    clicksOfKey: (key: string) => number,
  ): ConversionGroup[] {
    const keys = [...new Set(groups.map((g) => g.key))];
    return keys.map((key) => {
      const own = groups.filter((g) => g.key === key);
      const n = own.reduce((sum, g) => sum + g.rows.length, 0);
      const groupClicks = clicksOfKey(key);
      return {
        key,
        conversions: n,
        values: currencyTotals(own.flatMap((g) => g.rows.filter((r) => r.value !== null))),
        clicks: groupClicks,
        conversionRate: groupClicks > 0 ? n / groupClicks : 0,
      };
    });
  }

  function conversionStats(scope: Scope, clickTotal: number): ConversionStats {
    const rows = conversionsOf(scope);
    const byEvent = conversionGroups(rows, (r) => r.event_name);
    const variantClicks = new Map(
      breakdown(clicksOf(scope), "variant_id", { limit: 100, totalClicks: clickTotal, skipEmpty: true }).map(
        (e) => [e.key, e.clicks],
      ),
    );
    const ordered = byEvent.flatMap((g) => g.rows.filter((r) => r.value !== null));
    return {
      conversions: rows.length,
      clicks: clickTotal,
      conversionRate: clickTotal > 0 ? rows.length / clickTotal : 0,
      values: currencyTotals(ordered),
      byEvent: grouped(byEvent, () => 0),
      byVariant: grouped(
        conversionGroups(rows, (r) => r.variant_id).filter((g) => g.key !== ""),
        (key) => variantClicks.get(key) ?? 0,
      ),
    };
  }

  const sections = {
    geography(rows: readonly Click[], limit: number, total: number) {
      return {
        countries: breakdown(rows, "country", { limit, totalClicks: total }),
        regions: breakdown(rows, "region", { limit, totalClicks: total, parents: ["country"] }),
        cities: breakdown(rows, "city", { limit, totalClicks: total, parents: ["country", "region"] }),
      };
    },
    devices(rows: readonly Click[], limit: number, total: number) {
      return {
        deviceTypes: breakdown(rows, "device_type", { limit, totalClicks: total }),
        browsers: breakdown(rows, "browser", { limit, totalClicks: total }),
        operatingSystems: breakdown(rows, "os", { limit, totalClicks: total }),
      };
    },
    referrers(rows: readonly Click[], limit: number, total: number) {
      return {
        hosts: breakdown(rows, "referrer_host", { limit, totalClicks: total }),
        categories: breakdown(rows, "referrer_category", { limit, totalClicks: total }),
      };
    },
    utm(rows: readonly Click[], limit: number, total: number) {
      const options = { limit, totalClicks: total, skipEmpty: true };
      return {
        sources: breakdown(rows, "utm_source", options),
        mediums: breakdown(rows, "utm_medium", options),
        campaigns: breakdown(rows, "utm_campaign", options),
        terms: breakdown(rows, "utm_term", options),
        contents: breakdown(rows, "utm_content", options),
        taggedClicks: rows.filter((c) => human(c) && tagged(c)).length,
      };
    },
    trafficQuality(rows: readonly Click[], limit: number) {
      const counts = countsOf(rows);
      return {
        counts,
        botShare: counts.clicks + counts.bots > 0 ? counts.bots / (counts.clicks + counts.bots) : 0,
        botReasons: breakdown(rows, "bot_reason", { limit, totalClicks: counts.clicks, only: "bots" }),
        directClicks: rows.filter((c) => human(c) && c.referrer_category === "direct").length,
      };
    },
  };

  function detail(c: Click): ClickDetail {
    return {
      clickId: c.click_id,
      clickedAt: new Date(c.atMs),
      link: { linkId: c.link_id, host: c.host, code: c.code },
      method: c.method,
      bot: c.is_bot,
      botReason: c.bot_reason,
      qr: c.qr,
      deviceType: c.device_type,
      browser: c.browser,
      browserVersion: c.browser_version,
      os: c.os,
      osVersion: c.os_version,
      country: c.country,
      region: c.region,
      city: c.city,
      referrer: c.referrer,
      referrerHost: c.referrer_host,
      referrerCategory: c.referrer_category,
      utmSource: c.utm_source,
      utmMedium: c.utm_medium,
      utmCampaign: c.utm_campaign,
      utmTerm: c.utm_term,
      utmContent: c.utm_content,
      abTestId: c.ab_test_id,
      variantId: c.variant_id,
      campaignId: c.campaign_id,
      destinationUrl: c.destination_url,
    };
  }

  const newestFirst = (a: Click, b: Click) => b.atMs - a.atMs || byBytes(b.click_id, a.click_id);

  return {
    clicks,
    conversions,
    countsOf,
    timeline,
    breakdown,
    linkStats,
    sections,

    /**
     * The links a reference names: a link id names that link; a code names every link of the
     * account clicked with it (most recently clicked first), plus link-api's link for it.
     */
    linksOf(accountId: string, ref: string, owned: LinkRef): LinkRef[] {
      if (/^[0-9a-f-]{36}$/i.test(ref)) return [owned];
      const named = clicks.filter((c) => c.account_id === accountId && (c.link_id === ref || c.code === ref));
      const latest = [...groupBy(named, (c) => c.link_id).values()].map((group) =>
        group.reduce((a, b) => (b.atMs > a.atMs ? b : a)),
      );
      latest.sort(
        (a, b) => bucketOf(b.atMs, "hour") - bucketOf(a.atMs, "hour") || byBytes(a.link_id, b.link_id),
      );
      const links = latest.map((c) => ({ linkId: c.link_id, host: c.host, code: c.code }));
      return links.some((l) => l.linkId === owned.linkId) ? links : [...links, owned];
    },

    complete(scope: Scope, links: LinkRef[], limit = 50) {
      const rows = clicksOf(scope);
      const counts = countsOf(rows);
      return {
        links,
        range: scope.range,
        counts,
        timeline: timeline(rows, scope.range),
        geography: sections.geography(rows, limit, counts.clicks),
        devices: sections.devices(rows, limit, counts.clicks),
        referrers: sections.referrers(rows, limit, counts.clicks),
        utm: sections.utm(rows, limit, counts.clicks),
        trafficQuality: sections.trafficQuality(rows, limit),
        conversions: conversionStats(scope, counts.clicks),
      };
    },

    summary(scope: Scope, links: LinkRef[]) {
      const rows = clicksOf(scope);
      return { links, range: scope.range, counts: countsOf(rows), timeline: timeline(rows, scope.range) };
    },

    overview(scope: Scope) {
      const span = scope.range.end.getTime() - scope.range.start.getTime();
      const rows = clicksOf(scope);
      const previous = clicksOf({
        ...scope,
        range: {
          ...scope.range,
          start: new Date(scope.range.start.getTime() - span),
          end: scope.range.start,
        },
      });
      const counts = countsOf(rows);
      return {
        range: scope.range,
        counts,
        previous: countsOf(previous),
        linksClicked: new Set(rows.filter(human).map((c) => c.link_id)).size,
        topLinks: linkStats(rows, "clicks", 5),
        topCountries: breakdown(rows, "country", { limit: 5, totalClicks: counts.clicks }),
        topReferrers: breakdown(rows, "referrer_host", { limit: 5, totalClicks: counts.clicks }),
        conversions: conversionsOf(scope).length,
      };
    },

    topLinks(scope: Scope, limit: number, order: "clicks" | "uniqueVisitors") {
      return { range: scope.range, links: linkStats(clicksOf(scope), order, limit) };
    },

    campaign(scope: Scope) {
      const rows = clicksOf(scope);
      const counts = countsOf(rows);
      return {
        range: scope.range,
        counts,
        timeline: timeline(rows, scope.range),
        links: linkStats(rows, "clicks", 100),
        conversions: conversionStats(scope, counts.clicks),
        referrers: sections.referrers(rows, 50, counts.clicks),
      };
    },

    domains(scope: Scope) {
      const rows = clicksOf(scope);
      const hosts = [...groupBy(rows, (c) => c.host)].map(([host, group]) => ({
        host,
        counts: countsOf(group),
        links: new Set(group.map((c) => c.link_id)).size,
      }));
      hosts.sort((a, b) => b.counts.clicks - a.counts.clicks || byBytes(a.host, b.host));
      return { range: scope.range, domains: hosts };
    },

    clickDetails(scope: Scope, links: LinkRef[], page: number, limit: number, includeBots: boolean) {
      const rows = clicksOf(scope)
        .filter((c) => includeBots || human(c))
        .sort(newestFirst);
      return {
        links,
        range: scope.range,
        clicks: rows.slice((page - 1) * limit, page * limit).map(detail),
        page: { page, limit, total: rows.length },
      };
    },

    recentActivity(scope: Scope, limit = 20) {
      return { clicks: clicksOf(scope).filter(human).sort(newestFirst).slice(0, limit).map(detail) };
    },

    qr(scope: Scope) {
      const rows = clicksOf({ ...scope, qrOnly: true });
      const counts = countsOf(rows);
      const links = [...groupBy(rows, (c) => c.link_id).values()].map((group) => {
        const latest = group.reduce((a, b) => (b.atMs > a.atMs ? b : a));
        return {
          link: { linkId: latest.link_id, host: latest.host, code: latest.code },
          counts: countsOf(group),
          destinationUrl: latest.destination_url,
          lastClickAt: new Date(latest.atMs),
        };
      });
      links.sort((a, b) => b.counts.clicks - a.counts.clicks || byBytes(a.link.linkId, b.link.linkId));
      return {
        range: scope.range,
        counts,
        timeline: timeline(rows, scope.range),
        links: links.slice(0, 100),
        countries: breakdown(rows, "country", { limit: 50, totalClicks: counts.clicks }),
        deviceTypes: breakdown(rows, "device_type", { limit: 50, totalClicks: counts.clicks }),
      };
    },

    conversionStats(scope: Scope) {
      return conversionStats(scope, countsOf(clicksOf(scope)).clicks);
    },

    utmLinks(scope: Scope, page: number, limit: number) {
      const rows = clicksOf(scope);
      const links = [...groupBy(rows, (c) => c.link_id).values()]
        .map((group) => {
          const latest = group.reduce((a, b) => (b.atMs > a.atMs ? b : a));
          const taggedRows = group.filter((c) => human(c) && tagged(c));
          const modes = (column: Column) => {
            const counts = new Map<string, number>();
            for (const c of taggedRows) {
              const value = String(c[column]);
              if (value !== "") counts.set(value, (counts.get(value) ?? 0) + 1);
            }
            if (counts.size === 0) return [""];
            const best = Math.max(...counts.values());
            return [...counts].filter(([, n]) => n === best).map(([value]) => value);
          };
          return {
            link: { linkId: latest.link_id, host: latest.host, code: latest.code },
            counts: countsOf(group),
            taggedClicks: taggedRows.length,
            /** Every value as frequent as the most frequent (topK picks one of them); "" for none. */
            topSources: modes("utm_source"),
            topMediums: modes("utm_medium"),
            topCampaigns: modes("utm_campaign"),
          };
        })
        .filter((link) => link.taggedClicks > 0);
      links.sort((a, b) => b.taggedClicks - a.taggedClicks || byBytes(a.link.linkId, b.link.linkId));
      return {
        range: scope.range,
        links: links.slice((page - 1) * limit, page * limit),
        page: { page, limit, total: links.length },
      };
    },

    variantStats(scope: Scope) {
      const rows = clicksOf(scope);
      const convs = conversionsOf(scope);
      const ids = [...new Set([...rows.map((c) => c.variant_id), ...convs.map((c) => c.variant_id)])]
        .filter((id) => id !== "")
        .sort();
      return {
        range: scope.range,
        variants: ids.map((variantId) => {
          const own = rows.filter((c) => c.variant_id === variantId);
          const counts = countsOf(own);
          const converted = convs.filter((c) => c.variant_id === variantId).length;
          return {
            variantId,
            clicks: counts.clicks,
            uniqueVisitors: counts.uniqueVisitors,
            conversions: converted,
            conversionRate: counts.clicks > 0 ? converted / counts.clicks : 0,
            timeline: timeline(own, scope.range).map((point) => ({ ...point, bots: 0, headRequests: 0 })),
          };
        }),
      };
    },
  };
}

export type ExpectedReports = ReturnType<typeof createExpectedReports>;
