import type { CsvFormatDefinition } from "../format-definition";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { splitTags } from "../normalize/split-tags";

/**
 * Short.io links as CSV with the field names of Short.io's link objects (`originalURL`, `path`,
 * `shortURL`, `title`, `tags`, `createdAt`). `path` is the code; the domain comes from `shortURL`
 * or a `domain` column.
 */
export const shortio: CsvFormatDefinition = {
  name: "shortio",
  kind: "csv",
  matchesHeader: (columns) => columns.has("originalurl") && (columns.has("path") || columns.has("shorturl")),
  mapRow(cell) {
    const shortLink = parseShortLink(cell("shorturl"));
    return {
      url: cell("originalurl"),
      code: cell("path") ?? shortLink.code,
      domain: cell("domain") ?? shortLink.domain,
      title: cell("title"),
      tags: splitTags(cell("tags"), /,/),
      createdAt: parseExportDate(cell("createdat"), ["iso8601"]),
    };
  },
};
