import { LRUCache } from "lru-cache";
import { type AcceptedLanguage, parseAcceptLanguage } from "./parse-accept-language";

const NONE: readonly AcceptedLanguage[] = Object.freeze([]);

/**
 * parseAcceptLanguage behind an LRU cache keyed by the header, for the redirector, which parses
 * it on every visit of a link with a language rule: browsers send a few thousand distinct values
 * at most (one per locale setting), so nearly every visit is a lookup (~60 ns) instead of a parse
 * (~0.7 µs for "en-US,en;q=0.9"). The header is the visitor's, so the cache is bounded; the lists
 * it hands out are shared and frozen.
 */
export function createAcceptLanguageParser(
  maxEntries = 5_000,
): (header: string | null | undefined) => readonly AcceptedLanguage[] {
  const cache = new LRUCache<string, readonly AcceptedLanguage[]>({ max: maxEntries });
  return (header) => {
    if (header === null || header === undefined || header === "") return NONE;
    let languages = cache.get(header);
    if (languages === undefined) {
      languages = Object.freeze(parseAcceptLanguage(header).map((language) => Object.freeze(language)));
      cache.set(header, languages);
    }
    return languages;
  };
}
