import type { JsonFormatDefinition } from "../format-definition";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { readJsonString } from "../normalize/read-json-string";

/**
 * Kutt v2's `GET /api/v2/links` answer, `{ limit, skip, total, data: [link] }` (Kutt has no CSV
 * export). A link's `domain` is null on Kutt's default domain; its `link` (the full short URL)
 * still names the host. Kutt has no tags.
 */
export const kutt: JsonFormatDefinition = {
  name: "kutt",
  kind: "json",
  opening: "{",
  path: "$.data.*",
  matchesPrefix: (text) =>
    /"data"\s*:\s*\[/.test(text) && /"address"\s*:/.test(text) && /"target"\s*:/.test(text),
  mapElement(element) {
    return {
      url: readJsonString(element, "target"),
      code: readJsonString(element, "address"),
      domain: readJsonString(element, "domain") ?? parseShortLink(readJsonString(element, "link")).domain,
      title: readJsonString(element, "description"),
      tags: [],
      createdAt: parseExportDate(readJsonString(element, "created_at"), ["iso8601"]),
      clicks: parseCount(element.visit_count),
    };
  },
};
