/** One link read from another shortener's export, normalised but not yet checked against Kurz's rules. */
export interface ImportedLink {
  /** The destination: an absolute http(s) URL. */
  url: string;
  /** The short code, alias, slug or keyword the link had at its origin. */
  code?: string;
  /** The short domain the link lived on at its origin, lower-case, when the export names one. */
  domain?: string;
  title?: string;
  /** Trimmed, without empties or repeats, in the order the export gave them. */
  tags: string[];
  createdAt?: Date;
  clicks?: number;
}

/**
 * Why a row (or the rest of the file) could not become a link. Stable: the import job stores them
 * and shows them to the person who uploaded the file.
 */
export type ImportErrorCode =
  | "MISSING_URL"
  | "INVALID_URL"
  | "INVALID_DATE"
  | "INVALID_ENCODING"
  | "INVALID_ROW"
  | "MISSING_COLUMNS"
  | "EMPTY_FILE"
  | "UNEXPECTED_SHAPE"
  | "MALFORMED_CSV"
  | "MALFORMED_JSON"
  | "TOO_MANY_ROWS"
  | "FILE_TOO_LARGE";

/**
 * What parsing yields, in file order. `row` is the 1-based data row (CSV: after the header; JSON:
 * the element's position in the list); 0 for a problem with the file as a whole (its header or
 * shape). The last four codes above end the stream.
 */
export type ImportRecord =
  | { kind: "link"; row: number; link: ImportedLink }
  | { kind: "error"; row: number; code: ImportErrorCode; message: string };
