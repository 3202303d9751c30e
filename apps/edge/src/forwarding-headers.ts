import type { ForwardedRequest } from "./forward-request";

/**
 * Headers that say who the client is or which host and scheme it asked for. The edge states them
 * from what it saw itself and drops whatever the client sent (Forwarded / X-Real-IP and the
 * rarer X-Forwarded-Port / -Prefix included): a client never speaks for itself through them.
 */
export const FORWARDING_HEADERS = new Set([
  "forwarded",
  "x-real-ip",
  "x-forwarded-port",
  "x-forwarded-prefix",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
]);

/**
 * Replaces, in a copy of a request's headers, the forwarding headers by the edge's own
 * (X-Forwarded-For / -Host / -Proto; none for a health probe) and drops `host` (the caller sets
 * the one its hop needs).
 */
export function withForwardingHeaders(
  headers: Record<string, string | string[]>,
  forwarded: ForwardedRequest,
): Record<string, string | string[]> {
  for (const name of FORWARDING_HEADERS) delete headers[name];
  delete headers.host;
  if (!forwarded.probe) {
    headers["x-forwarded-for"] = forwarded.clientAddress;
    headers["x-forwarded-host"] = forwarded.host;
    headers["x-forwarded-proto"] = "http";
  }
  return headers;
}
