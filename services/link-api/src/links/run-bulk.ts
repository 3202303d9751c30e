import { AppError } from "@kurz/errors";
import type { LinkApiTransaction } from "../db/link-api-database";
import type { LinkApiContext } from "../link-api-context";

/** The most items one bulk call takes (docs/api/links.md#bulk-operations). */
export const BULK_MAX_ITEMS = 1_000;

/** Why one item of a bulk call was refused: the REST error body's fields, for that item. */
export interface BulkItemError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  hint?: string;
}

export type BulkItemResult<T> =
  | { index: number; success: true; value: T }
  | { index: number; success: false; error: BulkItemError };

/** A refused item's error, as its result carries it. */
export function itemErrorOf(error: AppError): BulkItemError {
  return {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
    ...(error.hint ? { hint: error.hint } : {}),
  };
}

/**
 * Applies a bulk call's items in request order inside ONE transaction, each in a savepoint of its
 * own: an item the request itself gets wrong (any client AppError: invalid, taken, over the
 * quota, not found) is rolled back alone and answered at its index, and the others are applied;
 * anything else (the database gone, a bug) rolls the whole call back and is thrown, so a call
 * is never half-applied by a fault: the client retries it whole. One commit for the whole call
 * is also what makes a thousand items cheap (one WAL flush, not a thousand).
 *
 * `apply` gets the item's savepoint to work in and must not call other services (the plan is
 * asked before, by the caller). ctx.eventsWritten() is called once, after the commit.
 */
export async function runBulk<I, T>(
  ctx: Pick<LinkApiContext, "db" | "eventsWritten">,
  items: readonly I[],
  apply: (tx: LinkApiTransaction, item: I, index: number) => Promise<T>,
): Promise<BulkItemResult<T>[]> {
  const results = await ctx.db.transaction(async (tx) => {
    const out: BulkItemResult<T>[] = [];
    for (let index = 0; index < items.length; index++) {
      try {
        const item = items[index] as I;
        const value = await tx.transaction((savepoint) => apply(savepoint, item, index));
        out.push({ index, success: true, value });
      } catch (error) {
        if (!(error instanceof AppError) || !error.isClientError) throw error;
        out.push({ index, success: false, error: itemErrorOf(error) });
      }
    }
    return out;
  });
  ctx.eventsWritten();
  return results;
}
