// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what is shown. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** What shows nothing: spaces of every kind and format characters (U+200B, U+200D, U+2060, U+FEFF, ...). */
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;

/**
 * The rule of names people see (an account's, an API key's, an app's, a link's, a campaign's, a
 * tag's): on top of the rule every string obeys (string-faults.ts), one line without control
 * characters (TAB included), no bidirectional controls (U+202E can make "evil.exe" read
 * "exe.live"), no U+FFFD (what a broken decoder leaves), and something visible. The value is
 * checked as it will be stored (trimmed); "" is for the caller to allow or refuse.
 */
export function nameProblem(value: string): string | undefined {
  if (CONTROL.test(value)) return "must be one line without control characters";
  if (BIDI_CONTROL.test(value)) return "must not contain bidirectional control characters";
  if (value.includes("\uFFFD")) return "contains an unreadable character (U+FFFD)";
  if (value !== "" && value.replace(INVISIBLE, "") === "") return "must contain a visible character";
  return undefined;
}
