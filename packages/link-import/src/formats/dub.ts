import type { CsvFormatDefinition } from "../format-definition";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { splitTags } from "../normalize/split-tags";

/**
 * Dub's link export: labelled columns ("Short link", "Destination URL", "Clicks", "Created at",
 * "Tags" joined with ", "…); it has no title column. Domain and key come from the short link.
 */
export const dub: CsvFormatDefinition = {
  name: "dub",
  kind: "csv",
  matchesHeader: (columns) => columns.has("short link") && columns.has("destination url"),
  mapRow(cell) {
    const shortLink = parseShortLink(cell("short link"));
    return {
      url: cell("destination url"),
      code: shortLink.code,
      domain: shortLink.domain,
      tags: splitTags(cell("tags"), /,/),
      createdAt: parseExportDate(cell("created at"), ["iso8601"]),
      clicks: parseCount(cell("clicks")),
    };
  },
};
