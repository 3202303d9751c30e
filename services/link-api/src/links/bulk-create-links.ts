import { parseInput } from "@kurz/service-runtime";
import { count, eq } from "drizzle-orm";
import { UNLIMITED } from "../accounts/account-plans";
import { lockQuota } from "../accounts/assert-within-quota";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { createLink } from "./create-link";
import { createLinkInputSchema } from "./link-input-schemas";
import { type BulkItemResult, runBulk } from "./run-bulk";

/**
 * Creates each item as POST /urls would (the same validation, destination policy, alias and
 * quota rules), in request order, in one transaction (runBulk): a refused item is answered at its
 * index and the others are made. The plan's link limit applies per item: once it is reached, the
 * remaining items fail with QUOTA_EXCEEDED. The account's links are counted once, under the
 * quota's lock held for the whole call, and the items made since are added, instead of counting
 * the table per item.
 * `items` are raw (each is validated on its own).
 */
export async function bulkCreateLinks(
  ctx: LinkApiContext,
  accountId: string,
  items: readonly unknown[],
): Promise<BulkItemResult<LinkRow>[]> {
  const plan = await ctx.plans.getPlan(accountId);
  let counted = 0;
  let made = 0;
  const countLinks = async () => counted + made;
  return runBulk(
    ctx,
    items,
    (tx, item) =>
      createLink(ctx, accountId, parseInput(createLinkInputSchema, item), { tx, plan, countLinks }),
    {
      // The quota's lock is taken for the whole call (an item's savepoint rolled back would drop
      // a lock taken inside it), then the links are counted once.
      before: async (tx: LinkApiTransaction) => {
        if (plan.maxLinks === UNLIMITED) return;
        await lockQuota(tx, accountId, "maxLinks");
        const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
        counted = result?.n ?? 0;
      },
      onApplied: () => {
        made++;
      },
    },
  );
}
