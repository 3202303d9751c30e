import { z } from "zod";

/** "host" or "host:port", lowercase; the port is kept for short URLs and dropped for hosts. */
const hostWithOptionalPort = (fallback: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, "expected host or host:port")
    .default(fallback);

/**
 * Where links answer and how their short URLs are written (@kurz/routes createShortHosts): read
 * by every service that hands out short URLs (link-api; webhook-dispatcher in its payloads).
 */
export const shortHostsConfigShape = {
  /** The standard short host (host or host:port). */
  SHORT_HOST: hostWithOptionalPort("localhost:8080"),
  /** The shared host subdomains are created on. */
  SUBDOMAIN_HOST: hostWithOptionalPort("localhost:8080"),
  /** Scheme of the short URLs handed out. */
  SHORT_URL_SCHEME: z.enum(["http", "https"]).default("http"),
};
