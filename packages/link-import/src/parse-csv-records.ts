import { CsvError, type Parser, parse } from "csv-parse";
import { FileTooLargeError } from "./file-too-large-error";
import type { CellReader, CsvFormatDefinition } from "./format-definition";
import { type ImportLimits, MAX_CSV_ROW_CHARS } from "./import-limits";
import type { ImportRecord } from "./import-record";
import { normalizeColumnName } from "./normalize/normalize-column-name";
import { toImportRecord } from "./to-import-record";

/**
 * A CSV export, row by row, through csv-parse's incremental parser: memory holds one input chunk
 * and the rows it completed; a row is bounded by MAX_CSV_ROW_CHARS, which also bounds a quote
 * left open. A row that cannot become a link is an error record; a file that cannot be read
 * further (too large, too many rows, broken CSV) ends with one error record.
 *
 * Rows are taken in `on_record` rather than read from the stream side: a stream destroyed by a
 * parse error drops the rows it had buffered, and the rows before a broken one must still count.
 */
export async function* parseCsvRecords(
  text: AsyncIterable<string>,
  format: CsvFormatDefinition,
  limits: ImportLimits,
): AsyncGenerator<ImportRecord> {
  const completed: string[][] = [];
  const parser = parse({
    bom: true,
    max_record_size: MAX_CSV_ROW_CHARS,
    relax_column_count: true,
    skip_empty_lines: true,
    // Spaces around a quoted cell (`a, "b"`) are common in hand-edited files; strict CSV refuses them.
    trim: true,
    on_record: (cells: string[]) => {
      completed.push(cells);
      return null;
    },
  });
  let failure: unknown;
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.resume();
  const reader = new RowReader(format, limits);
  try {
    for await (const chunk of text) {
      failure ??= await write(parser, chunk);
      for (const cells of completed.splice(0)) {
        yield* reader.read(cells);
        if (reader.stopped) return;
      }
      if (failure !== undefined) break;
    }
    if (failure === undefined) await end(parser);
    for (const cells of completed.splice(0)) {
      yield* reader.read(cells);
      if (reader.stopped) return;
    }
  } catch (error) {
    if (!(error instanceof FileTooLargeError)) throw error;
    yield { kind: "error", row: reader.row + 1, code: "FILE_TOO_LARGE", message: error.message };
    return;
  } finally {
    parser.destroy();
  }
  if (failure instanceof CsvError) {
    const row = reader.sawHeader ? reader.row + 1 : 0;
    yield { kind: "error", row, code: "MALFORMED_CSV", message: describeCsvError(failure) };
  } else if (failure !== undefined) {
    throw failure;
  } else if (!reader.sawHeader) {
    yield { kind: "error", row: 0, code: "EMPTY_FILE", message: "the file has no header row" };
  }
}

/** Header first, then data rows numbered from 1, each through the format's mapper. */
class RowReader {
  row = 0;
  stopped = false;
  private columns: Map<string, number> | undefined;

  constructor(
    private readonly format: CsvFormatDefinition,
    private readonly limits: ImportLimits,
  ) {}

  get sawHeader(): boolean {
    return this.columns !== undefined;
  }

  *read(cells: string[]): Generator<ImportRecord> {
    const columns = this.columns;
    if (columns === undefined) {
      this.columns = indexColumns(cells);
      if (!this.format.matchesHeader(new Set(this.columns.keys()))) {
        this.stopped = true;
        const header = cells.join(",").slice(0, 200);
        yield {
          kind: "error",
          row: 0,
          code: "MISSING_COLUMNS",
          message: `not a ${this.format.name} header: ${header}`,
        };
      }
      return;
    }
    this.row += 1;
    if (this.row > this.limits.maxRows) {
      this.stopped = true;
      const message = `more than ${this.limits.maxRows} rows; the rest is not read`;
      yield { kind: "error", row: this.row, code: "TOO_MANY_ROWS", message };
      return;
    }
    const cell: CellReader = (column) => {
      const position = columns.get(column);
      const value = position === undefined ? undefined : cells[position]?.trim();
      return value === "" ? undefined : value;
    };
    yield toImportRecord(this.row, this.format.mapRow(cell));
  }
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

/** Parses one chunk; its rows reach `on_record` before this resolves, with the parse error if any. */
function write(parser: Parser, chunk: string): Promise<unknown> {
  return new Promise((resolve) => {
    parser.write(chunk, (error) => resolve(error ?? undefined));
  });
}

/** Ends the input: the last row (or an unclosed quote) is found here. */
function end(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    parser.once("error", () => resolve());
    parser.once("finish", () => resolve());
    parser.end();
  });
}

function describeCsvError(error: CsvError): string {
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return `a row is wider than ${MAX_CSV_ROW_CHARS} characters (or a quote is never closed); the rest is not read`;
  }
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return "a quoted cell is never closed; the rest is not read";
  return `the CSV cannot be read past this row (${error.code}); the rest is not read`;
}
