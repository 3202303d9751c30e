import type { ReportTable } from "./report-table";

/** Spreadsheets run a cell that starts like a formula; visitors choose referrers and UTM values. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const CSV_HEADER = ["section", "item", "measure", "value"] as const;

/**
 * The tables shown, as one CSV in long form (section, item, measure, value): every table fits
 * the same four columns whatever its own, so the file is one sheet to filter and pivot. A table's
 * first column names the item; each other column becomes a measure. CRLF line ends (RFC 4180).
 */
export function buildCsv(tables: readonly ReportTable[]): string {
  const lines = [CSV_HEADER.join(",")];
  for (const table of tables) {
    const [itemColumn, ...measures] = table.columns;
    if (!itemColumn) continue;
    for (const row of table.rows) {
      const item = row[0]?.value ?? "";
      measures.forEach((measure, index) => {
        const cell = row[index + 1];
        if (!cell) return;
        lines.push(
          [table.title, item, measure.csvLabel ?? measure.label, cell.value].map(csvField).join(","),
        );
      });
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}
