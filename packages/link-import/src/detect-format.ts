import type { CsvFormatDefinition, JsonFormatDefinition } from "./format-definition";
import { FORMAT_DEFINITIONS } from "./format-definitions";
import type { ImportFormat } from "./import-format";
import { readHeaderColumns } from "./read-header-columns";

const definitions = Object.values(FORMAT_DEFINITIONS);
const csvFormats = definitions.filter(
  (definition): definition is CsvFormatDefinition => definition.kind === "csv",
);
const jsonFormats = definitions.filter(
  (definition): definition is JsonFormatDefinition => definition.kind === "json",
);

/**
 * Which export a file is, from its first bytes (the header line of a CSV; for JSON enough to hold
 * the first link object — 64 KB is plenty). Undefined when no format, or more than one service's
 * format, fits: guessing wrong would import the wrong columns. `generic` is chosen only when no
 * service's header matches.
 */
export function detectFormat(firstBytes: string): ImportFormat | undefined {
  const text = firstBytes.replace(/^\uFEFF/, "").trimStart();
  const opening = text[0];
  if (opening === "[" || opening === "{") {
    const matches = jsonFormats.filter((format) => format.opening === opening && format.matchesPrefix(text));
    return matches.length === 1 ? matches[0]?.name : undefined;
  }
  const columns = readHeaderColumns(text);
  if (columns === undefined) return undefined;
  const matches = csvFormats.filter((format) => format.matchesHeader(columns));
  const services = matches.filter((format) => format.name !== "generic");
  if (services.length === 1) return services[0]?.name;
  if (services.length === 0 && matches.length === 1) return matches[0]?.name;
  return undefined;
}
