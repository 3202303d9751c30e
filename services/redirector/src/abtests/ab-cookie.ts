/**
 * The A/B cookie of one test, `kz_ab_<test id hex>=<visitor id>[.<variant id>]`: first-party per
 * short host (no Domain attribute), 90 days. It holds the variant id, not the URL, so editing a
 * variant's destination keeps every visitor where they are.
 */

export const AB_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const ATTRIBUTES = `; Path=/; Max-Age=${AB_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax`;

/** A visitor id (8-64 characters) and an optional variant id, both in the base64url alphabet. */
const VALUE = /^([A-Za-z0-9_-]{8,64})(?:\.([A-Za-z0-9_-]{1,64}))?$/;
const VARIANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface AbCookie {
  visitorId: string;
  /** "" when the cookie names no variant. */
  variantId: string;
}

/**
 * `kz_ab_` + the test id's hex digits (a UUID without dashes, lowercased). Anything but letters and
 * digits is dropped, so an id that is not a UUID still gives a valid cookie name.
 */
export function abCookieName(testId: string): string {
  let name = names.get(testId);
  if (name === undefined) {
    name = `kz_ab_${testId.toLowerCase().replace(/[^0-9a-z]/g, "")}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(testId, name);
  }
  return name;
}

/** Names of the tests seen lately: built once per test, not per visit. */
const names = new Map<string, string>();
const MAX_NAMES = 1_024;

/** The name starts a cookie: at the header's start or after a ";" and optional whitespace. */
function startsCookie(header: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (header.charCodeAt(i) === 32 || header.charCodeAt(i) === 9)) i--;
  return i < 0 || header.charCodeAt(i) === 59;
}

/**
 * The test's cookie from a Cookie header, or undefined when it is absent or malformed (treated
 * alike). A scan for one name instead of parsing every cookie: this runs on each visit of a link
 * under test, and the header often carries a site's whole cookie jar.
 */
export function readAbCookie(header: string | undefined, name: string): AbCookie | undefined {
  if (!header) return undefined;
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + name.length;
    if (header.charCodeAt(from) !== 61 || !startsCookie(header, at)) continue;
    const end = header.indexOf(";", from);
    const match = VALUE.exec(header.slice(from + 1, end === -1 ? header.length : end).trim());
    if (match) return { visitorId: match[1]!, variantId: match[2] ?? "" };
  }
}

/**
 * The Set-Cookie value. A variant id that could not be read back (outside the cookie alphabet) is
 * left out: the visitor then keeps the variant through the hash of their visitor id.
 */
export function formatAbCookie(name: string, visitorId: string, variantId: string): string {
  const value = VARIANT_ID.test(variantId) ? `${visitorId}.${variantId}` : visitorId;
  return `${name}=${value}${ATTRIBUTES}`;
}
