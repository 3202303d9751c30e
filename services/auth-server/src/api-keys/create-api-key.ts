import { randomUUID } from "node:crypto";
import { isRole, ROLES, type Role, roleAtLeast, roleRefusal } from "@kurz/auth-verifier";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { nameProblem } from "@kurz/service-runtime";
import { and, count, eq, isNull } from "drizzle-orm";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { type ApiKeyRow, apiKeys } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { allowsAnother } from "../plans/limit";
import { planOf } from "../plans/plans";
import type { WorkspaceAccount } from "../workspaces/find-workspace-account";
import { assertGrantablePermissions } from "./api-key-permissions";

export interface CreateApiKeyInput {
  name: string;
  permissions: readonly string[];
  /** The key's role ceiling; default: its creator's role. Never above it. */
  role?: unknown;
}

export interface CreatedApiKey {
  key: ApiKeyRow;
  /** The secret `<prefix>_<opaque>`: shown once, stored only as its SHA-256. */
  secret: string;
}

/** Field problems of a create request (for the form), empty when acceptable. */
export function apiKeyInputProblems(input: CreateApiKeyInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) problems.name = "Give the key a name, so you can recognise it later.";
  else if (name.length > 100) problems.name = "Use at most 100 characters.";
  else {
    const issue = nameProblem(name);
    if (issue) problems.name = `The name ${issue}.`;
  }
  if (input.permissions.length === 0) problems.permissions = "Choose at least one permission.";
  return problems;
}

/**
 * A key of `account` (a workspace), created by `creator` whose role there is `creator.role`. The
 * key acts with at most the role it is given (default: the creator's), never above the creator's.
 */
export async function createApiKey(
  ctx: AuthContext,
  account: WorkspaceAccount,
  input: CreateApiKeyInput,
  creator: { id: string; role: Role },
  actor: AuditActor,
): Promise<CreatedApiKey> {
  const problems = apiKeyInputProblems(input);
  if (Object.keys(problems).length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: Object.values(problems).join(" "),
      details: { fields: problems },
    });
  }
  const role = input.role === undefined ? creator.role : input.role;
  if (typeof role !== "string" || !isRole(role)) {
    throw new AppError("VALIDATION_ERROR", {
      message: `role must be one of: ${ROLES.join(", ")}`,
      details: { fields: { role: "unknown role" } },
    });
  }
  if (!roleAtLeast(creator.role, role)) throw roleRefusal(creator.role, role, `a key with the ${role} role`);
  const permissions = [...new Set(input.permissions)];
  const plan = planOf(account.plan);
  assertGrantablePermissions(permissions, plan);

  const secret = generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_`);
  const key: ApiKeyRow = {
    id: randomUUID(),
    accountId: account.id,
    role,
    createdBy: creator.id,
    name: input.name.trim(),
    keyHash: sha256Hex(secret),
    displayPrefix: secret.slice(0, ctx.config.BRAND_PREFIX.length + 7),
    permissions,
    createdAt: ctx.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await ctx.db.transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt)));
    const used = active?.n ?? 0;
    if (!allowsAnother(plan.maxApiKeys, used)) {
      // A quota, not a rate limit: waiting never frees a key, revoking one does.
      throw new AppError("QUOTA_EXCEEDED", {
        message: `Your ${plan.name} plan allows ${plan.maxApiKeys} active API keys`,
        details: { limit: plan.maxApiKeys, used, plan: plan.id },
        hint: "Revoke a key you no longer use, or upgrade your plan",
      });
    }
    await tx.insert(apiKeys).values(key);
    await recordAudit(tx, {
      workspaceId: account.id,
      actor,
      action: "api_key.created",
      target: { type: "api_key", id: key.id },
      changes: {
        name: { before: null, after: key.name },
        permissions: { before: null, after: permissions },
        role: { before: null, after: role },
      },
      at: key.createdAt,
    });
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.api_key_created",
        accountId: account.id,
        schema: authV1.ApiKeyCreatedSchema,
        payload: { accountId: account.id, keyId: key.id, name: key.name, permissions },
        occurredAt: key.createdAt,
      }),
    ]);
  });
  ctx.wakeOutbox();
  ctx.logger.info({ event: "api_key.created", accountId: account.id, keyId: key.id }, "API key created");
  return { key, secret };
}
