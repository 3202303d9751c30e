import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { visit } from "./support/visit";

/** The referrer host as URL alone reads it (the form the hand-written reader shortcuts). */
function reference(referer: string): string | null {
  const text = referer.trim();
  if (text === "" || text.length > 4096) return null;
  const url = URL.parse(text);
  if (url === null || url.hostname === "") return null;
  const host = url.hostname.toLowerCase();
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

const label = fc.oneof(
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,8}$/),
  fc.stringMatching(/^[0-9]{1,3}$/),
  fc.constantFrom(
    "xn--bcher-kva",
    "xn--zz",
    "a--b",
    "-a",
    "a-",
    "0x1f",
    "0x",
    "ü",
    "Ä",
    "_x",
    "",
    "%41",
    "www",
  ),
);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join("."));
const referer = fc
  .tuple(
    fc.constantFrom(
      "http://",
      "https://",
      "HTTPS://",
      "hTtP://",
      "ftp://",
      "http:/",
      "http:\\\\",
      "app://",
      "",
      " https://",
    ),
    fc.constantFrom("", "", "user@", "u:p@"),
    host,
    fc.constantFrom("", "", ".", ":80", ":99999", ":"),
    fc.constantFrom("", "/", "/path?x=1#y", "?q", "#f", "\\x", " ", "\t/", "/a b", "\n"),
  )
  .map((parts) => parts.join(""));

describe("the visitor's referrer host", () => {
  it("is read as URL reads it, for generated referrers of every form", () => {
    fc.assert(
      fc.property(fc.oneof(referer, fc.string({ maxLength: 30 })), (text) => {
        expect(visit({ referer: text }).referrerHost).toBe(reference(text));
      }),
      { numRuns: 30_000 },
    );
  });

  it("reads the host of an ordinary page, lower case", () => {
    expect(visit({ referer: "https://News.Example.org/post?id=1" }).referrerHost).toBe("news.example.org");
    expect(visit({ referer: "https://example.org." }).referrerHost).toBe("example.org");
    expect(visit({ referer: "https://xn--bcher-kva.example/" }).referrerHost).toBe("xn--bcher-kva.example");
  });
});
