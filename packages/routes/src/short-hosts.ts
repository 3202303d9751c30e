/**
 * The hosts links answer on and the short URLs handed out for them.
 *
 * Configured hosts may carry a port (SHORT_HOST=localhost:8080). Link hosts never do: the edge
 * resolves by the request's host name with the port stripped, so the port only appears in the
 * short URLs built for the standard host and for subdomains of the shared host. Branded domains
 * are the customer's own names, reached on the scheme's default port.
 */
export interface ShortHosts {
  /** The standard host, lowercase, no port. */
  readonly standardHost: string;
  /** The shared host subdomains live on, lowercase, no port. */
  readonly subdomainBaseHost: string;
  /** `<label>.<shared host>` (no port). */
  subdomainHost(label: string): string;
  /** The label when host is a subdomain of the shared host. */
  subdomainOf(host: string): string | undefined;
  shortUrl(host: string, code: string): string;
  /** True for hosts the platform itself answers on (they can never be branded domains). */
  isPlatformHost(host: string): boolean;
}

function splitHost(value: string): { host: string; port: string } {
  const match = /^(.*?)(:\d+)?$/.exec(value.trim().toLowerCase());
  return { host: match?.[1] ?? value, port: match?.[2] ?? "" };
}

export function createShortHosts(options: {
  shortHost: string;
  subdomainHost: string;
  scheme: "http" | "https";
}): ShortHosts {
  const standard = splitHost(options.shortHost);
  const shared = splitHost(options.subdomainHost);
  const suffix = `.${shared.host}`;
  const subdomainOf = (host: string) =>
    host.endsWith(suffix) && host.length > suffix.length ? host.slice(0, -suffix.length) : undefined;
  return {
    standardHost: standard.host,
    subdomainBaseHost: shared.host,
    subdomainHost: (label) => `${label}${suffix}`,
    subdomainOf,
    shortUrl(host, code) {
      const port = host === standard.host ? standard.port : subdomainOf(host) ? shared.port : "";
      return `${options.scheme}://${host}${port}/${code}`;
    },
    isPlatformHost: (host) =>
      host === standard.host ||
      host === shared.host ||
      host.endsWith(`.${standard.host}`) ||
      host.endsWith(suffix),
  };
}
