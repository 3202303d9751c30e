import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { and, eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { type AbTestRow, type AbTestStatus, abTests, abVariants } from "../db/schema";
import { type AbTestChange, enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { convergeLinkRouting, isPermanent } from "../routing/converge-link-routing";
import { requestLinkRouting } from "../routing/request-link-routing";
import { assertLinkTracks } from "./assert-link-tracks";
import { assertPlanAllowsAbTests } from "./assert-plan-allows-ab-tests";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import { invalidState } from "./invalid-state";
import type { TestWithVariants } from "./test-with-variants";

type Action = "start" | "pause" | "resume";

/** Which statuses each action leaves, and where it goes (docs/api/ab-tests.md#life-cycle). */
const TRANSITIONS: Record<
  Action,
  { from: AbTestStatus[]; to: AbTestStatus; event: AbTestChange; hint: string }
> = {
  start: {
    from: ["draft", "paused"],
    to: "running",
    event: "abtest.started",
    hint: "A completed test cannot run again: create a new test",
  },
  pause: { from: ["running"], to: "paused", event: "abtest.paused", hint: "Start the test first" },
  resume: {
    from: ["paused"],
    to: "running",
    event: "abtest.resumed",
    hint: "Pause a running test before resuming it; start a draft",
  },
};

/**
 * Start, pause or resume (docs/api/ab-tests.md#life-cycle). Running: link-api routes the link
 * through the variants (SetAbRouting); paused: the routing is removed and the link's own
 * destination is served. The status change commits first; the routing follows it after commit
 * (converge-link-routing.ts), never inside the transaction. link-api down or an answer lost: the
 * change stands and the reconciler routes the link once link-api answers. link-api refusing the
 * routing for good (a variant's destination against its policy): the test is put back as it was
 * and the refusal is the answer. One test per link may be running or paused. Start and resume need
 * a plan that includes A/B tests (PLAN_REQUIRED otherwise) and a link that tracks what the test
 * measures (assert-link-tracks.ts).
 */
export async function changeAbTestStatus(
  ctx: AbtestContext,
  accountId: string,
  reference: string,
  action: Action,
): Promise<TestWithVariants> {
  const transition = TRANSITIONS[action];
  // Asked before the transaction (a call to auth-server never runs inside one); pausing is
  // always allowed, so a downgraded account can still stop its tests.
  if (transition.to === "running") {
    assertPlanAllowsAbTests(await ctx.allowances(accountId));
    // The link's tracking may have changed since the create; link-api keeps it on only while a
    // test runs, so a draft's or a paused test's link is asked again.
    const { test } = await getAbTestOrThrow(ctx.db, accountId, reference);
    if (!test.linkDeletedAt)
      assertLinkTracks(await ctx.links.findLink(accountId, test.linkId), test.conversionsEnabled);
  }
  try {
    const changed = await ctx.db.transaction(async (tx) => {
      const { test, variants } = await getAbTestOrThrow(tx, accountId, reference, { forUpdate: true });
      if (!transition.from.includes(test.status)) {
        throw invalidState(action, test.status, transition.from.join(" or "), transition.hint);
      }
      if (transition.to === "running" && test.linkDeletedAt) {
        throw new AppError("INVALID_STATE", {
          message: "The test's link was deleted: the test cannot run",
          details: { reason: "link_deleted" },
          hint: "Create a new test",
        });
      }
      const now = ctx.clock.now();
      const [updated] = await tx
        .update(abTests)
        .set({ status: transition.to, startedAt: test.startedAt ?? now, updatedAt: now })
        .where(eq(abTests.id, test.id))
        .returning();
      await requestLinkRouting(tx, accountId, test.linkId, now);
      const result = { test: updated!, variants };
      await enqueueAbTestChanged(tx, transition.event, result, now, { test, variants });
      return { result, before: test };
    });
    ctx.eventsWritten();
    try {
      await convergeLinkRouting(ctx, changed.result.test.linkId);
    } catch (error) {
      if (transition.to === "running" && isPermanent(error)) {
        await putBack(ctx, changed.before);
        throw error;
      }
      ctx.logger.warn({ event: "abtest.routing_deferred", abTestId: changed.result.test.id, err: error });
    }
    return changed.result;
  } catch (error) {
    if (isUniqueViolation(error, "ab_tests_one_live_per_link")) {
      throw new AppError("INVALID_STATE", {
        message: "Another test is already running or paused on this link",
        details: { reason: "link_has_live_test" },
        hint: "Complete or delete the other test first",
      });
    }
    throw error;
  }
}

/**
 * Undoes a start link-api refused for good: the status (and first start) it had, an event saying
 * so, and the link's routing converged back. Only if nothing changed the test since.
 */
async function putBack(ctx: AbtestContext, before: AbTestRow): Promise<void> {
  const now = ctx.clock.now();
  const restored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(abTests)
      .set({ status: before.status, startedAt: before.startedAt, updatedAt: now })
      .where(and(eq(abTests.id, before.id), eq(abTests.status, "running")))
      .returning();
    if (!row) return false;
    await requestLinkRouting(tx, row.accountId, row.linkId, now);
    const variants = await tx.select().from(abVariants).where(eq(abVariants.testId, row.id));
    await enqueueAbTestChanged(
      tx,
      before.status === "paused" ? "abtest.paused" : "abtest.updated",
      { test: row, variants: variants.sort((a, b) => a.position - b.position) },
      now,
    );
    return true;
  });
  if (!restored) return;
  ctx.eventsWritten();
  await convergeLinkRouting(ctx, before.linkId).catch((err) =>
    ctx.logger.warn({ event: "abtest.routing_deferred", abTestId: before.id, err }),
  );
}
