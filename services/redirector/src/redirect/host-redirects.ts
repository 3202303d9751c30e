import type { FastifyReply } from "fastify";
import type { HostSettingsCache } from "../links/host-settings-cache";

/**
 * Where a host sends a visitor who asked for no link (its root, `/`), for a code that does not
 * exist, or for an expired link that has no expired URL of its own (docs/api/domains.md#domain-redirects).
 * The standard short host takes them from configuration (ROOT_REDIRECT_URL,
 * NOT_FOUND_REDIRECT_URL, EXPIRED_REDIRECT_URL); a verified branded domain or a subdomain from its own settings, which
 * its owner edits (PATCH of the domain). Nothing set: the default page.
 */
export interface HostRedirects {
  /** The standard short host, as the host normalizer names it (aliases already folded in). */
  shortHost: string;
  root: string | undefined;
  notFound: string | undefined;
  expired: string | undefined;
  /** The other hosts' settings, from link-api. */
  settings: HostSettingsCache;
}

export type StrayVisit = "root" | "notFound" | "expired";

const SETTING = {
  root: "rootRedirectUrl",
  notFound: "notFoundRedirectUrl",
  expired: "expiredRedirectUrl",
} as const;

/**
 * The URL `host` sends a stray visit of this kind to, or undefined for the default page. Rejects
 * with DEPENDENCY_UNAVAILABLE when link-api cannot tell a branded host's settings.
 */
export async function strayVisitTarget(
  redirects: HostRedirects,
  host: string,
  visit: StrayVisit,
): Promise<string | undefined> {
  if (host === redirects.shortHost) return redirects[visit];
  const settings = await redirects.settings.lookup(host);
  return settings?.[SETTING[visit]] || undefined;
}

/**
 * A 302 to `target`, not cached by browsers or proxies: the owner may change where it goes at
 * any time.
 */
export function sendHostRedirect(reply: FastifyReply, target: string): FastifyReply {
  return reply.code(302).header("location", target).header("cache-control", "no-store").send();
}
