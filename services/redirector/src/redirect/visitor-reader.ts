import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

const MAX_HEADER_LENGTH = 1_024;

/**
 * The request headers a visit needs, read in one pass over `rawHeaders`: touching
 * `request.headers` makes Node build an object of every header, which on the redirect fast path
 * costs more than the redirect itself. Duplicates resolve as Node resolves them: the first Host,
 * User-Agent and Referer count; X-Forwarded-* lines are joined with ", ".
 */
export interface VisitHeaders {
  host: string;
  /** Capped at 1 KiB (it travels in every click event). */
  userAgent: string;
  /** Capped at 1 KiB. */
  referrer: string;
  forwardedFor: string | undefined;
  forwardedHost: string | undefined;
  /** X-Forwarded-Proto lines joined by ", "; believed only from a trusted proxy. */
  forwardedProto: string | undefined;
  /** Cookie headers joined by "; " as Node joins them; read only for links under an A/B test. */
  cookie: string | undefined;
}

function capped(value: string): string {
  return value.length > MAX_HEADER_LENGTH ? value.slice(0, MAX_HEADER_LENGTH) : value;
}

function joined(previous: string | undefined, value: string): string {
  return previous === undefined ? value : `${previous}, ${value}`;
}

function isName(name: string, lower: string, title: string): boolean {
  return name === lower || name === title || name.toLowerCase() === lower;
}

export function readVisitHeaders(request: IncomingMessage): VisitHeaders {
  const raw = request.rawHeaders;
  let host: string | undefined;
  let userAgent: string | undefined;
  let referrer: string | undefined;
  let forwardedFor: string | undefined;
  let forwardedHost: string | undefined;
  let forwardedProto: string | undefined;
  let cookie: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    // Length first: most headers are none of these and are skipped without comparing text; then
    // the usual spellings, and only an unusual one is lower-cased.
    switch (name.length) {
      case 4:
        if (host === undefined && isName(name, "host", "Host")) host = raw[i + 1];
        break;
      case 6:
        if (isName(name, "cookie", "Cookie")) {
          cookie = cookie === undefined ? (raw[i + 1] as string) : `${cookie}; ${raw[i + 1]}`;
        }
        break;
      case 7:
        if (referrer === undefined && isName(name, "referer", "Referer")) referrer = raw[i + 1];
        break;
      case 10:
        if (userAgent === undefined && isName(name, "user-agent", "User-Agent")) userAgent = raw[i + 1];
        break;
      case 15:
        if (isName(name, "x-forwarded-for", "X-Forwarded-For")) {
          forwardedFor = joined(forwardedFor, raw[i + 1] as string);
        }
        break;
      case 16:
        if (isName(name, "x-forwarded-host", "X-Forwarded-Host")) {
          forwardedHost = joined(forwardedHost, raw[i + 1] as string);
        }
        break;
      case 17:
        if (isName(name, "x-forwarded-proto", "X-Forwarded-Proto")) {
          forwardedProto = joined(forwardedProto, raw[i + 1] as string);
        }
        break;
    }
  }
  return {
    host: host ?? "",
    userAgent: capped(userAgent ?? ""),
    referrer: capped(referrer ?? ""),
    forwardedFor,
    forwardedHost,
    forwardedProto,
    cookie,
  };
}

export interface VisitorReader {
  /** The visitor's address: X-Forwarded-For is followed only through trusted proxies. */
  ip(request: IncomingMessage, headers: VisitHeaders): string;
  /**
   * The host asked for, as link-api knows it: X-Forwarded-Host when a trusted proxy sent it
   * (its last entry, the one that proxy set), else Host; normalized (see request-host.ts).
   */
  host(request: IncomingMessage, headers: VisitHeaders): string;
  /**
   * The visitor came over https: X-Forwarded-Proto when a trusted proxy sent it (its last entry),
   * else whether this connection itself is TLS. Decides the `Secure` attribute of cookies.
   */
  secure(request: IncomingMessage, headers: VisitHeaders): boolean;
}

export function createVisitorReader(
  trustedProxies: readonly string[],
  normalizeHost: (host: string) => string,
): VisitorReader {
  const trust = proxyAddr.compile([...trustedProxies]);
  return {
    ip(request, headers) {
      const remote = request.socket.remoteAddress ?? "";
      if (headers.forwardedFor === undefined) return remote;
      // proxy-addr reads only these two fields of the request.
      const view = { headers: { "x-forwarded-for": headers.forwardedFor }, socket: request.socket };
      return proxyAddr(view as unknown as IncomingMessage, trust);
    },
    host(request, headers) {
      const forwarded = headers.forwardedHost;
      const remote = request.socket.remoteAddress;
      if (forwarded !== undefined && forwarded !== "" && remote !== undefined && trust(remote, 0)) {
        const comma = forwarded.lastIndexOf(",");
        return normalizeHost(comma === -1 ? forwarded.trim() : forwarded.slice(comma + 1).trim());
      }
      return normalizeHost(headers.host);
    },
    secure(request, headers) {
      const forwarded = headers.forwardedProto;
      const remote = request.socket.remoteAddress;
      if (forwarded !== undefined && forwarded !== "" && remote !== undefined && trust(remote, 0)) {
        const comma = forwarded.lastIndexOf(",");
        return (comma === -1 ? forwarded : forwarded.slice(comma + 1)).trim().toLowerCase() === "https";
      }
      return (request.socket as { encrypted?: boolean }).encrypted === true;
    },
  };
}
