import { csvRecord } from "@kurz/csv";
import type { ImportRowError } from "../db/schema";

/**
 * An import's row errors as CSV (row, code, message) per @kurz/csv: RFC 4180, CRLF, a cell that
 * starts like a formula prefixed with ' (messages quote the file's own content).
 */
export function writeImportErrorsCsv(errors: readonly ImportRowError[]): string {
  return (
    csvRecord(["row", "code", "message"]) +
    errors.map((e) => csvRecord([String(e.row), e.code, e.message])).join("")
  );
}
