import { AppError } from "@kurz/errors";
import { sql } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";

export interface LinkClickCount {
  linkId: string;
  accountId: string;
  clicks: number;
}

/** One call's most: 1000 value rows stay far below Postgres' bound-parameter limit. */
export const MAX_CLICK_COUNTS = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores analytics' absolute human-click totals in `links.clicks` (ClickCountService). A total is
 * stored only for the link whose id AND account match, and only when it is larger than the stored
 * one: a replay changes nothing, and of two analytics replicas pushing one link, the slower one's
 * older (smaller) total cannot replace the newer one. The price: a count never goes down, so clicks
 * that outlived the plan's analytics retention stay counted. Neither the link's version nor
 * updated_at moves and no event is written: a count is no edit of the link, and the redirector's
 * snapshot does not carry it. Resolves to the number of links whose count changed.
 */
export async function setClickCounts(
  db: LinkApiExecutor,
  counts: readonly LinkClickCount[],
): Promise<number> {
  if (counts.length > MAX_CLICK_COUNTS) {
    throw new AppError("VALIDATION_ERROR", {
      message: `At most ${MAX_CLICK_COUNTS} counts per call`,
      details: { field: "counts" },
    });
  }
  const byLink = new Map<string, LinkClickCount>();
  for (const count of counts) {
    if (
      !UUID.test(count.linkId) ||
      count.accountId === "" ||
      !Number.isSafeInteger(count.clicks) ||
      count.clicks < 0
    ) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Each count needs a link id (UUID), an account id and a click total",
        details: { field: "counts", link_id: count.linkId },
      });
    }
    // A link named twice keeps its larger total (Postgres updates a row once per statement).
    const id = count.linkId.toLowerCase();
    const seen = byLink.get(id);
    if (!seen || seen.clicks < count.clicks) byLink.set(id, count);
  }
  if (byLink.size === 0) return 0;
  const rows = sql.join(
    [...byLink.entries()].map(
      ([id, count]) => sql`(${id}::uuid, ${count.accountId}::text, ${count.clicks}::bigint)`,
    ),
    sql`, `,
  );
  const updated = await db.execute(sql`
    update links
       set clicks = counted.clicks
      from (values ${rows}) as counted (id, account_id, clicks)
     where links.id = counted.id
       and links.account_id = counted.account_id
       and links.clicks < counted.clicks
    returning links.id`);
  return updated.rows.length;
}
