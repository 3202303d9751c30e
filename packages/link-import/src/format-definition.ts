import type { ImportFormat } from "./import-format";

/** A date field as a format's mapper read it: absent, a date, or text that is not a date. */
export type DateField = Date | { invalid: string } | undefined;

/** What a format's mapper makes of one row, before the checks every format shares. */
export interface LinkCandidate {
  url: string | undefined;
  code?: string | undefined;
  domain?: string | undefined;
  title?: string | undefined;
  tags: readonly string[];
  createdAt?: DateField;
  clicks?: number | undefined;
}

/** Reads one cell of the current row by its normalised column name: trimmed, undefined when empty. */
export type CellReader = (column: string) => string | undefined;

export interface CsvFormatDefinition {
  name: ImportFormat;
  kind: "csv";
  /** Whether a header (normalised column names) is this format's. */
  matchesHeader(columns: ReadonlySet<string>): boolean;
  mapRow(cell: CellReader): LinkCandidate;
}

export interface JsonFormatDefinition {
  name: ImportFormat;
  kind: "json";
  /** The first character of the document: the list itself or the envelope around it. */
  opening: "[" | "{";
  /** Where the link objects are, as a path for the streaming parser. */
  path: string;
  /** Whether the start of a document (possibly cut mid-way) looks like this format. */
  matchesPrefix(text: string): boolean;
  mapElement(element: Record<string, unknown>): LinkCandidate;
}

export type FormatDefinition = CsvFormatDefinition | JsonFormatDefinition;
