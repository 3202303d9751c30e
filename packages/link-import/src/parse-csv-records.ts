import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { FileTooLargeError } from "./file-too-large-error";
import type { CellReader, CsvFormatDefinition } from "./format-definition";
import { type ImportLimits, MAX_CSV_ROW_CHARS } from "./import-limits";
import type { ImportRecord } from "./import-record";
import { normalizeColumnName } from "./normalize/normalize-column-name";
import { toImportRecord } from "./to-import-record";

/**
 * A CSV export, row by row, through csv-parse's streaming parser: at most one row (bounded by
 * MAX_CSV_ROW_CHARS, which also bounds a quote left open) and one input chunk are held at a time.
 * A row that cannot become a link is an error record; a file that cannot be read further (too
 * large, too many rows, broken CSV) ends with one error record.
 */
export async function* parseCsvRecords(
  text: AsyncIterable<string>,
  format: CsvFormatDefinition,
  limits: ImportLimits,
): AsyncGenerator<ImportRecord> {
  const parser = parse({
    bom: true,
    max_record_size: MAX_CSV_ROW_CHARS,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // pipeline destroys the parser with the source's error (FileTooLargeError), which the loop
  // below then receives; leaving the loop early destroys both.
  pipeline(Readable.from(text), parser, () => {});
  let columns: Map<string, number> | undefined;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (columns === undefined) {
        columns = indexColumns(cells);
        if (!format.matchesHeader(new Set(columns.keys()))) {
          yield fileError(
            "MISSING_COLUMNS",
            `the header is not a ${format.name} export's: ${cells.join(",").slice(0, 200)}`,
          );
          return;
        }
        continue;
      }
      row += 1;
      if (row > limits.maxRows) {
        yield {
          kind: "error",
          row,
          code: "TOO_MANY_ROWS",
          message: `more than ${limits.maxRows} rows; the rest is not read`,
        };
        return;
      }
      const index = columns;
      const cell: CellReader = (column) => {
        const position = index.get(column);
        const value = position === undefined ? undefined : cells[position]?.trim();
        return value === "" ? undefined : value;
      };
      yield toImportRecord(row, format.mapRow(cell));
    }
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      yield { kind: "error", row: row + 1, code: "FILE_TOO_LARGE", message: error.message };
      return;
    }
    if (error instanceof CsvError) {
      yield { kind: "error", row: row + 1, code: "MALFORMED_CSV", message: describeCsvError(error) };
      return;
    }
    throw error;
  }
  if (columns === undefined) yield fileError("EMPTY_FILE", "the file has no header row");
}

function indexColumns(header: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, position) => {
    const column = normalizeColumnName(name);
    // The first of two same-named columns wins, as a person reading the file would assume.
    if (!index.has(column)) index.set(column, position);
  });
  return index;
}

function describeCsvError(error: CsvError): string {
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return `a row is wider than ${MAX_CSV_ROW_CHARS} characters (or a quote is never closed); the rest is not read`;
  }
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return "a quoted cell is never closed; the rest is not read";
  return `the CSV cannot be read past this row (${error.code}); the rest is not read`;
}

function fileError(code: "MISSING_COLUMNS" | "EMPTY_FILE", message: string): ImportRecord {
  return { kind: "error", row: 0, code, message };
}
