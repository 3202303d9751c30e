export type { ImportInput } from "./decode-input";
export { detectFormat } from "./detect-format";
export { IMPORT_FORMATS, type ImportFormat } from "./import-format";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_ROWS, MAX_CSV_ROW_CHARS } from "./import-limits";
export type { ImportErrorCode, ImportedLink, ImportRecord } from "./import-record";
export { type ParseImportOptions, parseImport } from "./parse-import";
