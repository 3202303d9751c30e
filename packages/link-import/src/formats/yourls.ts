import type { CsvFormatDefinition } from "../format-definition";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";

/**
 * YOURLS Import-Export plugin's CSV: `source,target,hits`, the keyword written as `/keyword/`.
 * It names no domain (a YOURLS install has one, outside the file). `title` and `timestamp`
 * (YOURLS's `YYYY-MM-DD hh:mm:ss`) are read when a hand-extended file adds them.
 */
export const yourls: CsvFormatDefinition = {
  name: "yourls",
  kind: "csv",
  matchesHeader: (columns) => columns.has("source") && columns.has("target"),
  mapRow(cell) {
    return {
      url: cell("target"),
      code: parseShortLink(cell("source")).code,
      title: cell("title"),
      tags: [],
      createdAt: parseExportDate(cell("timestamp"), ["iso8601"]),
      clicks: parseCount(cell("hits")),
    };
  },
};
