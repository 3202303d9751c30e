import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE_PARAMS } from "./session-cookie";

export interface CsrfProtection {
  /** The token for the forms of the page being rendered (sets the nonce cookie if needed). */
  tokenFor(request: FastifyRequest, reply: FastifyReply): string;
  /** True when `token` (the form's `csrf_token` field) belongs to this browser and session. */
  verify(request: FastifyRequest, token: unknown): boolean;
}

export interface CsrfOptions {
  /** HMAC key, derived from the key-encryption key. */
  key: Buffer;
  cookieName: string;
  sessionCookieName: string;
  secureCookies: boolean;
}

/**
 * Signed double-submit tokens (OWASP): an HttpOnly nonce cookie, and in each form an HMAC of
 * that nonce and the session cookie. A cross-site page can neither read the nonce nor compute
 * the HMAC, and a token stops working when the session changes (log-in, log-out), so a form
 * rendered for one session cannot be replayed in another. SameSite=Lax cookies add a second line.
 */
export function createCsrfProtection(options: CsrfOptions): CsrfProtection {
  const issuedNonces = new WeakMap<FastifyRequest, string>();

  const sign = (nonce: string, session: string) =>
    createHmac("sha256", options.key).update(`${nonce}|${session}`).digest("base64url");

  const nonceOf = (request: FastifyRequest) =>
    issuedNonces.get(request) ?? request.cookies[options.cookieName];

  return {
    tokenFor(request, reply) {
      let nonce = nonceOf(request);
      if (!nonce) {
        nonce = randomBytes(18).toString("base64url");
        issuedNonces.set(request, nonce);
        reply.setCookie(options.cookieName, nonce, {
          ...SESSION_COOKIE_PARAMS,
          secure: options.secureCookies,
        });
      }
      return sign(nonce, request.cookies[options.sessionCookieName] ?? "");
    },

    verify(request, token) {
      const nonce = request.cookies[options.cookieName];
      if (typeof token !== "string" || !nonce) return false;
      const expected = Buffer.from(sign(nonce, request.cookies[options.sessionCookieName] ?? ""));
      const actual = Buffer.from(token);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
