import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AbtestContext } from "../abtest-context";
import { abTestReservations, abTests, abVariants } from "../db/schema";
import { enqueueAbTestChanged } from "../events/enqueue-ab-test-changed";
import type { TestedLink } from "../links/link-directory";
import type { AbTestAllowance } from "../plans/ab-test-allowance";
import type { CreateAbTestInput } from "./ab-test-input-schemas";
import { assertLinkTracks } from "./assert-link-tracks";
import { assertPlanAllowsAbTests } from "./assert-plan-allows-ab-tests";
import { assertWithinAllowance } from "./assert-within-allowance";
import { buildVariants, type SplitMode } from "./build-variants";
import type { TestWithVariants } from "./test-with-variants";

/** The mode a create means: as given, else weighted when weights are given, else equal. */
export function splitModeOf(input: Pick<CreateAbTestInput, "traffic_split_mode" | "variants">): SplitMode {
  if (input.traffic_split_mode) return input.traffic_split_mode;
  return input.variants.some((variant) => variant.traffic_weight !== undefined) ? "weighted" : "equal";
}

/**
 * Creates a test in `draft` (a draft routes nothing until started;
 * docs/api/ab-tests.md#life-cycle). With primary_url_id it tests that link of the account;
 * otherwise a rotator link is created in link-api (alias `short_code`, or a random code) pointing
 * at the control. Every input check comes before the rotator is created, and the plan's slot is
 * reserved before it (ab_test_reservations), so a refused create leaves nothing behind; `short_code` is ignored with primary_url_id (it names the
 * rotator link, which is then not made; docs/api/ab-tests.md#link-binding).
 */
export async function createAbTest(
  ctx: AbtestContext,
  accountId: string,
  input: CreateAbTestInput,
): Promise<TestWithVariants> {
  const mode = splitModeOf(input);
  const allowance = await ctx.allowances(accountId);
  // A plan without A/B tests: PLAN_REQUIRED (not QUOTA_EXCEEDED: deleting tests frees no room).
  assertPlanAllowsAbTests(allowance);
  await assertWithinAllowance(ctx.db, accountId, allowance, { lock: false, now: ctx.clock.now() });

  let link: TestedLink;
  let drafts: ReturnType<typeof buildVariants>;
  let reservation: string | undefined;
  if (input.primary_url_id !== undefined) {
    link = await ctx.links.findLink(accountId, input.primary_url_id);
    assertLinkTracks(link, input.conversions_enabled ?? false);
    drafts = buildVariants({ variants: input.variants, mode, linkDestination: link.originalUrl });
  } else {
    drafts = buildVariants({ variants: input.variants, mode });
    const control = drafts.find((draft) => draft.control) ?? drafts[0]!;
    // The slot is taken before link-api creates the link: a create the allowance refuses must
    // not leave a rotator link behind.
    reservation = await reserveSlot(ctx, accountId, allowance);
    try {
      link = await ctx.links.createRotatorLink(accountId, {
        url: control.destinationUrl,
        ...(input.short_code !== undefined ? { alias: input.short_code } : {}),
        name: `A/B test: ${input.name.trim()}`.slice(0, 200),
      });
    } catch (error) {
      await ctx.db.delete(abTestReservations).where(eq(abTestReservations.id, reservation));
      throw error;
    }
  }

  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    if (reservation !== undefined) {
      // The slot was held for this test since before its rotator link existed.
      await tx.delete(abTestReservations).where(eq(abTestReservations.id, reservation));
    } else {
      await assertWithinAllowance(tx, accountId, allowance, { lock: true, now });
    }
    const [test] = await tx
      .insert(abTests)
      .values({
        id: randomUUID(),
        accountId,
        name: input.name.trim(),
        description: input.description?.trim() ?? "",
        status: "draft",
        trafficSplitMode: mode,
        conversionsEnabled: input.conversions_enabled ?? false,
        minSampleSize: input.min_sample_size ?? 100,
        confidenceLevel: input.confidence_level ?? 95,
        autoComplete: input.auto_complete ?? false,
        minDurationDays: input.min_duration_days ?? 7,
        linkId: link.id,
        linkHost: link.host,
        linkCode: link.code,
        shortUrl: link.shortUrl,
        rotator: input.primary_url_id === undefined,
        originalDestinationUrl: link.originalUrl,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const variants = await tx
      .insert(abVariants)
      .values(drafts.map((draft) => ({ ...draft, testId: test!.id })))
      .returning();
    const result = { test: test!, variants: variants.sort((a, b) => a.position - b.position) };
    await enqueueAbTestChanged(tx, "abtest.created", result, now);
    return result;
  });
  ctx.eventsWritten();
  return created;
}

/** How long a reserved slot holds when its create never finishes (a crash mid-create). */
const RESERVATION_MS = 10 * 60_000;

/** Takes one slot of the allowance (QUOTA_EXCEEDED when none is left) before a rotator is made. */
async function reserveSlot(
  ctx: AbtestContext,
  accountId: string,
  allowance: AbTestAllowance,
): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await assertWithinAllowance(tx, accountId, allowance, { lock: true, now });
    await tx
      .insert(abTestReservations)
      .values({ id, accountId, expiresAt: new Date(now.getTime() + RESERVATION_MS) });
  });
  return id;
}
