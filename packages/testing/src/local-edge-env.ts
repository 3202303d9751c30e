/**
 * Kurz's edge on `localhost:<port>` as its environment names it: the port, the public base URL,
 * and the short and subdomain host (the edge's own host, so links and subdomains resolve to it).
 */
export function localEdgeEnv(port: number): {
  EDGE_PORT: string;
  PUBLIC_BASE_URL: string;
  SHORT_HOST: string;
  SUBDOMAIN_HOST: string;
} {
  const host = `localhost:${port}`;
  return {
    EDGE_PORT: String(port),
    PUBLIC_BASE_URL: `http://${host}`,
    SHORT_HOST: host,
    SUBDOMAIN_HOST: host,
  };
}
