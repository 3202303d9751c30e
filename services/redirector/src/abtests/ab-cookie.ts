import { COOKIE_MAC_LENGTH, type CookieSigner } from "../cookies/cookie-signer";

/**
 * The A/B cookie of one test, `kz_ab_<test id hex>=<visitor id>[.<variant id>].<mac>`: first-party
 * per short host (no Domain attribute), 90 days, `Secure` when the visit came over https. It holds
 * the variant id, not the URL, so editing a variant's destination keeps every visitor where they
 * are.
 *
 * The MAC (see cookie-signer.ts) binds the test id, the visitor id and the variant id, all minted
 * by the redirector. Unsigned, the cookie let one client name any variant and any visitor id and be
 * counted as a new visitor of that arm on every request; a cookie that does not verify is now
 * treated as absent.
 */

export const AB_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const ATTRIBUTES = `; Path=/; Max-Age=${AB_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax`;

/** A visitor id (8-64 characters), an optional variant id and the MAC, in the base64url alphabet. */
const VALUE = new RegExp(
  `^([A-Za-z0-9_-]{8,64})(?:\\.([A-Za-z0-9_-]{1,64}))?\\.([A-Za-z0-9_-]{${COOKIE_MAC_LENGTH}})$`,
);
const VARIANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface AbCookie {
  visitorId: string;
  /** "" when the cookie names no variant. */
  variantId: string;
}

/** Reads and writes the signed A/B cookies of a process (one signer, one secret). */
export interface AbCookies {
  /**
   * The test's cookie from a Cookie header, or undefined when it is absent, malformed or does not
   * verify (treated alike: the visitor is new).
   */
  read(header: string | undefined, testId: string): AbCookie | undefined;
  /**
   * The Set-Cookie value. A variant id that could not be read back (outside the cookie alphabet) is
   * left out: the visitor then keeps the variant through the hash of their visitor id.
   */
  format(testId: string, visitorId: string, variantId: string, secure: boolean): string;
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
 * The first well-formed value of the cookie `name` in a Cookie header, split into its parts. A scan
 * for one name instead of parsing every cookie: this runs on each visit of a link under test, and
 * the header often carries a site's whole cookie jar.
 */
function scanAbCookie(
  header: string | undefined,
  name: string,
): { visitorId: string; variantId: string; mac: string } | undefined {
  if (!header) return undefined;
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + name.length;
    if (header.charCodeAt(from) !== 61 || !startsCookie(header, at)) continue;
    const end = header.indexOf(";", from);
    const match = VALUE.exec(header.slice(from + 1, end === -1 ? header.length : end).trim());
    if (match) return { visitorId: match[1]!, variantId: match[2] ?? "", mac: match[3]! };
  }
}

/** What the MAC covers; the prefix keeps it apart from every other cookie's message. */
function abMessage(testId: string, visitorId: string, variantId: string): string {
  return `kz_ab|${testId}|${visitorId}|${variantId}`;
}

export function createAbCookies(signer: CookieSigner): AbCookies {
  return {
    read(header, testId) {
      const cookie = scanAbCookie(header, abCookieName(testId));
      if (cookie === undefined) return undefined;
      const { visitorId, variantId, mac } = cookie;
      return signer.verify(abMessage(testId, visitorId, variantId), mac)
        ? { visitorId, variantId }
        : undefined;
    },
    format(testId, visitorId, variantId, secure) {
      const kept = VARIANT_ID.test(variantId) ? variantId : "";
      const mac = signer.sign(abMessage(testId, visitorId, kept));
      const value = kept === "" ? `${visitorId}.${mac}` : `${visitorId}.${kept}.${mac}`;
      return `${abCookieName(testId)}=${value}${ATTRIBUTES}${secure ? "; Secure" : ""}`;
    },
  };
}
