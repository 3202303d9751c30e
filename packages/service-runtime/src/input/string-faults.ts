/** Why a string is refused at the boundary of a service, or undefined when it is acceptable. */
export type StringFault = "lone surrogate" | "control character" | "nested too deep";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The rule every string a service receives obeys, whatever the field: text that can be stored
 * and shown. Refused: a lone UTF-16 surrogate (it cannot be encoded as UTF-8; PostgreSQL and
 * ClickHouse would store junk or fail) and C0 control characters or DEL other than TAB, LF and CR
 * (NUL breaks PostgreSQL's text type; the others hide in logs and pages). Fields that need
 * stricter rules (names, URLs) add them in their schema (text-fields.ts).
 */
export function stringFault(value: string): StringFault | undefined {
  if (CONTROL.test(value)) return "control character";
  if (LONE_SURROGATE.test(value)) return "lone surrogate";
  return undefined;
}
