/**
 * A table of the page as data: the same model is drawn (RankedTable, the timeline's table) and
 * exported (buildCsv), so the CSV holds exactly what the page shows.
 */
export interface ReportColumn {
  label: string;
  /** The measure's name in the CSV when the heading is short for it ("Share" → "Share of clicks (%)"). */
  csvLabel?: string;
  numeric?: boolean;
}

export interface ReportCell {
  /** As shown ("1,234", "40%", "United Kingdom"). */
  text: string;
  /** As exported: the plain number (no grouping), or the text. */
  value: string | number;
  /** A link in the dashboard (to another analytics view) or, with `external`, outside it. */
  href?: string;
  external?: boolean;
}

export interface ReportTable {
  /** Unique on the page: ids of its heading and caption derive from it. */
  id: string;
  title: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** Per row, 0–1: the bar drawn behind the first cell (share of clicks). */
  bars?: number[];
  /** Said when there are no rows. */
  empty: string;
}
