/**
 * Maps the request's host (Host, or X-Forwarded-Host from a trusted proxy, as fastify resolved
 * it) to the host link-api knows links by: lowercase, no port, no trailing dot, aliases of the
 * standard short host folded into it.
 */
export function createHostNormalizer(
  shortHost: string,
  aliases: readonly string[],
): (host: string) => string {
  const alias = new Set(aliases.map((a) => a.toLowerCase()));
  const cache = new Map<string, string>();
  return (raw) => {
    const known = cache.get(raw);
    if (known !== undefined) return known;
    let host = raw.toLowerCase();
    // Strip a port, but not the colons of a bracketed IPv6 address.
    const colon = host.lastIndexOf(":");
    if (colon !== -1 && colon > host.lastIndexOf("]")) host = host.slice(0, colon);
    if (host.endsWith(".")) host = host.slice(0, -1);
    if (alias.has(host)) host = shortHost;
    // Bounded: the Host header is attacker-controlled.
    if (cache.size < 1_000) cache.set(raw, host);
    return host;
  };
}
