import { formatNumber } from "../../components/format-number";
import type { ReportTable } from "./report-table";
import type { BreakdownEntry } from "./report-types";

const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });

/**
 * A ranked table of one breakdown (countries, browsers, …): name, clicks, unique visitors and
 * share of the scope's clicks. Rows of bots only (no human click) are left out: the shares and
 * totals beside them count human clicks.
 */
export function buildBreakdownTable(
  id: string,
  title: string,
  nameColumn: string,
  entries: readonly BreakdownEntry[],
  nameOf: (entry: BreakdownEntry) => string,
  empty = "No clicks in this period.",
): ReportTable {
  const shown = entries.filter((entry) => entry.clicks > 0);
  return {
    id,
    title,
    columns: [
      { label: nameColumn },
      { label: "Clicks", numeric: true },
      { label: "Unique visitors", numeric: true },
      { label: "Share", csvLabel: "Share of clicks (%)", numeric: true },
    ],
    rows: shown.map((entry) => {
      const name = nameOf(entry);
      return [
        { text: name, value: name },
        { text: formatNumber(entry.clicks), value: entry.clicks },
        { text: formatNumber(entry.uniqueVisitors), value: entry.uniqueVisitors },
        { text: percent.format(entry.share), value: Math.round(entry.share * 1000) / 10 },
      ];
    }),
    bars: shown.map((entry) => entry.share),
    empty,
  };
}
