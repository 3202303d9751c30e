/**
 * The exports Kurz reads, by the name an importer passes as `format`. Each has one definition in
 * `formats/`; `generic` is the fallback CSV a person writes by hand.
 */
export const IMPORT_FORMATS = [
  "bitly",
  "dub",
  "shortio",
  "shlink",
  "yourls",
  "kutt",
  "rebrandly",
  "generic",
] as const;

export type ImportFormat = (typeof IMPORT_FORMATS)[number];
