import type { CsvFormatDefinition } from "../format-definition";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { splitTags } from "../normalize/split-tags";

/**
 * Shlink web client's short-URL export: `createdAt, domain, shortCode, shortUrl, longUrl, title,
 * tags, visits`, tags joined with "|" (a Shlink tag may hold a comma, so only "|" splits).
 */
export const shlink: CsvFormatDefinition = {
  name: "shlink",
  kind: "csv",
  matchesHeader: (columns) => columns.has("shortcode") && columns.has("longurl"),
  mapRow(cell) {
    const shortLink = parseShortLink(cell("shorturl"));
    return {
      url: cell("longurl"),
      code: cell("shortcode") ?? shortLink.code,
      domain: cell("domain") ?? shortLink.domain,
      title: cell("title"),
      tags: splitTags(cell("tags"), /\|/),
      createdAt: parseExportDate(cell("createdat"), ["iso8601"]),
      clicks: parseCount(cell("visits")),
    };
  },
};
