import { isIP } from "node:net";
import type { UserAgentInfo } from "@kurz/click-enrichment";
import ipaddr from "ipaddr.js";
import { mapUserAgent } from "./map-user-agent";
import { type AcceptedLanguage, parseAcceptLanguage } from "./parse-accept-language";
import type { Browser, Device, OperatingSystem } from "./vocabulary";

/**
 * What a rule is evaluated against: everything read from the request once, before any rule, so
 * evaluation itself parses nothing. null means unknown, and an unknown value never satisfies a
 * condition on it. The place (country, region, city) may be located lazily: see VisitInput.locate.
 */
export interface Visitor {
  readonly device: Device | null;
  readonly os: OperatingSystem | null;
  readonly browser: Browser;
  /** Accepted languages, q > 0, highest q first. */
  readonly languages: readonly AcceptedLanguage[];
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string | null;
  /** ISO 3166-2 ("DE-BY"), upper case. */
  readonly region: string | null;
  /** City name as located, for explanations. */
  readonly city: string | null;
  /** City name lower-cased, for matching. */
  readonly cityKey: string | null;
  /** IPv4-mapped IPv6 addresses are held as IPv4. */
  readonly ip: ipaddr.IPv4 | ipaddr.IPv6 | null;
  /** Host of the Referer, lower case, without a trailing dot. */
  readonly referrerHost: string | null;
  readonly query: URLSearchParams;
  /** The visit's instant, epoch milliseconds. */
  readonly time: number;
}

/** Where a visitor is, as a geo locator answers: "" or null when unknown. */
export interface VisitPlace {
  country?: string | null;
  region?: string | null;
  city?: string | null;
}

export interface VisitInput {
  /** The user agent as classified by @kurz/click-enrichment's classifier (cached per agent). */
  userAgent: UserAgentInfo;
  acceptLanguage?: string | null;
  /** The Accept-Language header already parsed (a cached parser's); read instead of acceptLanguage. */
  languages?: readonly AcceptedLanguage[];
  /** Geo fields: "" or null when unknown (the geo locator's convention is ""). */
  country?: string | null;
  region?: string | null;
  city?: string | null;
  /**
   * Locates the visitor when a condition first reads the place, used instead of country, region
   * and city: a visit whose rules fail before any geo condition is never located (the
   * redirector's lookup is its costliest fact).
   */
  locate?: () => VisitPlace;
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

/** Where the host starts after a leading "http://" or "https://" (any case), else -1. */
function afterHttpScheme(text: string): number {
  // c | 32 equals a lower-case letter's code only for that letter in either case.
  if (
    (text.charCodeAt(0) | 32) !== 104 /* h */ ||
    (text.charCodeAt(1) | 32) !== 116 /* t */ ||
    (text.charCodeAt(2) | 32) !== 116 ||
    (text.charCodeAt(3) | 32) !== 112 /* p */
  ) {
    return -1;
  }
  const colon = (text.charCodeAt(4) | 32) === 115 /* s */ ? 5 : 4;
  return text.charCodeAt(colon) === 58 /* : */ &&
    text.charCodeAt(colon + 1) === 47 /* / */ &&
    text.charCodeAt(colon + 2) === 47
    ? colon + 3
    : -1;
}

/**
 * The host of an http(s) URL whose host is ASCII letters, digits, hyphens and dots (labels not
 * empty, no "--", the last label starting with a letter), then the path, query, fragment or the
 * end. For such a host URL's parser only lower-cases, so one scan reads it (~40 ns) rather than
 * URL.parse (~0.6 µs) or a regular expression (~0.25 µs a visit). Anything else (a port, user
 * info, "xn--" and other "--" labels, IP literals, numbers, empty labels, a trailing dot,
 * backslashes, other schemes): undefined, and URL decides.
 */
function plainHttpHost(text: string): string | undefined {
  const start = afterHttpScheme(text);
  if (start === -1) return undefined;
  let end = text.length;
  let label = start;
  let dash = false;
  let upper = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) {
      end = i;
      break;
    }
    if (c === 46 /* . */) {
      if (i === label) return undefined;
      label = i + 1;
      dash = false;
    } else if (c === 45 /* - */) {
      if (dash) return undefined;
      dash = true;
    } else {
      dash = false;
      if (c >= 65 && c <= 90) upper = true;
      else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return undefined;
    }
  }
  const first = text.charCodeAt(label) | 32;
  if (label >= end || first < 97 || first > 122) return undefined;
  const host = text.slice(start, end);
  return upper ? host.toLowerCase() : host;
}

function referrerHostOf(referer: string | null | undefined): string | null {
  const text = known(referer);
  if (text === null || text.length > MAX_REFERER_LENGTH) return null;
  const plain = plainHttpHost(text);
  if (plain !== undefined) return plain;
  const url = URL.parse(text);
  if (url === null || url.hostname === "") return null;
  const host = url.hostname.toLowerCase();
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/** The place's fields as a Visitor holds them. */
class Place {
  readonly country: string | null;
  readonly region: string | null;
  readonly city: string | null;
  readonly cityKey: string | null;

  constructor(place: VisitPlace) {
    const city = known(place.city);
    this.country = known(place.country)?.toUpperCase() ?? null;
    this.region = known(place.region)?.toUpperCase() ?? null;
    this.city = city;
    this.cityKey = city?.toLowerCase() ?? null;
  }
}

class InputVisitor implements Visitor {
  readonly device: Device | null;
  readonly os: OperatingSystem | null;
  readonly browser: Browser;
  readonly languages: readonly AcceptedLanguage[];
  readonly ip: ipaddr.IPv4 | ipaddr.IPv6 | null;
  readonly referrerHost: string | null;
  readonly query: URLSearchParams;
  readonly time: number;
  #place: Place | undefined;
  readonly #locate: (() => VisitPlace) | undefined;

  constructor(input: VisitInput) {
    const classes = mapUserAgent(input.userAgent);
    this.device = classes.device;
    this.os = classes.os;
    this.browser = classes.browser;
    this.languages = input.languages ?? parseAcceptLanguage(input.acceptLanguage);
    this.ip = parseIp(input.ip);
    this.referrerHost = referrerHostOf(input.referer);
    this.query =
      input.query instanceof URLSearchParams
        ? input.query
        : input.query
          ? new URLSearchParams(input.query)
          : NO_QUERY;
    this.time = input.time;
    this.#locate = input.locate;
    this.#place = input.locate === undefined ? new Place(input) : undefined;
  }

  get country(): string | null {
    return this.#located().country;
  }

  get region(): string | null {
    return this.#located().region;
  }

  get city(): string | null {
    return this.#located().city;
  }

  get cityKey(): string | null {
    return this.#located().cityKey;
  }

  #located(): Place {
    if (this.#place === undefined) this.#place = new Place((this.#locate as () => VisitPlace)());
    return this.#place;
  }
}

export function createVisitor(input: VisitInput): Visitor {
  return new InputVisitor(input);
}
