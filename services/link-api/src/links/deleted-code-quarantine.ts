import { AppError } from "@kurz/errors";
import { and, eq, lte } from "drizzle-orm";
import type { LinkApiExecutor, LinkApiTransaction } from "../db/link-api-database";
import { deletedLinks, type LinkRow, type StoredLink } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";

/**
 * The quarantine of deleted codes. Printed links and QR codes keep pointing at a code after its
 * link is deleted, so for DELETED_CODE_QUARANTINE_DAYS only the owner may have it again (restore
 * the link, or reuse the code for a new one); everybody else is refused. Times come from ctx.clock.
 */

type QuarantineContext = Pick<LinkApiContext, "clock" | "deletedCodeQuarantineMs">;

/** Tombstones deleted at or before this instant no longer hold their code. */
export function quarantineCutoff(ctx: QuarantineContext): Date {
  return new Date(ctx.clock.now().getTime() - ctx.deletedCodeQuarantineMs);
}

export function quarantineDays(ctx: QuarantineContext): number {
  return Math.round(ctx.deletedCodeQuarantineMs / 86_400_000);
}

/** ALIAS_EXISTS, saying why the code cannot be had although no link uses it. */
export function recentlyDeletedError(ctx: QuarantineContext, host: string, code: string): AppError {
  return new AppError("ALIAS_EXISTS", {
    message:
      `This code was recently deleted and is held for ${quarantineDays(ctx)} days after deletion, ` +
      "so printed links and QR codes that point at it cannot be taken over",
    details: { customAlias: code, domain: host, reason: "recently_deleted" },
    hint: "Choose another alias",
  });
}

/** The tombstone holding host + code, if any (whatever its age). */
export async function findDeletedCode(
  db: LinkApiExecutor,
  host: string,
  code: string,
): Promise<{ accountId: string; deletedAt: Date } | undefined> {
  const [row] = await db
    .select({ accountId: deletedLinks.accountId, deletedAt: deletedLinks.deletedAt })
    .from(deletedLinks)
    .where(and(eq(deletedLinks.host, host), eq(deletedLinks.code, code)))
    .limit(1);
  return row;
}

/** Whether another account's quarantine holds the code now. */
export function heldFrom(
  ctx: QuarantineContext,
  tombstone: { accountId: string; deletedAt: Date } | undefined,
  accountId: string,
): boolean {
  return (
    tombstone !== undefined &&
    tombstone.accountId !== accountId &&
    tombstone.deletedAt.getTime() > quarantineCutoff(ctx).getTime()
  );
}

/**
 * Called after a link of accountId was written holding host + code: removes the code's tombstone
 * (the owner reusing it, or a quarantine that is over — the old link can no longer be restored),
 * or refuses with ALIAS_EXISTS while another account's quarantine holds it, rolling the write
 * back. Checking after the write, not before, closes the race with a concurrent delete: the
 * insert on the (host, code) unique index waits for the deleting transaction, so this statement
 * sees its tombstone.
 */
export async function takeOverDeletedCode(
  tx: LinkApiTransaction,
  ctx: QuarantineContext,
  accountId: string,
  host: string,
  code: string,
): Promise<void> {
  const removed = await tx
    .delete(deletedLinks)
    .where(and(eq(deletedLinks.host, host), eq(deletedLinks.code, code)))
    .returning({ accountId: deletedLinks.accountId, deletedAt: deletedLinks.deletedAt });
  if (removed.some((tombstone) => heldFrom(ctx, tombstone, accountId))) {
    throw recentlyDeletedError(ctx, host, code);
  }
}

/**
 * Keeps a link being deleted as the tombstone of its code, and drops the account's tombstones
 * whose quarantine is over (the table stays bounded by what accounts deleted recently).
 */
export async function keepDeletedLink(
  tx: LinkApiTransaction,
  ctx: QuarantineContext,
  row: LinkRow,
): Promise<void> {
  await tx
    .delete(deletedLinks)
    .where(
      and(eq(deletedLinks.accountId, row.accountId), lte(deletedLinks.deletedAt, quarantineCutoff(ctx))),
    );
  const link = JSON.parse(JSON.stringify(row)) as StoredLink;
  const tombstone = {
    linkId: row.id,
    accountId: row.accountId,
    host: row.host,
    code: row.code,
    deletedAt: ctx.clock.now(),
    link,
  };
  await tx
    .insert(deletedLinks)
    .values(tombstone)
    .onConflictDoUpdate({ target: [deletedLinks.host, deletedLinks.code], set: tombstone });
}
