import { randomUUID } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { deletedLinks, type LinkRow, links } from "../db/schema";
import { generateShortCode } from "./generate-short-code";
import { insertWithRandomCode } from "./insert-with-random-code";
import type { NewLinkValues } from "./prepare-link";

/**
 * Inserts many links under fresh random codes in two statements instead of two per link: one
 * read of the tombstones holding any of the drawn codes (those are drawn again, as
 * insertWithRandomCode skips them), one multi-row INSERT … ON CONFLICT DO NOTHING. A link whose
 * code another row took meanwhile (a 1 in 10^12-ish event) goes through insertWithRandomCode.
 * The rows come back in the order of `values`; undefined where no code could be allocated.
 */
export async function insertRandomCodeBatch(
  tx: LinkApiTransaction,
  values: readonly NewLinkValues[],
  generate: (length?: number) => string = generateShortCode,
): Promise<Array<LinkRow | undefined>> {
  if (values.length === 0) return [];
  const drafts = values.map((value) => ({
    ...value,
    id: randomUUID(),
    code: generate(),
    customAlias: false,
  }));
  const held = await tx
    .select({ host: deletedLinks.host, code: deletedLinks.code })
    .from(deletedLinks)
    .where(
      and(
        inArray(deletedLinks.code, [...new Set(drafts.map((draft) => draft.code))]),
        inArray(deletedLinks.host, [...new Set(drafts.map((draft) => draft.host))]),
      ),
    );
  const tombstones = new Set(held.map((row) => `${row.host}/${row.code}`));
  const free = drafts.filter((draft) => !tombstones.has(`${draft.host}/${draft.code}`));
  const inserted =
    free.length === 0
      ? []
      : await tx
          .insert(links)
          .values(free)
          .onConflictDoNothing({ target: [links.host, links.code] })
          .returning();
  const byId = new Map(inserted.map((row) => [row.id, row]));
  const rows: Array<LinkRow | undefined> = [];
  for (const draft of drafts) {
    const { id, code: _code, customAlias: _alias, ...value } = draft;
    rows.push(byId.get(id) ?? (await insertWithRandomCode(tx, { ...value, id, customAlias: false })));
  }
  return rows;
}
