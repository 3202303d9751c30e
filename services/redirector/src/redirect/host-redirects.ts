import type { FastifyReply } from "fastify";

/**
 * Where the standard short host sends a visitor who asked for no link (its root, `/`) or for a
 * code that does not exist: ROOT_REDIRECT_URL and NOT_FOUND_REDIRECT_URL. Unset, the visitor gets
 * the 404 page. Other hosts (branded domains, subdomains) keep the 404 page.
 */
export interface HostRedirects {
  /** The standard short host, as the host normalizer names it (aliases already folded in). */
  shortHost: string;
  root: string | undefined;
  notFound: string | undefined;
}

/**
 * Answers with a 302 to `target` when the host is the standard short host and a target is
 * configured; otherwise returns undefined and the caller answers as without it. Not cached by
 * browsers or proxies: the owner may change where the root goes at any time.
 */
export function sendHostRedirect(
  reply: FastifyReply,
  redirects: HostRedirects,
  host: string,
  target: string | undefined,
): FastifyReply | undefined {
  if (target === undefined || host !== redirects.shortHost) return undefined;
  return reply.code(302).header("location", target).header("cache-control", "no-store").send();
}
