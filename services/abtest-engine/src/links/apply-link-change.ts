import { decodeEnvelope, decodePayload, type ReceivedMessage } from "@kurz/events";
import { linksV1 } from "@kurz/proto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { withVariants } from "../abtests/test-with-variants";
import { abTests } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";

/**
 * Keeps tests in step with their links (link-api owns them; `kurz.link.v1`):
 * - link.updated: a link moved to another host or code keeps its tests findable by the new code
 *   and showing the new short URL;
 * - link.deleted: its tests can never run again; a running or paused one is completed without a
 *   winner (abtest.completed), since nothing routes any more. Results stay readable.
 * Idempotent: a replayed event changes nothing more.
 */
export async function applyLinkChange(ctx: AbtestContext, message: ReceivedMessage): Promise<void> {
  const envelope = decodeEnvelope(message.value);
  const change = decodePayload(envelope, linksV1.LinkChangedSchema);
  const link = change?.link;
  if (!change || !link || link.linkId === "") return;
  const now = ctx.clock.now();
  if (envelope.type === "link.updated") {
    const tests = await ctx.db
      .select({
        id: abTests.id,
        shortUrl: abTests.shortUrl,
        linkHost: abTests.linkHost,
        linkCode: abTests.linkCode,
      })
      .from(abTests)
      .where(eq(abTests.linkId, link.linkId));
    for (const test of tests) {
      if (test.linkHost === link.host && test.linkCode === link.code) continue;
      await ctx.db
        .update(abTests)
        .set({
          linkHost: link.host,
          linkCode: link.code,
          shortUrl: movedShortUrl(test.shortUrl, link.host, link.code),
        })
        .where(eq(abTests.id, test.id));
    }
    return;
  }
  if (envelope.type !== "link.deleted") return;
  const ended = await ctx.db.transaction(async (tx) => {
    const live = await tx
      .update(abTests)
      .set({ status: "completed", completedAt: now, updatedAt: now, linkDeletedAt: now })
      .where(
        and(
          eq(abTests.linkId, link.linkId),
          inArray(abTests.status, ["running", "paused"]),
          isNull(abTests.linkDeletedAt),
        ),
      )
      .returning();
    await tx
      .update(abTests)
      .set({ linkDeletedAt: now })
      .where(and(eq(abTests.linkId, link.linkId), isNull(abTests.linkDeletedAt)));
    for (const test of await withVariants(tx, live)) {
      await enqueueAbTestChanged(tx, "abtest.completed", test, now);
    }
    return live.length;
  });
  if (ended > 0) ctx.eventsWritten();
}

/** The short URL after a move: same scheme; the port only stays on the same host. */
function movedShortUrl(previous: string, host: string, code: string): string {
  const url = new URL(previous);
  if (url.hostname !== host) url.host = host;
  url.pathname = `/${encodeURIComponent(code)}`;
  return url.toString();
}
