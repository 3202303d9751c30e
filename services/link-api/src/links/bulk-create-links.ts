import { enqueueOutboxMessages, type OutboxMessage } from "@kurz/outbox";
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
 * the table per item; their link.created messages are written in one statement at the end.
 * `items` are raw (each is validated on its own).
 */
export async function bulkCreateLinks(
  ctx: LinkApiContext,
  accountId: string,
  items: readonly unknown[],
): Promise<BulkItemResult<LinkRow>[]> {
  const plan = await ctx.plans.getPlan(accountId);
  const parsed = items.map((item) => {
    try {
      return { input: parseInput(createLinkInputSchema, item) };
    } catch (error) {
      return { error };
    }
  });
  let counted = 0;
  let made = 0;
  const events: OutboxMessage[] = [];
  return runBulk(
    ctx,
    parsed,
    (tx, item) => {
      if (!item.input) throw item.error;
      return createLink(ctx, accountId, item.input, { tx, plan, linksUsed: () => counted + made, events });
    },
    {
      // The quota's lock is taken for the whole call (a lock taken in an item's savepoint would go
      // with its rollback), then the links are counted once.
      before: async (tx: LinkApiTransaction) => {
        if (plan.maxLinks === UNLIMITED) return;
        await lockQuota(tx, accountId, "maxLinks");
        const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
        counted = result?.n ?? 0;
      },
      // The link.created messages of the links made, in one statement.
      after: (tx) => enqueueOutboxMessages(tx, events),
      onApplied: () => {
        made++;
      },
      // createLink refuses a random-code link before writing anything; an alias is checked
      // against the code's quarantine after its row is written, which a savepoint undoes.
      needsSavepoint: (item) => item.input?.customAlias !== undefined,
    },
  );
}
