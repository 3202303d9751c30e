import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { and, inArray } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { deletedLinks, type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { heldFrom, recentlyDeletedError } from "./deleted-code-quarantine";
import type { NewLinkValues } from "./prepare-link";

export interface AliasInsert {
  values: NewLinkValues;
  alias: string;
}

/** ALIAS_EXISTS as createLink answers it for a code taken on its host. */
export function aliasTakenError(alias: string, host: string): AppError {
  return new AppError("ALIAS_EXISTS", {
    details: { customAlias: alias, domain: host },
    hint: "Choose another alias, or check one first with check-alias",
  });
}

/**
 * Inserts many links under their custom aliases in two statements instead of four per link (a
 * savepoint, the insert, the quarantine's check, the release): one multi-row INSERT … ON CONFLICT
 * DO NOTHING, then one read of the tombstones of the codes it took. As in createLink, the
 * quarantine is checked after the write (the insert waits on the unique index for a concurrent
 * delete, so the read sees its tombstone): a tombstone of the account's own, or whose quarantine
 * is over, is removed; a code another account's quarantine holds has its new row deleted again
 * and is refused. Each item's answer comes back in the order of `items`: its row, or the
 * ALIAS_EXISTS that refused it (taken by a link, by an earlier item of the call, or held).
 */
export async function insertAliasBatch(
  tx: LinkApiTransaction,
  ctx: Pick<LinkApiContext, "clock" | "deletedCodeQuarantineMs">,
  accountId: string,
  items: readonly AliasInsert[],
): Promise<Array<LinkRow | AppError>> {
  if (items.length === 0) return [];
  const rows = items.map((item) => ({
    ...item.values,
    id: randomUUID(),
    code: item.alias,
    customAlias: true,
  }));
  const inserted = await tx
    .insert(links)
    .values(rows)
    .onConflictDoNothing({ target: [links.host, links.code] })
    .returning();
  const byKey = new Map(inserted.map((row) => [`${row.host}/${row.code}`, row]));
  const held = new Map<string, AppError>();
  if (inserted.length > 0) {
    const tombstones = await tx
      .select({
        linkId: deletedLinks.linkId,
        accountId: deletedLinks.accountId,
        host: deletedLinks.host,
        code: deletedLinks.code,
        deletedAt: deletedLinks.deletedAt,
      })
      .from(deletedLinks)
      .where(
        and(
          inArray(deletedLinks.code, [...new Set(inserted.map((row) => row.code))]),
          inArray(deletedLinks.host, [...new Set(inserted.map((row) => row.host))]),
        ),
      );
    const takenOver: string[] = [];
    const undone: string[] = [];
    for (const tombstone of tombstones) {
      const key = `${tombstone.host}/${tombstone.code}`;
      const row = byKey.get(key);
      if (!row) continue;
      if (heldFrom(ctx, tombstone, accountId)) {
        held.set(key, recentlyDeletedError(ctx, tombstone.host, tombstone.code));
        undone.push(row.id);
      } else {
        takenOver.push(tombstone.linkId);
      }
    }
    if (takenOver.length > 0) await tx.delete(deletedLinks).where(inArray(deletedLinks.linkId, takenOver));
    if (undone.length > 0) await tx.delete(links).where(inArray(links.id, undone));
  }
  const ids = new Set(inserted.map((row) => row.id));
  return rows.map((row) => {
    const key = `${row.host}/${row.code}`;
    if (!ids.has(row.id)) return aliasTakenError(row.code, row.host);
    return held.get(key) ?? (byKey.get(key) as LinkRow);
  });
}
