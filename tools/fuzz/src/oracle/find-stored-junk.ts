// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Keys whose values are names people see: the name rule applies to them. */
const NAME_KEYS = new Set(["name", "title", "client_name", "tag", "tags"]);
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Keys whose values are URLs a browser will follow: no malformed %-escapes in them. */
const URL_KEY = /(^|_)(url|uri)s?$|Url$|^destination|^location$/i;

/**
 * A string in a stored resource (as the API answers it) that breaks the input rule: controls
 * other than TAB/LF/CR, lone surrogates, U+FFFD the client did not send; in names also TAB,
 * bidirectional controls and leading/trailing whitespace. Undefined when clean.
 */
export function findStoredJunk(
  value: unknown,
  sent: string,
  path = "$",
  nameKey = false,
  urlKey = false,
): string | undefined {
  if (typeof value === "string") {
    if (CONTROL.test(value))
      return `${path} holds a control character: ${JSON.stringify(value.slice(0, 60))}`;
    if (LONE_SURROGATE.test(value)) return `${path} holds a lone surrogate`;
    if (value.includes("\uFFFD") && !sent.includes("\uFFFD"))
      return `${path} holds U+FFFD the client never sent`;
    if (urlKey && MALFORMED_ESCAPE.test(value)) {
      return `${path} is a URL with a malformed %-escape: ${JSON.stringify(value.slice(0, 80))}`;
    }
    if (nameKey) {
      if (value !== "" && value.replace(INVISIBLE, "") === "") return `${path} (a name) shows nothing`;
      if (value.includes("\t")) return `${path} (a name) holds a TAB`;
      if (BIDI_CONTROL.test(value)) return `${path} (a name) holds a bidirectional control`;
      if (value !== value.trim())
        return `${path} (a name) is not trimmed: ${JSON.stringify(value.slice(0, 60))}`;
    }
    return undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findStoredJunk(value[i], sent, `${path}[${i}]`, nameKey, urlKey);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findStoredJunk(item, sent, `${path}.${key}`, NAME_KEYS.has(key), URL_KEY.test(key));
      if (found) return found;
    }
  }
  return undefined;
}
