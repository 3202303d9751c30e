import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { signUpProblems } from "../accounts/account-input";
import { authenticateAccount } from "../accounts/authenticate-account";
import { createAccount } from "../accounts/create-account";
import { createSignupThrottle } from "../accounts/signup-throttle";
import type { AuthContext } from "../auth-context";
import { type AccountRow, oauthClients } from "../db/schema";
import { renderErrorPage, renderLoginPage, renderSignupPage } from "../pages/auth-pages";
import { STYLESHEET_PATH } from "../pages/layout";
import { STYLESHEET } from "../pages/styles";
import { clearSessionCookie } from "../sessions/session-cookie";
import { deleteSession } from "../sessions/sessions";
import { findSsoForEmail } from "../sso/find-sso-for-email";
import {
  chromeFor,
  currentAccount,
  formOf,
  redirectAfterPost,
  safeReturnTo,
  sendPage,
  sessionCookieOptions,
} from "./page-support";
import { sendSsoContinuePage } from "./sso-page-routes";
import { startPageSession } from "./start-page-session";

const EXPIRED_FORM = "This form expired. Please try again.";

/** The application a log-in continues to, for "Log in to continue to …". */
async function appNameFor(ctx: AuthContext, returnTo: string | undefined): Promise<string | undefined> {
  if (!returnTo?.startsWith("/mcp/oauth/authorize?")) return undefined;
  const clientId = new URLSearchParams(returnTo.slice(returnTo.indexOf("?") + 1)).get("client_id");
  if (!clientId) return undefined;
  const [client] = await ctx.db
    .select({ name: oauthClients.clientName })
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId))
    .limit(1);
  return client?.name;
}

/** Password log-in and sign-up refused for a domain whose workspace enforces single sign-on. */
async function ssoEnforcedFor(ctx: AuthContext, email: string): Promise<string | undefined> {
  const active = await findSsoForEmail(ctx, email);
  if (!active?.sso.enforced) return undefined;
  return `Your organisation signs in people with ${active.sso.domain} addresses through single sign-on. Choose "Continue with single sign-on".`;
}

export function registerAuthPageRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply
      .header("content-type", "text/css; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .send(STYLESHEET),
  );

  app.get("/auth", async (_request, reply) => reply.redirect("/auth/login"));

  app.get("/auth/login", async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const returnTo = safeReturnTo(query.return_to);
    const account = await currentAccount(ctx, request);
    if (account) return reply.redirect(returnTo ?? "/account");
    const chrome = chromeFor(ctx, request, reply, undefined);
    return sendPage(
      reply,
      renderLoginPage(chrome, {
        csrfToken: chrome.csrfToken,
        returnTo,
        appName: await appNameFor(ctx, returnTo),
      }),
    );
  });

  app.post("/auth/login", async (request, reply) => {
    const form = formOf(request);
    const returnTo = safeReturnTo(form.get("return_to"));
    const email = form.get("email") ?? "";
    const render = async (status: number, error: string) => {
      const chrome = chromeFor(ctx, request, reply, undefined);
      const appName = await appNameFor(ctx, returnTo);
      return sendPage(
        reply,
        renderLoginPage(chrome, { csrfToken: chrome.csrfToken, email, error, returnTo, appName }),
        status,
      );
    };
    if (!ctx.csrf.verify(request, form.get("csrf_token"))) return render(403, EXPIRED_FORM);
    if (form.get("sso") !== null) {
      if (!(await findSsoForEmail(ctx, email))) {
        return render(
          400,
          "Single sign-on is not set up for this email address's domain. Log in with your password.",
        );
      }
      return sendSsoContinuePage(ctx, request, reply, email, returnTo);
    }
    const enforced = await ssoEnforcedFor(ctx, email);
    if (enforced) return render(403, enforced);
    const result = await authenticateAccount(ctx, {
      email,
      password: form.get("password") ?? "",
      ip: request.ip,
    });
    if (!result.ok) {
      if (result.reason === "throttled") {
        const minutes = Math.max(1, Math.ceil(result.retryAfterSec / 60));
        reply.header("retry-after", String(result.retryAfterSec));
        return render(
          429,
          `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }
      return render(401, "Email or password is incorrect.");
    }
    await startPageSession(ctx, request, reply, result.account);
    ctx.logger.info({ event: "account.logged_in", accountId: result.account.id }, "logged in");
    return redirectAfterPost(reply, returnTo ?? "/account");
  });

  app.get("/auth/signup", async (request, reply) => {
    const returnTo = safeReturnTo((request.query as Record<string, string | undefined>).return_to);
    if (await currentAccount(ctx, request)) return reply.redirect(returnTo ?? "/account");
    const chrome = chromeFor(ctx, request, reply, undefined);
    return sendPage(reply, renderSignupPage(chrome, { csrfToken: chrome.csrfToken, returnTo }));
  });

  app.post("/auth/signup", async (request, reply) => {
    const form = formOf(request);
    const returnTo = safeReturnTo(form.get("return_to"));
    const input = {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
      name: form.get("name") ?? "",
    };
    const render = (status: number, errors: Record<string, string>) => {
      const chrome = chromeFor(ctx, request, reply, undefined);
      return sendPage(
        reply,
        renderSignupPage(chrome, {
          csrfToken: chrome.csrfToken,
          email: input.email,
          name: input.name,
          errors,
          returnTo,
        }),
        status,
      );
    };
    if (!ctx.csrf.verify(request, form.get("csrf_token"))) return render(403, { form: EXPIRED_FORM });
    const problems = signUpProblems(input);
    if (Object.keys(problems).length > 0) return render(400, problems);
    const enforced = await ssoEnforcedFor(ctx, input.email);
    if (enforced) return render(403, { email: enforced });
    // Before the email is looked at: a locked address learns nothing about it.
    const throttle = createSignupThrottle(ctx);
    const retryAfterSec = await throttle.retryAfterSec(request.ip);
    if (retryAfterSec > 0) {
      const minutes = Math.ceil(retryAfterSec / 60);
      reply.header("retry-after", String(retryAfterSec));
      return render(429, {
        form: `Too many sign-ups from this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      });
    }
    let account: AccountRow;
    try {
      account = await createAccount(ctx, input, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.code === "CONFLICT") {
        await throttle.recordTakenEmail(request.ip);
        return render(409, { email: "An account with this email already exists. Log in instead?" });
      }
      throw error;
    }
    await startPageSession(ctx, request, reply, account);
    return redirectAfterPost(reply, returnTo ?? "/account");
  });

  app.post("/auth/logout", async (request, reply) => {
    const form = formOf(request);
    const account = await currentAccount(ctx, request);
    if (!ctx.csrf.verify(request, form.get("csrf_token"))) {
      const chrome = chromeFor(ctx, request, reply, account);
      return sendPage(reply, renderErrorPage(chrome, "Log-out failed", EXPIRED_FORM), 403);
    }
    const options = sessionCookieOptions(ctx);
    const cookie = request.cookies[options.name];
    if (cookie) await deleteSession(ctx, cookie);
    clearSessionCookie(reply, options);
    return redirectAfterPost(reply, "/auth/login");
  });
}
