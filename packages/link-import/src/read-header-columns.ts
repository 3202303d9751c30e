import { parse } from "csv-parse/sync";
import { normalizeColumnName } from "./normalize/normalize-column-name";

/**
 * The normalised column names of a CSV's first line, or undefined when the text does not start
 * with a CSV header (empty, or a quote left open within the line).
 */
export function readHeaderColumns(text: string): Set<string> | undefined {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.trim() === "") return undefined;
  try {
    const rows = parse(firstLine, { relax_column_count: true, trim: true }) as string[][];
    const header = rows[0];
    return header === undefined ? undefined : new Set(header.map(normalizeColumnName));
  } catch {
    return undefined;
  }
}
