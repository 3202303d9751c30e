import { describe, expect, it } from "vitest";
import { parseAcceptLanguage } from "../src";

const tags = (header: string | null | undefined) => parseAcceptLanguage(header).map((l) => `${l.tag};${l.q}`);

describe("reading the Accept-Language header", () => {
  it("lists the accepted languages highest quality first, keeping the header's order on ties", () => {
    expect(tags("en;q=0.5, fr-FR, de;q=0.8, it")).toEqual(["fr-FR;1", "it;1", "de;0.8", "en;0.5"]);
  });

  it("lower-cases the tag and its primary subtag for matching and keeps the tag as sent", () => {
    expect(parseAcceptLanguage("pt-BR")).toEqual([{ tag: "pt-BR", lower: "pt-br", primary: "pt", q: 1 }]);
  });

  it("drops languages the visitor refuses with q=0", () => {
    expect(tags("de;q=0, fr;q=0.000, en")).toEqual(["en;1"]);
  });

  it("returns nothing for a missing or empty header", () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(" , ,")).toEqual([]);
  });

  it("skips garbage entries, the wildcard and malformed quality values without throwing", () => {
    expect(tags("*, <script>, de;q=abc, en;q=2, fr;q=0.7;x=1, es-;q=1, ja;q=0.3, ;;;, 12")).toEqual([
      "ja;0.3",
    ]);
  });

  it("reads at most 32 entries", () => {
    const header = Array.from({ length: 40 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}`).join(",");
    expect(parseAcceptLanguage(header)).toHaveLength(32);
  });

  it("reads at most the first 1 KiB of the header", () => {
    const header = `${"a".repeat(8)},${" ".repeat(1100)}de`;
    expect(tags(header)).toEqual(["aaaaaaaa;1"]);
  });
});
