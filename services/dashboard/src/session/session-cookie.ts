import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface CookieNames {
  /** The session id (HttpOnly). */
  session: string;
  /** Binds a sign-in under way to the browser that started it (HttpOnly, 10 minutes). */
  login: string;
}

/**
 * `__Host-` names when served over https: the browser then insists on Secure, Path=/ and no
 * Domain, so no other host (a branded subdomain, say) can set or shadow them.
 */
export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { session: "__Host-kurz_app", login: "__Host-kurz_app_login" }
    : { session: "kurz_app", login: "kurz_app_login" };
}

const PARAMS = { httpOnly: true, sameSite: "lax", path: "/" } as const;

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number },
): void {
  reply.setCookie(name, value, { ...PARAMS, secure: options.secure, maxAge: options.maxAgeSeconds });
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { ...PARAMS, secure });
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name] || undefined;
}
