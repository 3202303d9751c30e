import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { nameProblem } from "@kurz/service-runtime";
import { and, count, eq, isNull } from "drizzle-orm";
import type { AuthContext } from "../auth-context";
import { generateOpaqueSecret, sha256Hex } from "../crypto/opaque-secret";
import { type AccountRow, type ApiKeyRow, apiKeys } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";
import { allowsAnother } from "../plans/limit";
import { planOf } from "../plans/plans";
import { assertGrantablePermissions } from "./api-key-permissions";

export interface CreateApiKeyInput {
  name: string;
  permissions: readonly string[];
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

export async function createApiKey(
  ctx: AuthContext,
  account: AccountRow,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const problems = apiKeyInputProblems(input);
  if (Object.keys(problems).length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: Object.values(problems).join(" "),
      details: { fields: problems },
    });
  }
  const permissions = [...new Set(input.permissions)];
  const plan = planOf(account.plan);
  assertGrantablePermissions(permissions, plan);

  const secret = generateOpaqueSecret(`${ctx.config.BRAND_PREFIX}_`);
  const key: ApiKeyRow = {
    id: randomUUID(),
    accountId: account.id,
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
