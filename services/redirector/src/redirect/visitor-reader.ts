import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

const MAX_HEADER_LENGTH = 1_024;

export interface VisitorReader {
  /** The visitor's address: X-Forwarded-For is followed only through trusted proxies. */
  ip(request: IncomingMessage): string;
  /**
   * The host asked for, as link-api knows it: X-Forwarded-Host when a trusted proxy sent it
   * (its last entry, the one that proxy set), else Host; normalized (see request-host.ts).
   */
  host(request: IncomingMessage): string;
}

export function createVisitorReader(
  trustedProxies: readonly string[],
  normalizeHost: (host: string) => string,
): VisitorReader {
  const trust = proxyAddr.compile([...trustedProxies]);
  return {
    ip: (request) => proxyAddr(request, trust),
    host(request) {
      const forwarded = request.headers["x-forwarded-host"];
      const remote = request.socket.remoteAddress;
      if (typeof forwarded === "string" && forwarded !== "" && remote !== undefined && trust(remote, 0)) {
        const comma = forwarded.lastIndexOf(",");
        return normalizeHost(comma === -1 ? forwarded.trim() : forwarded.slice(comma + 1).trim());
      }
      return normalizeHost(request.headers.host ?? "");
    },
  };
}

/** A request header as one string, capped at 1 KiB (it travels in every click event). */
export function headerOf(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  return text.length > MAX_HEADER_LENGTH ? text.slice(0, MAX_HEADER_LENGTH) : text;
}
