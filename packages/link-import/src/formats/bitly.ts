import type { CsvFormatDefinition } from "../format-definition";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { splitTags } from "../normalize/split-tags";

/**
 * Bitly links as CSV with the field names of Bitly's v4 bitlink objects (`id`, `link`,
 * `long_url`, `title`, `created_at`, `tags`, `custom_bitlinks`). The branded alias people share is
 * the first custom bitlink, so it wins over the generated `link`.
 */
export const bitly: CsvFormatDefinition = {
  name: "bitly",
  kind: "csv",
  matchesHeader: (columns) => columns.has("long_url") && (columns.has("link") || columns.has("id")),
  mapRow(cell) {
    const custom = cell("custom_bitlinks")
      ?.split(/[\s,|]+/)
      .find((entry) => entry !== "");
    const shortLink = parseShortLink(custom ?? cell("link") ?? cell("id"));
    return {
      url: cell("long_url"),
      code: shortLink.code,
      domain: shortLink.domain,
      title: cell("title"),
      tags: splitTags(cell("tags"), /[,|]/),
      createdAt: parseExportDate(cell("created_at"), ["iso8601", "epoch-seconds"]),
      clicks: parseCount(cell("clicks")),
    };
  },
};
