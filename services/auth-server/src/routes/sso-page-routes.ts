import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { normalizeEmail } from "../accounts/account-input";
import type { AuthContext } from "../auth-context";
import { renderSsoContinuePage, renderSsoErrorPage } from "../pages/sso-pages";
import { finishSsoLogin } from "../sso/finish-sso-login";
import { SsoLoginError } from "../sso/sso-login-error";
import { startSsoLogin } from "../sso/start-sso-login";
import { chromeFor, safeReturnTo, sendPage } from "./page-support";
import { startPageSession } from "./start-page-session";

const FLOW_COOKIE_PATH = "/auth/sso";
const emailSchema = z.email().max(254);

const flowCookieName = (ctx: AuthContext) => `${ctx.config.BRAND_PREFIX}_sso_flow`;

/** The page of a refused single sign-on: never a 500 for the provider's or the person's trouble. */
function sendSsoError(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  returnTo?: string,
): FastifyReply {
  if (!(error instanceof SsoLoginError)) throw error;
  ctx.logger.info({ event: "sso.login_refused", reason: error.reason }, "single sign-on refused");
  const chrome = chromeFor(ctx, request, reply, undefined);
  return sendPage(reply, renderSsoErrorPage(chrome, error.message, returnTo), error.status);
}

/**
 * Begins single sign-on for an e-mail address: the flow cookie (HttpOnly, SameSite=Lax so the
 * provider's redirect back carries it, only under /auth/sso, as long as the flow lives), then the
 * provider's authorization URL, or an SsoLoginError.
 */
export async function beginSso(
  ctx: AuthContext,
  reply: FastifyReply,
  email: string,
  returnTo: string | undefined,
): Promise<string> {
  const normalized = normalizeEmail(email);
  if (!emailSchema.safeParse(normalized).success) throw new SsoLoginError("not_configured");
  const started = await startSsoLogin(ctx, { email: normalized, returnTo });
  reply.setCookie(flowCookieName(ctx), started.flowCookie, {
    httpOnly: true,
    sameSite: "lax",
    path: FLOW_COOKIE_PATH,
    secure: ctx.config.SECURE_COOKIES,
    maxAge: ctx.config.SSO_FLOW_TTL_SEC,
  });
  return started.authorizationUrl;
}

/**
 * Log-in through a workspace's OpenID provider (docs/api/workspaces.md#single-sign-on):
 * /auth/sso/start sends the person to the provider, /auth/sso/callback signs them in and goes on
 * where the log-in was going (an authorization request's consent, or the account page).
 */
export function registerSsoPageRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/auth/sso/start", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const returnTo = safeReturnTo(query.continue ?? query.return_to);
    try {
      const email = typeof query.email === "string" ? query.email : "";
      return reply.header("cache-control", "no-store").redirect(await beginSso(ctx, reply, email, returnTo));
    } catch (error) {
      return sendSsoError(ctx, request, reply, error, returnTo);
    }
  });

  app.get("/auth/sso/callback", async (request, reply) => {
    const cookieName = flowCookieName(ctx);
    const flowCookie = request.cookies[cookieName] || undefined;
    const clearFlowCookie = () =>
      reply.clearCookie(cookieName, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: "lax",
        secure: ctx.config.SECURE_COOKIES,
      });
    try {
      const finished = await finishSsoLogin(ctx, {
        flowCookie,
        callbackUrl: new URL(request.url, ctx.config.ISSUER),
        clientAddress: request.ip,
      });
      clearFlowCookie();
      await startPageSession(ctx, request, reply, finished.person);
      return reply.header("cache-control", "no-store").redirect(finished.returnTo ?? "/account");
    } catch (error) {
      // A forged callback leaves the person's own log-in (and its cookie) as it was.
      if (!(error instanceof SsoLoginError && error.reason === "state_mismatch")) clearFlowCookie();
      return sendSsoError(ctx, request, reply, error);
    }
  });
}

/** The form's way in: a page that moves on to the provider (see renderSsoContinuePage). */
export async function sendSsoContinuePage(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  returnTo: string | undefined,
): Promise<FastifyReply> {
  try {
    const authorizationUrl = await beginSso(ctx, reply, email, returnTo);
    const chrome = chromeFor(ctx, request, reply, undefined);
    return sendPage(reply, renderSsoContinuePage(chrome, authorizationUrl));
  } catch (error) {
    return sendSsoError(ctx, request, reply, error, returnTo);
  }
}
