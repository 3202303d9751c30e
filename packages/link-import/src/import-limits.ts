/** Bounds on one import, so a hostile or mistaken file costs bounded memory and time. */
export interface ImportLimits {
  /** Data rows (or JSON link objects) read before TOO_MANY_ROWS ends the stream. */
  maxRows: number;
  /** Bytes of input read before FILE_TOO_LARGE ends the stream. */
  maxBytes: number;
}

export const DEFAULT_MAX_ROWS = 200_000;
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** A CSV row (all its cells together, in characters) wider than this is MALFORMED_CSV. */
export const MAX_CSV_ROW_CHARS = 64 * 1024;
