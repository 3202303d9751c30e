import { formatNumber } from "../../components/format-number";
import type { Stat } from "./headline-stats";
import type { ClickCounts, ConversionStats, CurrencyTotal } from "./report-types";

const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat(undefined, {
  style: "percent",
  maximumFractionDigits: 0,
  signDisplay: "exceptZero",
});

/** "+12% on the previous period", or nothing to compare with. */
function change(now: number, before: number | undefined): string | undefined {
  if (before === undefined) return undefined;
  if (before === 0) return now === 0 ? "No change on the previous period" : "None in the previous period";
  return `${signedPercent.format((now - before) / before)} on the previous period`;
}

function money(total: CurrencyTotal): string {
  if (!total.currency) return formatNumber(total.value);
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: total.currency }).format(
      total.value,
    );
  } catch {
    return `${formatNumber(total.value)} ${total.currency}`;
  }
}

interface StatsInput {
  counts: ClickCounts;
  /** The span before, when the API gives it (the account overview). */
  previous?: ClickCounts | undefined;
  /** Conversions: full stats, a bare count (no values known), or not offered for this view. */
  conversions?: ConversionStats | number | undefined;
}

/**
 * The headline numbers of a report: human clicks, unique visitors, bots against humans, QR
 * scans, and conversions with their value per currency when the report has them.
 */
export function buildStats({ counts, previous, conversions }: StatsInput): Stat[] {
  const requests = counts.clicks + counts.bots;
  const stats: Stat[] = [
    {
      label: "Clicks",
      text: formatNumber(counts.clicks),
      value: counts.clicks,
      detail: change(counts.clicks, previous?.clicks) ?? "People, bots left out",
    },
    {
      label: "Unique visitors",
      text: formatNumber(counts.uniqueVisitors),
      value: counts.uniqueVisitors,
      detail: change(counts.uniqueVisitors, previous?.uniqueVisitors) ?? "Counted once a day each",
    },
    {
      label: "Bot clicks",
      text: formatNumber(counts.bots),
      value: counts.bots,
      detail:
        requests > 0
          ? `${percent.format(counts.bots / requests)} of all clicks; ${percent.format(counts.clicks / requests)} human`
          : "No clicks by bots",
    },
    {
      label: "QR scans",
      text: formatNumber(counts.qrScans),
      value: counts.qrScans,
      detail: counts.clicks > 0 ? `${percent.format(counts.qrScans / counts.clicks)} of clicks` : undefined,
    },
  ];
  if (conversions === undefined) return stats;
  const count = typeof conversions === "number" ? conversions : conversions.conversions;
  stats.push({
    label: "Conversions",
    text: formatNumber(count),
    value: count,
    detail: counts.clicks > 0 ? `${percent.format(count / counts.clicks)} of clicks` : undefined,
  });
  if (typeof conversions === "number") return stats;
  if (conversions.values.length === 0) {
    stats.push({ label: "Revenue", text: "—", value: "", detail: "No conversion reported a value" });
  }
  for (const total of conversions.values) {
    stats.push({
      label: conversions.values.length > 1 ? `Revenue (${total.currency || "no currency"})` : "Revenue",
      text: money(total),
      value: total.value,
      detail: total.currency ? `In ${total.currency}` : undefined,
    });
  }
  return stats;
}
