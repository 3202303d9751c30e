import { stringFault } from "@kurz/service-runtime";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthContext } from "../auth-context";
import type { AccountRow } from "../db/schema";
import { brandName, type PageChrome } from "../pages/layout";
import { readSessionCookie, type SessionCookieOptions } from "../sessions/session-cookie";
import { findSessionAccount } from "../sessions/sessions";

const accountsByRequest = new WeakMap<FastifyRequest, Promise<AccountRow | undefined>>();

export function sessionCookieOptions(ctx: AuthContext): SessionCookieOptions {
  return { name: `${ctx.config.BRAND_PREFIX}_session`, secure: ctx.config.SECURE_COOKIES };
}

/** The signed-in account of this request (looked up once per request). */
export function currentAccount(ctx: AuthContext, request: FastifyRequest): Promise<AccountRow | undefined> {
  let found = accountsByRequest.get(request);
  if (!found) {
    const cookie = readSessionCookie(request, sessionCookieOptions(ctx));
    found = cookie ? findSessionAccount(ctx, cookie) : Promise.resolve(undefined);
    accountsByRequest.set(request, found);
  }
  return found;
}

export function chromeFor(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow | undefined,
): PageChrome & { csrfToken: string } {
  return {
    brand: brandName(ctx.config.BRAND_PREFIX),
    account,
    csrfToken: ctx.csrf.tokenFor(request, reply),
  };
}

/**
 * Sends a page with the headers every page gets: never cached (they carry CSRF tokens and
 * personal data), not frameable (clickjacking of the consent page), no referrer (authorization
 * parameters stay out of third-party logs), a CSP without scripts. `formTargets` are extra
 * origins a form may lead to (the consent form ends in a redirect to the client).
 */
export function sendPage(
  reply: FastifyReply,
  body: string,
  status = 200,
  formTargets: string[] = [],
): FastifyReply {
  const formAction = ["'self'", ...formTargets].join(" ");
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header("x-frame-options", "DENY")
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .send(body);
}

/** After a form: 303 so the browser GETs the next page. */
export function redirectAfterPost(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header("cache-control", "no-store").header("location", location).send();
}

/** The longest place a log-in returns to; a longer one is ignored, never echoed into a redirect. */
export const MAX_RETURN_TO = 2_048;

/**
 * Where to go after log-in or sign-up: a path on this site (never another origin), one value,
 * without control characters, at most MAX_RETURN_TO long; anything else is ignored.
 */
export function safeReturnTo(value: unknown): string | undefined {
  // One value only: a repeated parameter arrives as an array and is ignored.
  if (typeof value !== "string") return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.length > MAX_RETURN_TO || stringFault(value)) {
    return undefined;
  }
  // A Location header carries bytes: anything beyond printable ASCII goes percent-encoded.
  return value.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
}

/** The parsed body of a form post (empty when the body was not a form). */
export function formOf(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}
