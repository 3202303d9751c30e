import type { JsonFormatDefinition } from "../format-definition";
import { isJsonObject } from "../normalize/is-json-object";
import { parseCount } from "../normalize/parse-count";
import { parseExportDate } from "../normalize/parse-export-date";
import { parseShortLink } from "../normalize/parse-short-link";
import { readJsonString } from "../normalize/read-json-string";
import { splitTags } from "../normalize/split-tags";

/**
 * Rebrandly's `GET /v1/links` answer: an array of link objects (`slashtag`, `destination`,
 * `title`, `createdAt`, `clicks`, `domainName` or `domain.fullName`, `shortUrl`, `tags`). Tags
 * are read as names, whether the API sent objects or plain strings.
 */
export const rebrandly: JsonFormatDefinition = {
  name: "rebrandly",
  kind: "json",
  opening: "[",
  path: "$.*",
  matchesPrefix: (text) => /"slashtag"\s*:/.test(text) && /"destination"\s*:/.test(text),
  mapElement(element) {
    const domain = element.domain;
    const domainName =
      readJsonString(element, "domainName") ??
      (isJsonObject(domain) ? readJsonString(domain, "fullName") : undefined) ??
      parseShortLink(readJsonString(element, "shortUrl")).domain;
    const tags = Array.isArray(element.tags) ? element.tags.map(tagName).filter((tag) => tag !== "") : [];
    return {
      url: readJsonString(element, "destination"),
      code: readJsonString(element, "slashtag"),
      domain: domainName,
      title: readJsonString(element, "title"),
      tags: splitTags(tags, /,/),
      createdAt: parseExportDate(readJsonString(element, "createdAt"), ["iso8601"]),
      clicks: parseCount(element.clicks),
    };
  },
};

function tagName(tag: unknown): string {
  if (typeof tag === "string") return tag;
  return isJsonObject(tag) ? (readJsonString(tag, "name") ?? "") : "";
}
