import type { CsvFormatDefinition } from "../format-definition";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { splitTags } from "../normalize/split-tags";

/**
 * A CSV written by hand or by a tool Kurz does not know: `url` required; `alias`, `name`, `tags`
 * (comma-separated in one cell), `domain` and `created_at` (ISO 8601 or epoch seconds) optional.
 */
export const generic: CsvFormatDefinition = {
  name: "generic",
  kind: "csv",
  matchesHeader: (columns) => columns.has("url"),
  mapRow(cell) {
    const domain = cell("domain");
    return {
      url: cell("url"),
      code: cell("alias"),
      domain: domain === undefined ? undefined : (parseShortLink(domain).domain ?? domain),
      title: cell("name"),
      tags: splitTags(cell("tags"), /,/),
      createdAt: parseExportDate(cell("created_at"), ["iso8601", "epoch-seconds"]),
    };
  },
};
