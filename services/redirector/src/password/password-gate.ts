import type { RateLimiter } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import { clientAddressKey } from "@kurz/service-runtime";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CachedLink } from "../links/cached-link";
import { passwordPage, tooManyAttemptsPage } from "../pages/render-page";
import { sendPage } from "../redirect/send-page";
import { type PasswordCookies, readCookie } from "./password-cookie";
import { verifyPasswordHash } from "./verify-password-hash";

export interface PasswordGateOptions {
  cookies: PasswordCookies;
  rateLimiter: RateLimiter;
  attemptsBurst: number;
  attemptsPerMinute: number;
  /** Cookie issue and expiry times. */
  clock: Clock;
}

/** Longest password accepted from the form; anything longer is wrong without hashing it. */
const MAX_PASSWORD_LENGTH = 1_024;

export interface PasswordGate {
  /** The visitor holds a valid cookie for this link (and its current password). */
  isUnlocked(request: FastifyRequest, link: CachedLink): boolean;
  /** The form, for a visitor without the cookie. */
  sendForm(request: FastifyRequest, reply: FastifyReply, error?: string, status?: number): FastifyReply;
  /**
   * Checks a submitted password: throttled per visitor and link (429 page with Retry-After), wrong
   * (401 with the form again), or right (the cookie is set on the reply and true is returned).
   */
  submit(request: FastifyRequest, reply: FastifyReply, link: CachedLink, password: unknown): Promise<boolean>;
}

/** The form posts back to the URL the visitor opened, query included: it is passed on after the password. */
function formAction(request: FastifyRequest): string {
  return request.url;
}

export function createPasswordGate(options: PasswordGateOptions): PasswordGate {
  const { cookies } = options;

  const sendForm: PasswordGate["sendForm"] = (request, reply, error, status = 200) =>
    sendPage(reply, status, passwordPage({ action: formAction(request), ...(error ? { error } : {}) }));

  return {
    isUnlocked(request, link) {
      const { linkId, passwordHash } = link.snapshot;
      const value = readCookie(request.headers.cookie, cookies.name(linkId));
      return cookies.isValid(linkId, passwordHash, value, options.clock.now().getTime());
    },

    sendForm,

    async submit(request, reply, link, password) {
      const { linkId, passwordHash } = link.snapshot;
      const attempt = await options.rateLimiter.take(`pw:${linkId}:${clientAddressKey(request.ip)}`, {
        capacity: options.attemptsBurst,
        refillPerSecond: options.attemptsPerMinute / 60,
      });
      if (!attempt.allowed) {
        const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
        sendPage(reply, 429, tooManyAttemptsPage(seconds), { "retry-after": String(seconds) });
        return false;
      }
      const ok =
        typeof password === "string" &&
        password.length > 0 &&
        password.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPasswordHash(password, passwordHash));
      if (!ok) {
        sendForm(request, reply, "Wrong password. Try again.", 401);
        return false;
      }
      const cookie = cookies.issue(linkId, passwordHash, options.clock.now().getTime());
      const secure = request.protocol === "https" ? "; Secure" : "";
      reply.header(
        "set-cookie",
        `${cookies.name(linkId)}=${cookie.value}; Max-Age=${cookie.maxAgeSeconds}; Path=${formAction(request)}; HttpOnly; SameSite=Lax${secure}`,
      );
      return true;
    },
  };
}
