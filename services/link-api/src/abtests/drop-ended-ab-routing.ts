import { AppError } from "@kurz/errors";
import { decodeEnvelope, decodePayload, type ReceivedMessage } from "@kurz/events";
import { abtestsV1 } from "@kurz/proto";
import { and, eq, sql } from "drizzle-orm";
import { links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Events after which a test never routes again: its id is never reused. */
const ENDED = new Set(["abtest.deleted", "abtest.completed"]);

/**
 * link-api's own guard against routing of a test abtest-engine no longer runs
 * (docs/api/ab-tests.md#operations): abtest-engine converges every link through SetAbRouting
 * after commit, and this makes link-api drop the routing itself when `kurz.abtest.v1` says the
 * routed test was deleted or completed, whatever happened to that call. Only a link still routed
 * by that very test changes (a later test's routing is left alone); a completed test's winner
 * destination still comes through SetAbRouting. Idempotent: a replayed event matches nothing.
 */
export async function dropEndedAbRouting(ctx: LinkApiContext, message: Pick<ReceivedMessage, "value">) {
  const envelope = decodeEnvelope(message.value);
  if (!ENDED.has(envelope.type)) return;
  const test = decodePayload(envelope, abtestsV1.AbTestChangedSchema)?.test;
  // Not a test this service could have routed (ids are UUIDs): nothing to drop.
  if (!test || !UUID.test(test.id) || !UUID.test(test.linkId) || test.accountId === "") return;
  const dropped = await dropRouting(ctx, test.accountId, test.linkId, test.id).catch((error: unknown) => {
    // Not the message's fault (the database down): retryable, so the bus retries it with
    // backoff and never dead-letters it. A message that does not decode fails above, for good.
    if (error instanceof AppError && error.retryable) throw error;
    throw new AppError("DEPENDENCY_UNAVAILABLE", {
      message: "An ended A/B test's routing could not be dropped",
      cause: error,
    });
  });
  if (!dropped) return;
  ctx.eventsWritten();
  ctx.logger.info({
    event: "link.ab_routing_dropped",
    linkId: test.linkId,
    abTestId: test.id,
    reason: envelope.type,
  });
}

/** Clears the link's routing if (and only if) `testId` still routes it; true when it did. */
async function dropRouting(
  ctx: LinkApiContext,
  accountId: string,
  linkId: string,
  testId: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(links)
      .where(and(eq(links.id, linkId), eq(links.accountId, accountId), eq(links.abTestId, testId)))
      .for("update");
    if (!current) return false;
    const [updated] = await tx
      .update(links)
      .set({
        abTestId: null,
        abVariants: [],
        version: sql`nextval('link_version_seq')`,
        updatedAt: sql`now()`,
      })
      .where(eq(links.id, current.id))
      .returning();
    await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), updated!, { previous: current });
    return true;
  });
}
