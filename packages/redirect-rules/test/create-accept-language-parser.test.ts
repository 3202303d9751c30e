import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAcceptLanguageParser, parseAcceptLanguage } from "../src";

describe("the cached Accept-Language parser", () => {
  it("reads every header as parseAcceptLanguage does, first time and from its cache", () => {
    const parse = createAcceptLanguageParser(64);
    const header = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc
        .array(
          fc.tuple(
            fc.constantFrom("en", "en-US", "de", "fr-CH", "pt-BR", "*", "x", "zh-Hant-TW"),
            fc.constantFrom("", ";q=0.9", ";q=0", ";q=1.0", ";q=abc"),
          ),
          { maxLength: 5 },
        )
        .map((entries) => entries.map(([tag, q]) => `${tag}${q}`).join(", ")),
    );
    fc.assert(
      fc.property(header, (text) => {
        expect(parse(text)).toEqual(parseAcceptLanguage(text));
        expect(parse(text)).toEqual(parseAcceptLanguage(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it("hands out one frozen list per header value, so no visit can change another's", () => {
    const parse = createAcceptLanguageParser();
    const first = parse("de-DE, en;q=0.5");
    expect(parse("de-DE, en;q=0.5")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(parse("")).toEqual([]);
    expect(parse(null)).toEqual([]);
  });

  it("keeps at most maxEntries header values (the header is the visitor's)", () => {
    const parse = createAcceptLanguageParser(2);
    const de = parse("de");
    parse("fr");
    parse("it");
    // "de" was the least recently used of three: it was parsed again.
    const again = parse("de");
    expect(again).not.toBe(de);
    expect(again).toEqual(de);
  });
});
