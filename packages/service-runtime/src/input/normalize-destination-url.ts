/** Longest destination accepted, after normalization (and after UTM fields are merged in). */
export const MAX_URL_LENGTH = 2048;

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

// C0 controls, DEL and whitespace other than plain spaces have no business in a URL someone
// typed; WHATWG URL parsing would silently drop tabs and newlines instead.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** A "%" not followed by two hex digits: browsers and servers read such URLs differently. */
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * Checks and normalizes a destination: http or https only (so no javascript:, data:, file:...),
 * a real host, no user:password@ credentials, at most MAX_URL_LENGTH characters. Normalized by
 * the WHATWG URL serializer: lowercase scheme and host, IDN to punycode, default port dropped,
 * "/" path for a bare host.
 */
export function normalizeDestinationUrl(input: string): UrlCheck {
  const value = input.trim();
  if (value === "") return { ok: false, message: "URL is required" };
  if (CONTROL_CHARACTERS.test(value)) return { ok: false, message: "URL contains control characters" };
  if (MALFORMED_ESCAPE.test(value)) {
    return { ok: false, message: "URL contains a malformed %-escape (% must be followed by two hex digits)" };
  }
  if (!/^https?:\/\//i.test(value)) {
    return { ok: false, message: "URL must start with http:// or https://" };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: "URL is not valid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: "URL must use http or https" };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, message: "URL must not contain credentials" };
  }
  const host = url.hostname;
  if (host === "" || host.length > 253) return { ok: false, message: "URL has no valid host" };
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
  if (!isIp && !host.includes(".") && host !== "localhost") {
    return { ok: false, message: "URL host must be a domain name" };
  }
  const normalized = url.toString();
  if (normalized.length > MAX_URL_LENGTH) {
    return { ok: false, message: `URL is longer than ${MAX_URL_LENGTH} characters` };
  }
  return { ok: true, url: normalized };
}
