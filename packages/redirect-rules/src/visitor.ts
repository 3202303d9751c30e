import { isIP } from "node:net";
import type { UserAgentInfo } from "@kurz/click-enrichment";
import ipaddr from "ipaddr.js";
import { mapUserAgent } from "./map-user-agent";
import { type AcceptedLanguage, parseAcceptLanguage } from "./parse-accept-language";
import type { Browser, Device, OperatingSystem } from "./vocabulary";

/**
 * What a rule is evaluated against: everything read from the request once, before any rule, so
 * evaluation itself parses nothing. null means unknown, and an unknown value never satisfies a
 * condition on it.
 */
export interface Visitor {
  device: Device | null;
  os: OperatingSystem | null;
  browser: Browser;
  /** Accepted languages, q > 0, highest q first. */
  languages: readonly AcceptedLanguage[];
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** ISO 3166-2 ("DE-BY"), upper case. */
  region: string | null;
  /** City name as located, for explanations. */
  city: string | null;
  /** City name lower-cased, for matching. */
  cityKey: string | null;
  /** IPv4-mapped IPv6 addresses are held as IPv4. */
  ip: ipaddr.IPv4 | ipaddr.IPv6 | null;
  /** Host of the Referer, lower case, without a trailing dot. */
  referrerHost: string | null;
  query: URLSearchParams;
  /** The visit's instant, epoch milliseconds. */
  time: number;
}

export interface VisitInput {
  /** The user agent as classified by @kurz/click-enrichment's classifier (cached per agent). */
  userAgent: UserAgentInfo;
  acceptLanguage?: string | null;
  /** Geo fields: "" or null when unknown (the geo locator's convention is ""). */
  country?: string | null;
  region?: string | null;
  city?: string | null;
  ip?: string | null;
  referer?: string | null;
  /** The short URL's query string ("?a=1" or "a=1") or parsed parameters. */
  query?: string | URLSearchParams | null;
  time: number;
}

// A Visitor whose rules read no query shares this one (conditions only read it).
const NO_QUERY = new URLSearchParams();

// Longer Referer values are not parsed: no real page URL needs more, and parsing is per visit.
const MAX_REFERER_LENGTH = 4096;

function known(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/**
 * A dotted quad that node:net's isIP accepted (four decimal octets 0-255, no leading zeros), read
 * by hand: ipaddr's IPv4.parse also reads hex, octal and short forms through several regular
 * expressions, ~1.3 µs a visit; this is ~50 ns (packages/redirect-rules/bench).
 */
function parseDottedQuad(text: string): ipaddr.IPv4 {
  const octets = [0, 0, 0, 0];
  let index = 0;
  let octet = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      octets[index++] = octet;
      octet = 0;
    } else {
      octet = octet * 10 + (code - 48);
    }
  }
  octets[index] = octet;
  return new ipaddr.IPv4(octets);
}

const MAPPED_PREFIX = "::ffff:";

function parseIp(value: string | null | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = known(value);
  if (text === null) return null;
  // One family check in C++ and one parse of that family: ipaddr.isValid + process parsed each
  // address up to four times (~0.9 µs a visit).
  const family = isIP(text);
  if (family === 4) return parseDottedQuad(text);
  if (family !== 6) return null;
  // An IPv4 client of a dual-stack socket ("::ffff:192.0.2.1"): the common IPv6 form, read as
  // its IPv4 address without ipaddr's IPv6 parser.
  if (
    text.length > MAPPED_PREFIX.length &&
    text.slice(0, MAPPED_PREFIX.length).toLowerCase() === MAPPED_PREFIX
  ) {
    const v4 = text.slice(MAPPED_PREFIX.length);
    if (isIP(v4) === 4) return parseDottedQuad(v4);
  }
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * An http(s) URL whose host is ASCII letters, digits, hyphens and dots, its last label starting
 * with a letter, then the path, query, fragment or the end. For such a host URL's parser only
 * lower-cases, so the host is read here (~0.1 µs) rather than by URL.parse (~0.6 µs a visit).
 * Anything else (a port, user info, "xn--" and other "--" labels, IP literals, numbers, empty
 * labels, a trailing dot, backslashes, other schemes) is left to URL.
 */
const PLAIN_HTTP_HOST = /^https?:\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)(?=[/?#]|$)/i;

function referrerHostOf(referer: string | null | undefined): string | null {
  const text = known(referer);
  if (text === null || text.length > MAX_REFERER_LENGTH) return null;
  const plain = PLAIN_HTTP_HOST.exec(text)?.[1];
  if (plain !== undefined && !plain.includes("--")) return plain.toLowerCase();
  const url = URL.parse(text);
  if (url === null || url.hostname === "") return null;
  const host = url.hostname.toLowerCase();
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

export function createVisitor(input: VisitInput): Visitor {
  const city = known(input.city);
  const classes = mapUserAgent(input.userAgent);
  return {
    device: classes.device,
    os: classes.os,
    browser: classes.browser,
    languages: parseAcceptLanguage(input.acceptLanguage),
    country: known(input.country)?.toUpperCase() ?? null,
    region: known(input.region)?.toUpperCase() ?? null,
    city,
    cityKey: city?.toLowerCase() ?? null,
    ip: parseIp(input.ip),
    referrerHost: referrerHostOf(input.referer),
    query:
      input.query instanceof URLSearchParams
        ? input.query
        : input.query
          ? new URLSearchParams(input.query)
          : NO_QUERY,
    time: input.time,
  };
}
