/**
 * What the analytics page shows, read from its URL (the single source of truth, so every view
 * is a link to share): whose clicks (`link`, `campaign`, `domain`, or the whole account) and
 * over which time (`period`, or `from`–`to` as calendar days).
 */
export const PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type Period = (typeof PERIODS)[number];

export type AnalyticsScope =
  | { kind: "account" }
  | { kind: "link"; ref: string }
  | { kind: "campaign"; id: string }
  | { kind: "domain"; host: string };

export type AnalyticsRange =
  | { kind: "period"; period: Period }
  | { kind: "custom"; from: string; to: string };

export interface AnalyticsQuery {
  scope: AnalyticsScope;
  range: AnalyticsRange;
  /** A custom range the URL asked for but that cannot be read (shown to the reader, 7 days used). */
  rangeProblem: string | undefined;
  /** That range's days as the URL gave them, to correct in the form. */
  requestedDays?: { from: string; to: string };
}

export const DEFAULT_PERIOD: Period = "7d";
const DAY_MS = 86_400_000;
/** analytics-ingest answers for at most 731 days at once. */
export const MAX_RANGE_DAYS = 731;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function readScope(params: URLSearchParams): AnalyticsScope {
  const link = params.get("link")?.trim();
  if (link) return { kind: "link", ref: link.slice(0, 100) };
  const campaign = params.get("campaign")?.trim();
  if (campaign) return { kind: "campaign", id: campaign.slice(0, 100) };
  const domain = params.get("domain")?.trim().toLowerCase();
  if (domain) return { kind: "domain", host: domain.slice(0, 253) };
  return { kind: "account" };
}

/** Why a custom range cannot be used, or undefined when it can. */
export function customRangeProblem(from: string, to: string): string | undefined {
  if (!isDay(from) || !isDay(to)) return "Enter both dates of the custom period.";
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return "The start date must be on or before the end date.";
  if (days > MAX_RANGE_DAYS) return `A custom period covers at most ${MAX_RANGE_DAYS} days.`;
  return undefined;
}

export function readAnalyticsQuery(params: URLSearchParams): AnalyticsQuery {
  const scope = readScope(params);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (from || to) {
    const problem = customRangeProblem(from, to);
    if (!problem) return { scope, range: { kind: "custom", from, to }, rangeProblem: undefined };
    return {
      scope,
      range: { kind: "period", period: DEFAULT_PERIOD },
      rangeProblem: problem,
      requestedDays: { from, to },
    };
  }
  const period = PERIODS.find((p) => p === params.get("period")) ?? DEFAULT_PERIOD;
  return { scope, range: { kind: "period", period }, rangeProblem: undefined };
}

/**
 * The API's time parameters. A custom range is whole UTC days: `to` is included, so the window
 * ends at the next midnight (the API's end is exclusive).
 */
export function rangeParams(
  range: AnalyticsRange,
): { period: Period } | { startDate: string; endDate: string } {
  if (range.kind === "period") return { period: range.period };
  const end = new Date(Date.parse(range.to) + DAY_MS).toISOString().slice(0, 10);
  return { startDate: range.from, endDate: end };
}

/** Everything the reports depend on, as one string (the data hooks reload when it changes). */
export const analyticsKey = (query: AnalyticsQuery): string =>
  JSON.stringify({ scope: query.scope, range: query.range });

const PERIOD_NAMES: Record<Period, string> = {
  "7d": "the last 7 days",
  "30d": "the last 30 days",
  "90d": "the last 90 days",
  "1y": "the last 12 months",
};

/** "the last 7 days", "1 Nov 2026 – 15 Nov 2026": for headings and file names' readers. */
export function describeRange(range: AnalyticsRange): string {
  if (range.kind === "period") return PERIOD_NAMES[range.period];
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
  return `${format.format(new Date(range.from))} – ${format.format(new Date(range.to))}`;
}

/** A short, file-name-safe name of the range: "7d", "2026-11-01_2026-11-15". */
export const rangeSlug = (range: AnalyticsRange): string =>
  range.kind === "period" ? range.period : `${range.from}_${range.to}`;
