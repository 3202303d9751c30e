import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { type AbTestStatus, abTests } from "../db/schema";
import { type AbTestChange, enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import { getAbTestOrThrow } from "./get-ab-test-or-throw";
import { invalidState } from "./invalid-state";
import { routingOf } from "./routing-of";
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
 * destination is served. The status changes and the routing call happen in one transaction: a
 * refused or failed routing change leaves the test as it was. One test per link may be running or
 * paused.
 */
export async function changeAbTestStatus(
  ctx: AbtestContext,
  accountId: string,
  reference: string,
  action: Action,
): Promise<TestWithVariants> {
  const transition = TRANSITIONS[action];
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
      await ctx.links.setRouting(
        accountId,
        test.linkId,
        transition.to === "running"
          ? { testId: test.id, variants: routingOf(variants) }
          : { testId: "", variants: [] },
      );
      const result = { test: updated!, variants };
      await enqueueAbTestChanged(tx, transition.event, result, now);
      return result;
    });
    ctx.eventsWritten();
    return changed;
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
