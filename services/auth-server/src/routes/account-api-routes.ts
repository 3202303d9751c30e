import { accessTokenOf, ROLES, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MCP_PERMISSION } from "../api-keys/api-key-permissions";
import { toApiKeyView } from "../api-keys/api-key-view";
import { createApiKey } from "../api-keys/create-api-key";
import { listApiKeys } from "../api-keys/list-api-keys";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { auditActorOfToken } from "../audit/audit-actor-of";
import type { AuthContext } from "../auth-context";
import { limitToJson } from "../plans/limit";
import { GRANTABLE_SCOPES, planOf } from "../plans/plans";
import { getWorkspaceAccountOrThrow, type WorkspaceAccount } from "../workspaces/find-workspace-account";

const createKeyBody = z.object({
  name: z.string().max(100),
  permissions: z
    .array(z.string().max(64))
    .min(1)
    .max(40)
    .describe('"mcp" lets the key call the MCP server; other entries are scopes your token carries'),
  role: z
    .enum(ROLES)
    .optional()
    .describe(
      "The most the key may do in the workspace (docs/api/workspaces.md#roles); default and at most: your role",
    ),
});

const int = z.number().int();
const limit = z.number().int().nullable().describe("The plan's maximum; null: unlimited, 0: not included");
const planSchema = z.object({
  id: z.string().describe("free, pro, business or enterprise"),
  name: z.string(),
  mcp_access: z.boolean(),
  webhooks: z.boolean(),
  ab_tests: z.boolean(),
  max_links: limit,
  max_qr_codes: limit,
  max_branded_domains: limit,
  max_subdomains: limit,
  max_campaigns: limit,
  max_ab_tests: limit,
  max_webhook_endpoints: limit,
  max_api_keys: limit,
  max_members: limit,
  analytics_retention_days: int,
  audit_log_retention_days: int,
  rest_requests_per_minute: int,
  mcp_requests_per_minute: int,
  grantable_scopes: z.array(z.string()),
});
const accountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    created_at: z.string(),
    plan: planSchema,
  })
  .meta({ id: "Account" });
const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, to recognise it"),
    permissions: z.array(z.string()),
    role: z.enum(ROLES).describe("The most the key may do in its workspace"),
    created_by: z.string().nullable().describe("The person who created it"),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
const tags = ["Account"];

function accountView(account: WorkspaceAccount) {
  const plan = planOf(account.plan);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    created_at: account.createdAt.toISOString(),
    plan: {
      id: plan.id,
      name: plan.name,
      mcp_access: plan.mcpAccess,
      webhooks: plan.webhooks,
      ab_tests: plan.abTests,
      // null: unlimited; 0: not included.
      max_links: limitToJson(plan.maxLinks),
      max_qr_codes: limitToJson(plan.maxQrCodes),
      max_branded_domains: limitToJson(plan.maxBrandedDomains),
      max_subdomains: limitToJson(plan.maxSubdomains),
      max_campaigns: limitToJson(plan.maxCampaigns),
      max_ab_tests: limitToJson(plan.maxAbTests),
      max_webhook_endpoints: limitToJson(plan.maxWebhookEndpoints),
      max_api_keys: limitToJson(plan.maxApiKeys),
      max_members: limitToJson(plan.maxMembers),
      analytics_retention_days: plan.analyticsRetentionDays,
      audit_log_retention_days: plan.auditLogRetentionDays,
      rest_requests_per_minute: plan.restRequestsPerMinute,
      mcp_requests_per_minute: plan.mcpRequestsPerMinute,
      // Every scope, on every plan (plans.ts GRANTABLE_SCOPES).
      grantable_scopes: GRANTABLE_SCOPES,
    },
  };
}

/**
 * REST: GET /api/v1/account (account:read); API keys list (account:read), create and revoke
 * (account:write). Bearer tokens are checked by the shared verifier like on every other service.
 */
export function registerAccountApiRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  verifier: TokenVerifier,
): void {
  // Handlers check their input themselves (messages clients see); the schemas document it.
  app.get(
    "/api/v1/account",
    {
      preHandler: requireScope(verifier, "account:read"),
      schema: {
        tags,
        summary: "Your account and what its plan allows",
        response: {
          200: z.object({ success: z.literal(true), account: accountSchema }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const account = await getWorkspaceAccountOrThrow(ctx, accessTokenOf(request).accountId);
      return reply.header("cache-control", "no-store").send({ success: true, account: accountView(account) });
    },
  );

  app.get(
    "/api/v1/api-keys",
    {
      preHandler: requireScope(verifier, "account:read"),
      schema: {
        tags,
        summary: "List your API keys (never their secrets)",
        response: {
          200: z.object({ success: z.literal(true), api_keys: z.array(apiKeySchema) }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:read"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const keys = await listApiKeys(ctx, accessTokenOf(request).accountId);
      return reply
        .header("cache-control", "no-store")
        .send({ success: true, api_keys: keys.map(toApiKeyView) });
    },
  );

  app.post(
    "/api/v1/api-keys",
    {
      preHandler: requireScope(verifier, "account:write"),
      schema: {
        tags,
        summary: "Create an API key (the secret is shown once, in this response)",
        body: createKeyBody,
        response: {
          201: z.object({
            success: z.literal(true),
            api_key: apiKeySchema.extend({ key: z.string().describe("The secret: <prefix>_<opaque>") }),
          }),
          ...errorResponses(),
        },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const token = accessTokenOf(request);
      const parsed = createKeyBody.safeParse(request.body);
      if (!parsed.success) {
        throw new AppError("VALIDATION_ERROR", {
          message: "Expected { name: string, permissions: string[] }",
          details: {
            issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          },
        });
      }
      // A token cannot mint a key stronger than itself: beyond "mcp", only scopes it carries.
      const beyondToken = parsed.data.permissions.filter((p) => p !== MCP_PERMISSION && !token.scopes.has(p));
      if (beyondToken.length > 0) {
        throw new AppError("FORBIDDEN", {
          message: `The access token does not carry: ${beyondToken.join(", ").slice(0, 200)}`,
        });
      }
      const account = await getWorkspaceAccountOrThrow(ctx, token.accountId);
      const created = await createApiKey(
        ctx,
        account,
        parsed.data,
        { id: token.userId, role: token.role ?? "viewer" },
        auditActorOfToken(request, token),
      );
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({ success: true, api_key: { ...toApiKeyView(created.key), key: created.secret } });
    },
  );

  app.delete(
    "/api/v1/api-keys/:id",
    {
      preHandler: requireScope(verifier, "account:write"),
      schema: {
        tags,
        summary: "Revoke an API key",
        params: z.object({ id: z.string().describe("API key id") }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(404) },
        security: bearerSecurity("account:write"),
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const token = accessTokenOf(request);
      await revokeApiKey(ctx, token.accountId, id, auditActorOfToken(request, token));
      return reply.header("cache-control", "no-store").send({ success: true });
    },
  );
}
