import type { FastifyReply, FastifyRequest } from "fastify";

/** HttpOnly, SameSite=Lax, whole site. `secure` is added from PUBLIC_BASE_URL's scheme. */
export const SESSION_COOKIE_PARAMS = { httpOnly: true, sameSite: "lax", path: "/" } as const;

export interface SessionCookieOptions {
  name: string;
  secure: boolean;
}

export function setSessionCookie(
  reply: FastifyReply,
  options: SessionCookieOptions,
  value: string,
  expiresAt: Date,
): void {
  reply.setCookie(options.name, value, {
    ...SESSION_COOKIE_PARAMS,
    secure: options.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(options.name, { ...SESSION_COOKIE_PARAMS, secure: options.secure });
}

export function readSessionCookie(
  request: FastifyRequest,
  options: SessionCookieOptions,
): string | undefined {
  return request.cookies[options.name] || undefined;
}
