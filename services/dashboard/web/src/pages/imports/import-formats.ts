/** The exports link-api reads (its `format` values), with the names people know them by. */
export const IMPORT_FORMATS = [
  { value: "bitly", label: "Bitly (CSV)" },
  { value: "dub", label: "Dub (CSV)" },
  { value: "shortio", label: "Short.io (CSV)" },
  { value: "shlink", label: "Shlink (CSV)" },
  { value: "yourls", label: "YOURLS (CSV)" },
  { value: "kutt", label: "Kutt (JSON)" },
  { value: "rebrandly", label: "Rebrandly (JSON)" },
  { value: "generic", label: "Generic CSV" },
] as const;

export type ImportFormat = (typeof IMPORT_FORMATS)[number]["value"];

/** A format's label; an unknown name (a newer API) as it is. */
export const formatLabel = (format: string): string =>
  IMPORT_FORMATS.find((known) => known.value === format)?.label ?? format;
