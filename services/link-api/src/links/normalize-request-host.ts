/** A host as the edge sends it (Resolve, ResolveHost): lowercase, without a port or trailing dot. */
export function normalizeRequestHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}
