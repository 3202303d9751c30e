import type { LinkCandidate } from "./format-definition";
import type { ImportedLink, ImportRecord } from "./import-record";
import { normalizeDestinationUrl } from "./normalize/normalize-destination-url";

/**
 * The checks every format shares, turning a mapper's candidate into a link or an error record.
 * Text with U+FFFD means the file had bytes that are not UTF-8 there: the row is refused rather
 * than imported with a guessed title or code.
 */
export function toImportRecord(row: number, candidate: LinkCandidate): ImportRecord {
  const texts = [candidate.url, candidate.code, candidate.domain, candidate.title, ...candidate.tags];
  if (texts.some((text) => text?.includes("\uFFFD"))) {
    return {
      kind: "error",
      row,
      code: "INVALID_ENCODING",
      message: "the row holds bytes that are not UTF-8",
    };
  }
  const url = normalizeDestinationUrl(candidate.url);
  if (!url.ok) return { kind: "error", row, code: url.code, message: url.message };
  const createdAt = candidate.createdAt;
  if (createdAt !== undefined && !(createdAt instanceof Date)) {
    return {
      kind: "error",
      row,
      code: "INVALID_DATE",
      message: `not a date: ${createdAt.invalid.slice(0, 100)}`,
    };
  }
  const link: ImportedLink = { url: url.url, tags: [...candidate.tags] };
  const code = candidate.code?.trim();
  if (code) link.code = code;
  const domain = candidate.domain?.trim().toLowerCase();
  if (domain) link.domain = domain;
  const title = candidate.title?.trim();
  if (title) link.title = title;
  if (createdAt !== undefined) link.createdAt = createdAt;
  if (candidate.clicks !== undefined) link.clicks = candidate.clicks;
  return { kind: "link", row, link };
}
