/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as a PostgreSQL text column holds it: a NUL byte (which no text value may contain) is
 * written as the visible escape `\u0000`, and lone surrogates (no UTF-8 form) become U+FFFD.
 * Receivers' answers are anyone's bytes; one that holds these must not fail the write of its
 * attempt — nor, written in one statement with others, everyone's.
 */
export function storableText(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\u0000", "\\u0000");
}
