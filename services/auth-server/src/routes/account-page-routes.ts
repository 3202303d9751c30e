import { AppError } from "@kurz/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createApiKey } from "../api-keys/create-api-key";
import { listApiKeys } from "../api-keys/list-api-keys";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { auditActorOfPage } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import type { AccountRow } from "../db/schema";
import { listAuthorizedApps, revokeAuthorizedApp } from "../oauth/authorized-apps";
import {
  type ApiKeysPageModel,
  renderAccountPage,
  renderApiKeysPage,
  renderAppsPage,
} from "../pages/account-pages";
import { renderErrorPage } from "../pages/auth-pages";
import { getWorkspaceAccountOrThrow } from "../workspaces/find-workspace-account";
import { roleOf } from "../workspaces/role-of";
import { chromeFor, currentAccount, formOf, redirectAfterPost, safeReturnTo, sendPage } from "./page-support";

/** The signed-in account, or a redirect to log-in that comes back here. */
async function requireAccount(ctx: AuthContext, request: FastifyRequest, reply: FastifyReply) {
  const account = await currentAccount(ctx, request);
  if (!account) {
    const back = (request.method === "GET" ? safeReturnTo(request.url) : undefined) ?? "/account";
    void reply
      .header("cache-control", "no-store")
      .redirect(`/auth/login?return_to=${encodeURIComponent(back)}`);
  }
  return account;
}

/** Account pages: overview with plan, API keys (create, shown once, revoke), authorized apps. */
export function registerAccountPageRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const csrfRefused = (request: FastifyRequest, reply: FastifyReply, account: AccountRow) =>
    sendPage(
      reply,
      renderErrorPage(
        chromeFor(ctx, request, reply, account),
        "This form expired",
        "Reload the page and try again.",
      ),
      403,
    );

  const apiKeysPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: AccountRow,
    model: Partial<ApiKeysPageModel> = {},
    status = 200,
  ) => {
    const chrome = chromeFor(ctx, request, reply, account);
    const [workspace, keys] = await Promise.all([
      getWorkspaceAccountOrThrow(ctx, account.id),
      listApiKeys(ctx, account.id),
    ]);
    return sendPage(
      reply,
      renderApiKeysPage(chrome, { ...model, csrfToken: chrome.csrfToken, account: workspace, keys }),
      status,
    );
  };

  app.get("/account", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    const workspace = await getWorkspaceAccountOrThrow(ctx, account.id);
    return sendPage(reply, renderAccountPage(chromeFor(ctx, request, reply, account), account, workspace));
  });

  app.get("/account/api-keys", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    const notice =
      (request.query as Record<string, string>).revoked === "1" ? "The API key was revoked." : undefined;
    return apiKeysPage(request, reply, account, { notice });
  });

  app.post("/account/api-keys", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    const form = formOf(request);
    if (!ctx.csrf.verify(request, form.get("csrf_token"))) return csrfRefused(request, reply, account);
    const input = { name: form.get("name") ?? "", permissions: form.getAll("permissions") };
    try {
      // The pages act in the person's own workspace, with their role there.
      const role = await roleOf(ctx, account.id, account.id);
      if (!role) throw new AppError("FORBIDDEN", { message: "You are no longer a member of this workspace" });
      const created = await createApiKey(
        ctx,
        await getWorkspaceAccountOrThrow(ctx, account.id),
        input,
        { id: account.id, role },
        auditActorOfPage(request, account.id),
      );
      // The secret is in this response only: rendered directly, never put in a URL.
      return await apiKeysPage(
        request,
        reply,
        account,
        { created: { name: created.key.name, secret: created.secret } },
        201,
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      const fields = (error.details?.fields as Record<string, string> | undefined) ?? { form: error.message };
      return apiKeysPage(request, reply, account, { errors: fields, form: input }, error.httpStatus);
    }
  });

  app.post("/account/api-keys/:id/revoke", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    if (!ctx.csrf.verify(request, formOf(request).get("csrf_token")))
      return csrfRefused(request, reply, account);
    const { id } = request.params as { id: string };
    try {
      await revokeApiKey(ctx, account.id, id, auditActorOfPage(request, account.id));
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") {
        return sendPage(
          reply,
          renderErrorPage(
            chromeFor(ctx, request, reply, account),
            "Key not found",
            "This API key does not exist or was already revoked.",
          ),
          404,
        );
      }
      throw error;
    }
    return redirectAfterPost(reply, "/account/api-keys?revoked=1");
  });

  app.get("/account/apps", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    const chrome = chromeFor(ctx, request, reply, account);
    const notice =
      (request.query as Record<string, string>).disconnected === "1"
        ? "The application was disconnected."
        : undefined;
    const apps = await listAuthorizedApps(ctx, account.id);
    return sendPage(reply, renderAppsPage(chrome, { csrfToken: chrome.csrfToken, apps, notice }));
  });

  app.post("/account/apps/:clientId/revoke", async (request, reply) => {
    const account = await requireAccount(ctx, request, reply);
    if (!account) return reply;
    if (!ctx.csrf.verify(request, formOf(request).get("csrf_token")))
      return csrfRefused(request, reply, account);
    const { clientId } = request.params as { clientId: string };
    try {
      await revokeAuthorizedApp(ctx, account.id, clientId);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") {
        return sendPage(
          reply,
          renderErrorPage(
            chromeFor(ctx, request, reply, account),
            "Not connected",
            "This application has no access to your account.",
          ),
          404,
        );
      }
      throw error;
    }
    return redirectAfterPost(reply, "/account/apps?disconnected=1");
  });
}
