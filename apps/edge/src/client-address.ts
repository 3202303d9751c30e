import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/** Who the client is, from the socket, or from a trusted proxy's X-Forwarded-For. */
export type ClientAddress = (request: IncomingMessage) => string;

/**
 * The edge faces clients: by default it trusts nobody, and a client's own `X-Forwarded-For` is
 * ignored (the edge replaces it; it never appends to it). Only when the edge itself sits behind a
 * proxy (a load balancer, a test simulating visitors) does `trustedProxies` (addresses, CIDRs or
 * the names `loopback`, `linklocal`, `uniquelocal`) let it take the nearest untrusted address of
 * that proxy's X-Forwarded-For chain.
 */
export function createClientAddress(trustedProxies: readonly string[]): ClientAddress {
  if (trustedProxies.length === 0) return (request) => request.socket.remoteAddress ?? "";
  const trust = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trust);
}
