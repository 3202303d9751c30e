import { AppError } from "@kurz/errors";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { routingOf } from "../abtests/routing-of";
import { abRoutingPending, abTests, abVariants } from "../db/schema";

/** Rounds after which a link whose state keeps changing under the call is left to the reconciler. */
const MAX_ROUNDS = 3;

/**
 * Brings one link's routing at link-api in line with the tests stored here, outside any
 * transaction (docs/architecture.md#failure-model): the link's running test routes it, anything
 * else (paused, completed, draft, deleted) leaves it unsplit; a completed test's winner becomes its
 * destination. SetAbRouting sets the whole state, so repeating it is harmless: a lost answer is
 * repeated by the reconciler (reconcile-link-routing.ts). The version read before the call is the
 * one confirmed after it; a change committed meanwhile bumped it, and the link goes round again,
 * so a late call carrying an older state is followed by the current one.
 *
 * Throws link-api's error when the call fails (the request stays pending).
 */
export async function convergeLinkRouting(ctx: AbtestContext, linkId: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [pending] = await ctx.db.select().from(abRoutingPending).where(eq(abRoutingPending.linkId, linkId));
    if (!pending || pending.confirmedVersion >= pending.version) return;
    const tests = await ctx.db.select().from(abTests).where(eq(abTests.linkId, linkId));
    // A deleted link has no routing to keep (link.deleted ended its tests).
    if (!tests.some((test) => test.linkDeletedAt !== null)) {
      const running = tests.find((test) => test.status === "running");
      const variants = running
        ? await ctx.db
            .select()
            .from(abVariants)
            .where(eq(abVariants.testId, running.id))
            .orderBy(asc(abVariants.position))
        : [];
      const routing = running
        ? { testId: running.id, variants: routingOf(variants) }
        : { testId: "", variants: [] };
      try {
        await ctx.links.setRouting(pending.accountId, linkId, {
          ...routing,
          ...(pending.destinationUrl !== null ? { destinationUrl: pending.destinationUrl } : {}),
        });
      } catch (error) {
        if (!isPermanent(error)) {
          await ctx.db
            .update(abRoutingPending)
            .set({ attempts: sql`${abRoutingPending.attempts} + 1` })
            .where(eq(abRoutingPending.linkId, linkId));
          throw error;
        }
        if (pending.destinationUrl !== null && !isLinkGone(error)) {
          // The winner's destination was refused (its policy changed since the test started):
          // the routing still ends, and the link keeps its own destination.
          ctx.logger.warn({ event: "abtest.winner_destination_refused", linkId, err: error });
          await ctx.db
            .update(abRoutingPending)
            .set({ destinationUrl: null })
            .where(and(eq(abRoutingPending.linkId, linkId), eq(abRoutingPending.version, pending.version)));
          continue;
        }
        // A link gone at link-api has nothing left to route (link.deleted ends its tests).
        if (!isLinkGone(error)) throw error;
      }
    }
    const confirmed = await ctx.db
      .update(abRoutingPending)
      .set({ confirmedVersion: pending.version, destinationUrl: null, attempts: 0 })
      .where(and(eq(abRoutingPending.linkId, linkId), eq(abRoutingPending.version, pending.version)))
      .returning({ linkId: abRoutingPending.linkId });
    if (confirmed.length > 0) return;
    // Changed while the call was on its way: the newer state goes out next round.
  }
}

function isLinkGone(error: unknown): boolean {
  return error instanceof AppError && error.code === "URL_NOT_FOUND";
}

/** A refusal that repeating will not change (bad input, a policy): not worth retrying. */
export function isPermanent(error: unknown): boolean {
  return error instanceof AppError && error.isClientError && !error.retryable;
}
