/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus `expect`, which
 * the edge answers itself (100 Continue) and never relays. Never forwarded in either direction,
 * together with every header the `connection` header names.
 */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
]);

/** The end-to-end headers of a message: a copy without hop-by-hop headers. */
export function endToEndHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const named = new Set<string>();
  const connection = headers.connection;
  for (const value of Array.isArray(connection) ? connection : connection ? [connection] : []) {
    for (const name of value.split(",")) named.add(name.trim().toLowerCase());
  }
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    result[name] = value;
  }
  return result;
}
