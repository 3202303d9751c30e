import type { FastifyInstance, FastifyReply } from "fastify";
import * as oauth from "oauth4webapi";
import type { DashboardContext } from "../dashboard-context";
import { currentSession } from "../session/current-session";
import { LOGIN_TTL_MS } from "../session/pending-login-store";
import { clearCookie, readCookie, setCookie } from "../session/session-cookie";
import { newCsrfToken } from "../session/session-store";
import { sendMessagePage } from "../web-app/message-page";
import { requireCsrf } from "./require-csrf";
import { dashboardReturnPath } from "./return-path";

/**
 * Sign-in, its callback and sign-out. The sign-in's state lives server-side and in a cookie of
 * the browser that started it, so a callback carrying someone else's code (login CSRF) finds
 * nothing; each state works once. Pending sign-ins live in their own store, throttled per client
 * address, so anonymous sign-in starts can never push a session out.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: DashboardContext): void {
  const secure = ctx.config.SECURE_COOKIES;

  app.get<{ Querystring: { return_to?: string } }>("/app/auth/login", async (request, reply) => {
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const returnTo = dashboardReturnPath(request.query.return_to);
    const started = await ctx.pendingLogins.start(state, { codeVerifier, returnTo }, request.ip);
    if (!started.allowed) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(started.retryAfterMs / 1000))));
      return sendMessagePage(reply, 429, {
        title: "Sign-in",
        message: "Too many sign-ins were started from this address. Wait a minute, then try again.",
        link: { href: "/app/auth/login", label: "Sign in" },
      });
    }
    setCookie(reply, ctx.cookies.login, state, { secure, maxAgeSeconds: LOGIN_TTL_MS / 1000 });
    const challenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
    return reply.header("cache-control", "no-store").redirect(ctx.oauth.authorizationUrl(state, challenge));
  });

  app.get("/app/auth/callback", async (request, reply) => {
    const url = new URL(request.url, ctx.config.ISSUER);
    const state = readCookie(request, ctx.cookies.login);
    clearCookie(reply, ctx.cookies.login, secure);
    const pending =
      state && url.searchParams.get("state") === state ? await ctx.pendingLogins.take(state) : undefined;
    if (!state || !pending) {
      return retry(reply, 400, "This sign-in link expired or was opened in another browser.");
    }
    try {
      const tokens = await ctx.oauth.exchangeCode(url, state, pending.codeVerifier, request.ip);
      const now = ctx.clock.now().getTime();
      const id = await ctx.sessions.create({
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        accessExpiresAt: now + tokens.expiresInSeconds * 1000,
        scope: tokens.scope,
        csrfToken: newCsrfToken(),
        createdAt: now,
      });
      // The cookie lives as long as the session can (its absolute limit); the idle limit is the
      // store's, renewed by every use, so an active person is not signed out a week after sign-in.
      setCookie(reply, ctx.cookies.session, id, {
        secure,
        maxAgeSeconds: Math.floor(ctx.config.DASHBOARD_SESSION_MAX_MS / 1000),
      });
      return reply.header("cache-control", "no-store").redirect(pending.returnTo);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) {
        const denied = error.error === "access_denied";
        return retry(
          reply,
          400,
          denied ? "The sign-in was cancelled." : `The sign-in failed: ${error.error}.`,
        );
      }
      if (error instanceof oauth.ResponseBodyError) {
        ctx.logger.warn(
          { event: "dashboard.code_exchange_refused", error: error.error },
          "code exchange refused",
        );
        return retry(reply, 400, "The sign-in could not be completed.");
      }
      throw error;
    }
  });

  app.post("/app/auth/logout", async (request, reply) => {
    const current = await currentSession(ctx, request);
    if (current) {
      requireCsrf(request, current.session);
      await ctx.sessions.delete(current.id);
      const token = current.session.refreshToken ?? current.session.accessToken;
      await ctx.oauth.revoke(token, request.ip).catch((err: unknown) => {
        // The session is gone either way; the tokens expire on their own (refresh: its family's life).
        ctx.logger.warn({ event: "dashboard.revocation_failed", err }, "token revocation failed");
      });
    }
    clearCookie(reply, ctx.cookies.session, secure);
    return reply.code(204).send();
  });

  function retry(reply: FastifyReply, status: number, message: string) {
    return sendMessagePage(reply, status, {
      title: "Sign-in",
      message,
      link: { href: "/app/auth/login", label: "Sign in again" },
    });
  }
}
