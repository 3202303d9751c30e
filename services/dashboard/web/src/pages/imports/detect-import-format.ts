import type { ImportFormat } from "./import-formats";
import { readCsvHeader } from "./read-csv-header";

/*
 * The rules of link-import's detectFormat (packages/link-import/src/detect-format.ts and each
 * format's signature in src/formats/), repeated here because that package reads Node streams.
 * The page only shows its guess: without a chosen format, link-api detects it again itself.
 */

const CSV_SIGNATURES: readonly { format: ImportFormat; matches: (columns: Set<string>) => boolean }[] = [
  { format: "bitly", matches: (c) => c.has("long_url") && (c.has("link") || c.has("id")) },
  { format: "dub", matches: (c) => c.has("short link") && c.has("destination url") },
  { format: "shortio", matches: (c) => c.has("originalurl") && (c.has("path") || c.has("shorturl")) },
  { format: "shlink", matches: (c) => c.has("shortcode") && c.has("longurl") },
  { format: "yourls", matches: (c) => c.has("source") && c.has("target") },
];

const JSON_SIGNATURES: readonly {
  format: ImportFormat;
  opening: string;
  matches: (text: string) => boolean;
}[] = [
  {
    format: "kutt",
    opening: "{",
    matches: (text) =>
      /"data"\s*:\s*\[/.test(text) && /"address"\s*:/.test(text) && /"target"\s*:/.test(text),
  },
  {
    format: "rebrandly",
    opening: "[",
    matches: (text) => /"slashtag"\s*:/.test(text) && /"destination"\s*:/.test(text),
  },
];

/**
 * Which export a file is, from its first bytes (64 KB is plenty), or undefined when no format or
 * more than one service's fits. `generic` only when no service's header matches.
 */
export function detectImportFormat(firstBytes: string): ImportFormat | undefined {
  const text = firstBytes.replace(/^\uFEFF/, "").trimStart();
  const opening = text[0];
  if (opening === "[" || opening === "{") {
    const matches = JSON_SIGNATURES.filter((json) => json.opening === opening && json.matches(text));
    return matches.length === 1 ? matches[0]?.format : undefined;
  }
  const columns = readCsvHeader(text);
  if (columns === undefined) return undefined;
  const services = CSV_SIGNATURES.filter((csv) => csv.matches(columns));
  if (services.length === 1) return services[0]?.format;
  if (services.length === 0 && columns.has("url")) return "generic";
  return undefined;
}
