import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { and, eq, isNull } from "drizzle-orm";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { AuthContext } from "../auth-context";
import { type ApiKeyRow, apiKeys } from "../db/schema";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes one of the account's keys and announces `account.api_key_revoked` (gateways drop
 * cached verifications). Another account's key, an unknown one or a revoked one is NOT_FOUND.
 */
export async function revokeApiKey(
  ctx: AuthContext,
  accountId: string,
  keyId: string,
  actor: AuditActor,
): Promise<ApiKeyRow> {
  const notFound = new AppError("NOT_FOUND", { message: "API key not found" });
  if (!UUID.test(keyId)) throw notFound;
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) throw notFound;
    await recordAudit(tx, {
      workspaceId: accountId,
      actor,
      action: "api_key.revoked",
      target: { type: "api_key", id: keyId },
      changes: { name: { before: row.name, after: null } },
      at: now,
    });
    await enqueueAccountEvents(tx, [
      accountEvent({
        type: "account.api_key_revoked",
        accountId,
        schema: authV1.ApiKeyRevokedSchema,
        payload: { accountId, keyId, revokedAt: timestampFromDate(now) },
        occurredAt: now,
      }),
    ]);
    return row;
  });
  ctx.wakeOutbox();
  ctx.logger.info({ event: "api_key.revoked", accountId, keyId }, "API key revoked");
  return revoked;
}
