import fc from "fast-check";

/**
 * Strings an attacker, a broken client or a careless script sends: controls, lone surrogates,
 * invisible and direction-changing characters, huge and empty values, escapes that do not decode,
 * injections, traversal, private and scripted URLs.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  " padded ",
  "a\u0000b",
  "\u0000",
  "bell\u0007",
  "esc\u001b[31m",
  "tab\there",
  "line\nbreak",
  "\uD800",
  "x\uDC00y",
  "invoice\u202Efdp.exe",
  "\u200B\u200B",
  "\uFEFF",
  "caf\uFFFD",
  "🎉 ünïcödé ナ",
  "x".repeat(10_000),
  "%zz",
  "%FF%FE",
  "%C3%28",
  "%00",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "' OR '1'='1' --",
  "'; DROP TABLE links; --",
  "<script>alert(1)</script>",
  ["$", "{jndi:ldap://x}"].join(""),
  "{{7*7}}",
  "https://example.com/%zz",
  "http://169.254.169.254/latest/meta-data/",
  "http://127.0.0.1:6379/",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "https://user:pass@example.com/",
  "-1",
  "1e309",
  "NaN",
  "null",
  "[]",
  "{}",
  "true",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
);

/** Values of the wrong JSON type for any field. */
export const wrongJsonValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 53 + 1,
  [],
  {},
  [null],
  { nested: { deeper: [1, "x"] } },
  "string",
);

/** A path segment: hostile text percent-encoded (or not, when it cannot be). */
export function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send the bytes a broken client would.
    return "%ED%A0%80";
  }
}
