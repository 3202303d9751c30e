import { AppError } from "@kurz/errors";
import { enqueueOutboxMessages, type OutboxMessage } from "@kurz/outbox";
import { parseInput } from "@kurz/service-runtime";
import { count, eq } from "drizzle-orm";
import { UNLIMITED } from "../accounts/account-plans";
import { lockQuota } from "../accounts/assert-within-quota";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { createLink } from "./create-link";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { type AliasInsert, insertAliasBatch } from "./insert-alias-batch";
import { insertRandomCodeBatch } from "./insert-random-code-batch";
import { createLinkInputSchema } from "./link-input-schemas";
import { checkLinkDraft, draftLink, type LinkDraft, type NewLinkValues } from "./prepare-link";
import { type BulkItemResult, itemErrorOf } from "./run-bulk";

/** A bulk item ready for the transaction, or the client error that refused it. */
export type BulkDraft = { draft: LinkDraft } | { refused: AppError };

/**
 * Creates each item as POST /urls would (the same validation, destination policy, alias and
 * quota rules), in request order, in one transaction: a refused item is answered at its index
 * and the others are made; a fault (the database gone) rolls the whole call back and is thrown,
 * so a retry of the call is safe. The plan's link limit applies per item: once it is reached, the
 * remaining items fail with QUOTA_EXCEEDED. `items` are raw (each is validated on its own).
 *
 * How a thousand items stay cheap: the checks that need no database and the password hashes run
 * before the transaction; in it, the quota's lock is taken and the links counted once; an item
 * with a random code is checked (reads only: nothing to undo when refused) and then inserted with
 * all the others in one statement (insertRandomCodeBatch); an item with a custom alias is created
 * alone in a savepoint (its code's quarantine is checked after its row is written); the
 * link.created messages are written in one statement; one commit.
 */
export async function bulkCreateLinks(
  ctx: LinkApiContext,
  accountId: string,
  items: readonly unknown[],
): Promise<BulkItemResult<LinkRow>[]> {
  const plan = await ctx.plans.getPlan(accountId);
  const drafts: BulkDraft[] = [];
  for (const item of items) drafts.push(await draftBulkItem(ctx, accountId, item, plan));

  const results = await ctx.db.transaction((tx: LinkApiTransaction) =>
    createDraftedLinks(tx, ctx, accountId, plan, drafts),
  );
  ctx.eventsWritten();
  return results;
}

/** What an import adds to a bulk create. */
export interface CreateDraftedLinksOptions {
  /**
   * The alias to try when `alias` is taken on its host (attempt 2, 3, …), or undefined to give up
   * with ALIAS_EXISTS: an import's on_conflict=suffix.
   */
  nextAlias?: (alias: string, attempt: number) => string | undefined;
  /** Links counted as made already: a dry run's earlier batches, rolled back but counted. */
  extraLinksUsed?: number;
}

/**
 * An item's draft, or the client error that refuses it; anything else is thrown (a fault).
 * `createdAt` keeps an imported link's date of creation at its origin.
 */
export async function draftBulkItem(
  ctx: LinkApiContext,
  accountId: string,
  item: unknown,
  plan: LinkDraft["plan"],
  createdAt?: Date,
): Promise<BulkDraft> {
  try {
    const input = parseInput(createLinkInputSchema, item);
    return { draft: await draftLink(ctx, accountId, input, { plan, ...(createdAt ? { createdAt } : {}) }) };
  } catch (error) {
    if (error instanceof AppError && error.isClientError) return { refused: error };
    throw error;
  }
}

/**
 * An item with a custom alias, alone in a savepoint; another alias tried while nextAlias gives one.
 * `firstAttempt` 2: the alias itself was found taken already (by insertAliasBatch).
 */
async function createAliasItem(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  accountId: string,
  draft: LinkDraft,
  linksUsed: () => number,
  nextAlias: CreateDraftedLinksOptions["nextAlias"],
  firstAttempt = 1,
): Promise<LinkRow> {
  const alias = draft.input.customAlias as string;
  for (let attempt = firstAttempt; ; attempt++) {
    const customAlias = attempt === 1 ? alias : nextAlias?.(alias, attempt);
    if (customAlias === undefined) throw new AppError("ALIAS_EXISTS", { details: { customAlias: alias } });
    try {
      // Its message is written with the others (`events` here only keeps it out of the outbox).
      return await tx.transaction((savepoint) =>
        createLink(
          ctx,
          accountId,
          { ...draft.input, customAlias },
          {
            tx: savepoint,
            plan: draft.plan,
            linksUsed,
            events: [],
            ...(draft.createdAt ? { createdAt: draft.createdAt } : {}),
          },
        ),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "ALIAS_EXISTS" || !nextAlias) throw error;
      if (nextAlias(alias, attempt + 1) === undefined) throw error;
    }
  }
}

/**
 * The transaction's part of a bulk create (see bulkCreateLinks), for a caller that writes more in
 * the same transaction (an import batch moves its progress with the links it made).
 */
export async function createDraftedLinks(
  tx: LinkApiTransaction,
  ctx: LinkApiContext,
  accountId: string,
  plan: LinkDraft["plan"],
  drafts: readonly BulkDraft[],
  options: CreateDraftedLinksOptions = {},
): Promise<BulkItemResult<LinkRow>[]> {
  let used = 0;
  if (plan.maxLinks !== UNLIMITED) {
    // Held to the commit: a lock taken in an item's savepoint would go with its rollback.
    await lockQuota(tx, accountId, "maxLinks");
    const [result] = await tx.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
    used = (result?.n ?? 0) + (options.extraLinksUsed ?? 0);
  }
  const out: BulkItemResult<LinkRow>[] = new Array(drafts.length);
  const pending: Array<{ index: number; values: NewLinkValues }> = [];
  // With room for every item, no item's outcome depends on the ones before it (the link limit is
  // the only thing they share), so the aliases are written together. Near the limit, each alias
  // is created in order, so exactly the first items that fit are made.
  const roomForAll = plan.maxLinks === UNLIMITED || used + drafts.length <= plan.maxLinks;
  const aliases: Array<{ index: number; draft: LinkDraft; insert: AliasInsert }> = [];
  for (let index = 0; index < drafts.length; index++) {
    const item = drafts[index] as BulkDraft;
    if ("refused" in item) {
      out[index] = { index, success: false, error: itemErrorOf(item.refused) };
      continue;
    }
    try {
      const alias = item.draft.input.customAlias;
      if (alias === undefined) {
        const values = await checkLinkDraft(tx, ctx, accountId, item.draft, { linksUsed: () => used });
        pending.push({ index, values });
        used++;
      } else if (roomForAll) {
        const values = await checkLinkDraft(tx, ctx, accountId, item.draft, { linksUsed: () => used });
        aliases.push({ index, draft: item.draft, insert: { values, alias } });
      } else {
        const row = await createAliasItem(tx, ctx, accountId, item.draft, () => used, options.nextAlias);
        out[index] = { index, success: true, value: row };
        used++;
      }
    } catch (error) {
      if (!(error instanceof AppError) || !error.isClientError) throw error;
      out[index] = { index, success: false, error: itemErrorOf(error) };
    }
  }
  const aliasRows = await insertAliasBatch(
    tx,
    ctx,
    accountId,
    aliases.map((a) => a.insert),
  );
  for (let i = 0; i < aliases.length; i++) {
    const { index, draft } = aliases[i] as (typeof aliases)[number];
    let result = aliasRows[i] as LinkRow | AppError;
    if (
      result instanceof AppError &&
      options.nextAlias?.(draft.input.customAlias as string, 2) !== undefined
    ) {
      // Taken: the next aliases are tried one by one (rare: an import's on_conflict=suffix).
      try {
        result = await createAliasItem(tx, ctx, accountId, draft, () => used, options.nextAlias, 2);
      } catch (error) {
        if (!(error instanceof AppError) || !error.isClientError) throw error;
        result = error;
      }
    }
    if (result instanceof AppError) out[index] = { index, success: false, error: itemErrorOf(result) };
    else {
      out[index] = { index, success: true, value: result };
      used++;
    }
  }
  const rows = await insertRandomCodeBatch(
    tx,
    pending.map((p) => p.values),
  );
  for (let i = 0; i < pending.length; i++) {
    const { index } = pending[i] as { index: number };
    const row = rows[i];
    if (!row) throw new AppError("INTERNAL", { message: "Could not allocate a short code" });
    out[index] = { index, success: true, value: row };
  }
  // The links' link.created messages in request order, in one statement.
  const events: OutboxMessage[] = [];
  for (const result of out) {
    if (result.success)
      await enqueueLinkChanged(tx, "link.created", ctx.clock.now(), result.value, { deferTo: events });
  }
  await enqueueOutboxMessages(tx, events);
  return out;
}
