import { documentationOnly } from "@kurz/openapi";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthContext } from "../auth-context";
import type { AccountRow } from "../db/schema";
import { issueAuthorizationCode } from "../oauth/issue-authorization-code";
import {
  AUTHORIZATION_PARAMS,
  type AuthorizationRefusal,
  type AuthorizationRequest,
  authorizationResponseLocation,
  validateAuthorizationRequest,
} from "../oauth/validate-authorization-request";
import { renderErrorPage } from "../pages/auth-pages";
import { renderConsentPage } from "../pages/consent-page";
import { chooseWorkspace } from "../workspaces/choose-workspace";
import { listWorkspaces } from "../workspaces/list-workspaces";
import { authorizeSchema } from "./oauth-endpoint-schemas";
import { chromeFor, currentAccount, formOf, redirectAfterPost, sendPage } from "./page-support";

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

/**
 * The browser side of the authorization code flow: GET /mcp/oauth/authorize (log-in when
 * needed, then the consent page; none for the first-party dashboard) and POST /auth/consent (the person's decision). Nothing is
 * trusted from the consent form that was not validated again.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    account: AccountRow | undefined,
    outcome: AuthorizationRefusal,
    afterPost: boolean,
  ) => {
    if (outcome.kind === "redirect") {
      return afterPost
        ? redirectAfterPost(reply, outcome.location)
        : reply.header("cache-control", "no-store").redirect(outcome.location);
    }
    const chrome = chromeFor(ctx, request, reply, account);
    return sendPage(reply, renderErrorPage(chrome, outcome.title, outcome.message), outcome.status);
  };

  const consentPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: AccountRow,
    auth: AuthorizationRequest,
    error?: string,
  ) => {
    const chrome = chromeFor(ctx, request, reply, account);
    const workspaces = await listWorkspaces(ctx, account.id);
    // Preselected: the workspace the person chose last.
    const latest = workspaces.reduce<(typeof workspaces)[number] | undefined>(
      (best, w) => (!best || w.lastUsedAt > best.lastUsedAt ? w : best),
      undefined,
    );
    const body = renderConsentPage(chrome, {
      csrfToken: chrome.csrfToken,
      appName: auth.client.clientName,
      appHost: hostOf(auth.client.clientUri ?? auth.redirectUri),
      accountEmail: account.email,
      scopes: auth.scopes,
      params: auth.params,
      workspaces,
      chosenWorkspace: latest?.id ?? account.id,
      error,
    });
    return sendPage(reply, body, error ? 400 : 200, [new URL(auth.redirectUri).origin]);
  };

  app.get(
    "/mcp/oauth/authorize",
    { schema: authorizeSchema, ...documentationOnly },
    async (request, reply) => {
      const params = new URL(request.url, "http://placeholder").searchParams;
      const account = await currentAccount(ctx, request);
      const outcome = await validateAuthorizationRequest(ctx, params);
      if (outcome.kind !== "ok") return refuse(request, reply, account, outcome, false);
      if (!account) {
        const returnTo = `/mcp/oauth/authorize?${outcome.request.params.toString()}`;
        return reply
          .header("cache-control", "no-store")
          .redirect(`/auth/login?return_to=${encodeURIComponent(returnTo)}`);
      }
      if (outcome.request.client.kind === "first-party") {
        // Kurz's own dashboard: the person signed in to Kurz itself, there is nothing to consent
        // to. Its scopes are what it asks for: a plan never narrows scopes.
        return reply
          .header("cache-control", "no-store")
          .redirect(await issueAuthorizationCode(ctx, outcome.request, account.id));
      }
      return consentPage(request, reply, account, outcome.request);
    },
  );

  app.post("/auth/consent", async (request, reply) => {
    const form = formOf(request);
    const account = await currentAccount(ctx, request);
    if (!ctx.csrf.verify(request, form.get("csrf_token"))) {
      return refuse(
        request,
        reply,
        account,
        {
          kind: "page",
          status: 403,
          title: "This request expired",
          message: "The consent form could not be verified. Go back to the application and connect again.",
        },
        true,
      );
    }
    if (!account) {
      return refuse(
        request,
        reply,
        account,
        {
          kind: "page",
          status: 401,
          title: "You are logged out",
          message: "Log in and start the connection from the application again.",
        },
        true,
      );
    }
    const params = new URLSearchParams();
    for (const name of AUTHORIZATION_PARAMS)
      for (const value of form.getAll(name)) params.append(name, value);
    const outcome = await validateAuthorizationRequest(ctx, params);
    if (outcome.kind !== "ok") return refuse(request, reply, account, outcome, true);

    const decision = form.get("decision");
    if (decision === "deny") {
      ctx.logger.info(
        { event: "oauth.consent_denied", clientId: outcome.request.client.clientId },
        "consent denied",
      );
      return redirectAfterPost(
        reply,
        authorizationResponseLocation(ctx.config.ISSUER, outcome.request.redirectUri, {
          error: "access_denied",
          error_description: "The user denied the authorization request",
          state: outcome.request.state,
        }),
      );
    }
    if (decision !== "allow") {
      return refuse(
        request,
        reply,
        account,
        { kind: "page", status: 400, title: "Invalid request", message: "Choose Allow or Deny." },
        true,
      );
    }
    // The workspace the grant acts in: one of the person's (none sent: their own).
    const chosen = form.get("workspace_id")?.toLowerCase();
    if (chosen !== undefined && chosen !== account.id && !(await chooseWorkspace(ctx, account.id, chosen))) {
      return consentPage(request, reply, account, outcome.request, "Choose one of your workspaces.");
    }
    const workspaceId = chosen === undefined || chosen === account.id ? null : chosen;
    if (chosen === account.id) await chooseWorkspace(ctx, account.id, chosen);
    return redirectAfterPost(
      reply,
      await issueAuthorizationCode(ctx, outcome.request, account.id, workspaceId),
    );
  });
}
