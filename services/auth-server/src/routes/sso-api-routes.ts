import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { auditActorOfToken } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import { deleteWorkspaceSso } from "../sso/delete-workspace-sso";
import { getWorkspaceSsoOrThrow } from "../sso/get-workspace-sso-or-throw";
import { putWorkspaceSso } from "../sso/put-workspace-sso";
import { ssoView } from "../sso/sso-view";
import { verifyWorkspaceSso } from "../sso/verify-workspace-sso";

const ssoSchema = z
  .object({
    issuer: z.string().describe("The OpenID provider's issuer URL"),
    client_id: z.string(),
    client_secret_set: z.literal(true).describe("The client secret is stored sealed and never returned"),
    domain: z.string().describe("The e-mail domain whose people sign in through this provider"),
    enforced: z.boolean().describe("Password log-in and sign-up refused for the domain"),
    verification: z.object({
      status: z.enum(["pending", "verified"]),
      txt_name: z.string().describe("Where to publish the TXT record: _kurz-sso.<domain>"),
      txt_value: z.string().describe("The TXT record's value: kurz-sso-verification=<token>"),
      verified_at: z.string().nullable(),
      problem: z.string().optional().describe("Only in a verify answer that did not find the record"),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WorkspaceSso" });
const ssoBody = z.object({
  issuer: z.url().describe("https URL; its /.well-known/openid-configuration is fetched on save"),
  client_id: z.string().min(1).max(512),
  client_secret: z.string().min(1).max(512).optional().describe("Required the first time; omit to keep it"),
  domain: z.string().describe("An e-mail domain such as example.com; one workspace per domain"),
  enforced: z.boolean().optional().describe("Default false"),
});
const workspaceParams = z.object({ id: z.string().describe("Workspace id") });
const answer = z.object({ success: z.literal(true), sso: ssoSchema });
const tags = ["Workspaces"];
const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

/**
 * REST: a workspace's single sign-on (docs/api/workspaces.md#single-sign-on). Like the other
 * workspace routes they act in the workspace of the path and check the role there themselves:
 * admins and owners read, owners change; saving and verifying need the Enterprise plan.
 */
export function registerSsoApiRoutes(app: FastifyInstance, ctx: AuthContext, verifier: TokenVerifier): void {
  app.get(
    "/api/v1/workspaces/:id/sso",
    {
      preHandler: requireScope(verifier, "account:read", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "A workspace's single sign-on settings (admins and owners)",
        params: workspaceParams,
        response: { 200: answer, ...errorResponses(404) },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = await getWorkspaceSsoOrThrow(ctx, accessTokenOf(request).userId, id);
      return noStore(reply).send({ success: true, sso: ssoView(row) });
    },
  );

  app.put(
    "/api/v1/workspaces/:id/sso",
    {
      preHandler: requireScope(verifier, "account:write", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "Set up or change single sign-on (owners; Enterprise plan)",
        params: workspaceParams,
        body: ssoBody,
        response: { 200: answer, ...errorResponses(409) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = await putWorkspaceSso(
        ctx,
        auditActorOfToken(request, accessTokenOf(request)),
        id,
        request.body,
      );
      return noStore(reply).send({ success: true, sso: ssoView(row) });
    },
  );

  app.delete(
    "/api/v1/workspaces/:id/sso",
    {
      preHandler: requireScope(verifier, "account:write", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "Remove single sign-on (owners)",
        params: workspaceParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(404) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await deleteWorkspaceSso(ctx, auditActorOfToken(request, accessTokenOf(request)), id);
      return noStore(reply).send({ success: true });
    },
  );

  app.post(
    "/api/v1/workspaces/:id/sso/verify",
    {
      preHandler: requireScope(verifier, "account:write", { actsInWorkspace: false }),
      schema: {
        tags,
        summary: "Check the domain's TXT record now (owners; Enterprise plan)",
        params: workspaceParams,
        response: { 200: answer, ...errorResponses(404) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const checked = await verifyWorkspaceSso(ctx, auditActorOfToken(request, accessTokenOf(request)), id);
      return noStore(reply).send({ success: true, sso: ssoView(checked.row, checked.problem) });
    },
  );
}
