import { decodeInput, type ImportInput } from "./decode-input";
import { FORMAT_DEFINITIONS } from "./format-definitions";
import type { ImportFormat } from "./import-format";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ROWS } from "./import-limits";
import type { ImportRecord } from "./import-record";
import { parseCsvRecords } from "./parse-csv-records";
import { parseJsonRecords } from "./parse-json-records";

export interface ParseImportOptions {
  format: ImportFormat;
  /** Default 200,000. */
  maxRows?: number;
  /** Default 50 MiB. */
  maxBytes?: number;
}

/**
 * Reads an export as records in file order. Never throws for the file's content: a bad row is an
 * error record and the stream goes on; a file that cannot be read further ends with one error
 * record. Stopping the iteration early stops reading the input.
 */
export function parseImport(input: ImportInput, options: ParseImportOptions): AsyncGenerator<ImportRecord> {
  const definition = FORMAT_DEFINITIONS[options.format];
  if (definition === undefined) throw new TypeError(`unknown import format: ${String(options.format)}`);
  const limits = {
    maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  };
  const text = decodeInput(input, limits.maxBytes);
  return definition.kind === "csv"
    ? parseCsvRecords(text, definition, limits)
    : parseJsonRecords(text, definition, limits);
}
