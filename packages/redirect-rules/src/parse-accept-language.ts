/** One language a visitor accepts, q > 0. */
export interface AcceptedLanguage {
  /** The tag as sent, for explanations ("fr-FR"). */
  readonly tag: string;
  /** Lower-cased tag ("fr-fr"). */
  readonly lower: string;
  /** Lower-cased primary subtag ("fr"). */
  readonly primary: string;
  /** Quality, 0 < q <= 1. */
  readonly q: number;
}

// Bounds: the header is attacker-controlled and parsed on every visit.
export const MAX_ACCEPT_LANGUAGE_BYTES = 1024;
export const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

// RFC 4647 language range: 1-8 letters, then "-" and 1-8 alphanumerics, repeated.
const TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const QUALITY = /^[qQ]\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Parses an Accept-Language header into the languages it accepts, highest q first (stable for
 * equal q). Only the first 1 KiB and 32 entries are read; malformed entries, the wildcard "*"
 * and q=0 entries (RFC 9110: "not acceptable") are dropped, never thrown on. A small parser of
 * its own rather than `negotiator`: rules need the q-values and tags as sent, for explanations.
 */
export function parseAcceptLanguage(header: string | null | undefined): AcceptedLanguage[] {
  if (header === null || header === undefined || header === "") return [];
  const entries = header.slice(0, MAX_ACCEPT_LANGUAGE_BYTES).split(",", MAX_ACCEPT_LANGUAGE_ENTRIES);
  const accepted: AcceptedLanguage[] = [];
  for (const entry of entries) {
    const [rawTag = "", ...params] = entry.split(";");
    const tag = rawTag.trim();
    if (!TAG.test(tag)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const match = QUALITY.exec(param.trim());
      if (match === null) {
        valid = false;
        break;
      }
      q = Number(match[1]);
    }
    if (!valid || q === 0) continue;
    const lower = tag.toLowerCase();
    const dash = lower.indexOf("-");
    accepted.push({ tag, lower, primary: dash === -1 ? lower : lower.slice(0, dash), q });
  }
  // Array.prototype.sort is stable: equal q keep the header's order.
  return accepted.sort((a, b) => b.q - a.q);
}
