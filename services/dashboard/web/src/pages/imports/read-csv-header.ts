import { parse } from "csv-parse/browser/esm/sync";

/** A header cell as link-import matches it: trimmed and lower-case (spaces and underscores kept). */
export const normalizeColumn = (name: string): string =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();

/**
 * The normalised column names of a CSV's first line, or undefined when the text does not start
 * with a CSV header (empty, or a quote left open within the line).
 */
export function readCsvHeader(text: string): Set<string> | undefined {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.trim() === "") return undefined;
  try {
    const rows = parse(firstLine, { relax_column_count: true, trim: true }) as string[][];
    const header = rows[0];
    return header === undefined ? undefined : new Set(header.map(normalizeColumn));
  } catch {
    return undefined;
  }
}
