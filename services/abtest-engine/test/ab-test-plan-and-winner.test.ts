import { randomUUID } from "node:crypto";
import { create, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { authV1, eventsV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAbTestInputSchema,
  listAbTestsQuerySchema,
  updateAbTestInputSchema,
} from "../src/abtests/ab-test-input-schemas";
import { changeAbTestStatus } from "../src/abtests/change-ab-test-status";
import { completeAbTest } from "../src/abtests/complete-ab-test";
import { createAbTest } from "../src/abtests/create-ab-test";
import { deleteAbTest } from "../src/abtests/delete-ab-test";
import { getAbTestOrThrow } from "../src/abtests/get-ab-test-or-throw";
import { listAbTests } from "../src/abtests/list-ab-tests";
import { updateAbTest } from "../src/abtests/update-ab-test";
import { handlePlanChange } from "../src/events/start-plan-change-consumer";
import { arm, type EngineContext, startEngineContext } from "./support/start-engine-context";

/** Which variant a completion keeps, and the plan's say over running tests (docs/api/ab-tests.md). */

let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

function createTest(accountId: string, extra: Record<string, unknown> = {}) {
  return createAbTest(
    engine.ctx,
    accountId,
    createAbTestInputSchema.parse({
      name: "Plan and winner",
      variants: [
        { name: "A", destination_url: "https://shop.example.com/a" },
        { name: "B", destination_url: "https://shop.example.com/b" },
      ],
      ...extra,
    }),
  );
}

async function started(accountId: string, extra: Record<string, unknown> = {}) {
  const created = await createTest(accountId, extra);
  await changeAbTestStatus(engine.ctx, accountId, created.test.id, "start");
  return created;
}

async function statusOf(accountId: string, id: string) {
  return (await getAbTestOrThrow(engine.ctx.db, accountId, id)).test.status;
}

function planChanged(accountId: string, plan: MessageInitShape<typeof authV1.PlanSchema>) {
  const payload = create(authV1.AccountPlanChangedSchema, {
    accountId,
    previousPlan: "pro",
    plan: create(authV1.PlanSchema, plan),
  });
  const envelope = create(eventsV1.EventEnvelopeSchema, {
    id: randomUUID(),
    type: "account.plan_changed",
    accountId,
    occurredAt: timestampFromDate(new Date()),
    key: accountId,
    source: "auth-server",
    payload: toBinary(authV1.AccountPlanChangedSchema, payload),
    payloadType: authV1.AccountPlanChangedSchema.typeName,
  });
  return { value: toBinary(eventsV1.EventEnvelopeSchema, envelope) };
}

describe("completing without a named winner", () => {
  it("keeps the control when the arm with most conversions is not significantly better", async () => {
    const accountId = randomUUID();
    const { test, variants } = await started(accountId);
    engine.counts.set(test.id, ([a, b]) => [arm(a!, 500, 50), arm(b!, 500, 56)]);
    const done = await completeAbTest(engine.ctx, accountId, test.id, undefined);
    expect(done.completed.test.winnerVariantId).toBe(variants[0]!.id);
    expect(done.statisticallySupported).toBe(false);
    expect(done.reason).toContain("the control is kept");
    expect(engine.routing.at(-1)).toMatchObject({ destinationUrl: "https://shop.example.com/a" });
  });

  it("follows a significant verdict for the control against a variant with more raw conversions", async () => {
    const accountId = randomUUID();
    const { test, variants } = await started(accountId, {
      variants: [
        { name: "A", destination_url: "https://shop.example.com/a", traffic_weight: 10 },
        { name: "B", destination_url: "https://shop.example.com/b", traffic_weight: 90 },
      ],
    });
    // B converts far worse, but got nine times the traffic: more conversions, not a better arm.
    engine.counts.set(test.id, ([a, b]) => [arm(a!, 2_000, 600), arm(b!, 18_000, 1_800)]);
    const done = await completeAbTest(engine.ctx, accountId, test.id, undefined);
    expect(done.completed.test.winnerVariantId).toBe(variants[0]!.id);
    expect(done.statisticallySupported).toBe(true);
  });

  it("takes the significant winner", async () => {
    const accountId = randomUUID();
    const { test, variants } = await started(accountId);
    engine.counts.set(test.id, ([a, b]) => [arm(a!, 2_000, 200), arm(b!, 2_000, 400)]);
    const done = await completeAbTest(engine.ctx, accountId, test.id, undefined);
    expect(done.completed.test.winnerVariantId).toBe(variants[1]!.id);
    expect(done.statisticallySupported).toBe(true);
  });
});

describe("the plan over a test's life", () => {
  it("refuses start, resume and un-archive with PLAN_REQUIRED once the plan has no A/B tests", async () => {
    const accountId = randomUUID();
    const draft = await createTest(accountId);
    const live = await started(accountId);
    await changeAbTestStatus(engine.ctx, accountId, live.test.id, "pause");
    const finished = await started(accountId);
    await completeAbTest(engine.ctx, accountId, finished.test.id, finished.variants[0]!.id);
    await updateAbTest(
      engine.ctx,
      accountId,
      finished.test.id,
      updateAbTestInputSchema.parse({ archived: true }),
    );
    try {
      engine.setAllowance({ planId: "free", limit: 0 });
      const planRequired = { code: "PLAN_REQUIRED", retryable: false, details: { plan: "free" } };
      await expect(changeAbTestStatus(engine.ctx, accountId, draft.test.id, "start")).rejects.toMatchObject(
        planRequired,
      );
      await expect(changeAbTestStatus(engine.ctx, accountId, live.test.id, "resume")).rejects.toMatchObject(
        planRequired,
      );
      await expect(
        updateAbTest(
          engine.ctx,
          accountId,
          finished.test.id,
          updateAbTestInputSchema.parse({ archived: false }),
        ),
      ).rejects.toMatchObject(planRequired);
      expect(await statusOf(accountId, draft.test.id)).toBe("draft");
      expect(await statusOf(accountId, live.test.id)).toBe("paused");
      expect((await getAbTestOrThrow(engine.ctx.db, accountId, finished.test.id)).test.archived).toBe(true);

      // A plan with room for two tests, both taken: un-archiving needs a third slot.
      engine.setAllowance({ planId: "pro", limit: 2 });
      await expect(
        updateAbTest(
          engine.ctx,
          accountId,
          finished.test.id,
          updateAbTestInputSchema.parse({ archived: false }),
        ),
      ).rejects.toMatchObject({ code: "QUOTA_EXCEEDED" });
      await changeAbTestStatus(engine.ctx, accountId, live.test.id, "resume");
      expect(await statusOf(accountId, live.test.id)).toBe("running");
    } finally {
      engine.setAllowance({ planId: "pro", limit: "unlimited" });
    }
  });

  it("keeps listing, reading, pausing, completing, archiving and deleting on a plan without A/B tests; creating is PLAN_REQUIRED", async () => {
    const accountId = randomUUID();
    const running = await started(accountId);
    const other = await started(accountId);
    const draft = await createTest(accountId);
    try {
      engine.setAllowance({ planId: "free", limit: 0 });
      await expect(createTest(accountId)).rejects.toMatchObject({
        code: "PLAN_REQUIRED",
        retryable: false,
        details: { plan: "free", feature: "ab_tests" },
      });
      const everything = listAbTestsQuerySchema.parse({ archived: "true", limit: "100" });
      expect((await listAbTests(engine.ctx.db, accountId, everything)).total).toBe(3);
      expect((await getAbTestOrThrow(engine.ctx.db, accountId, running.test.id)).test.status).toBe("running");

      await changeAbTestStatus(engine.ctx, accountId, running.test.id, "pause");
      expect(await statusOf(accountId, running.test.id)).toBe("paused");
      await completeAbTest(engine.ctx, accountId, other.test.id, other.variants[0]!.id);
      expect(await statusOf(accountId, other.test.id)).toBe("completed");
      await updateAbTest(
        engine.ctx,
        accountId,
        other.test.id,
        updateAbTestInputSchema.parse({ archived: true }),
      );
      expect((await getAbTestOrThrow(engine.ctx.db, accountId, other.test.id)).test.archived).toBe(true);
      await deleteAbTest(engine.ctx, accountId, draft.test.id);
      await deleteAbTest(engine.ctx, accountId, running.test.id);
      expect((await listAbTests(engine.ctx.db, accountId, everything)).total).toBe(1);
    } finally {
      engine.setAllowance({ planId: "pro", limit: "unlimited" });
    }
  });

  it("pauses the running tests of an account whose new plan has no A/B tests, and only those", async () => {
    const accountId = randomUUID();
    const running = await started(accountId);
    const draft = await createTest(accountId);
    const other = randomUUID();
    const elsewhere = await started(other);

    await handlePlanChange(engine.ctx, planChanged(accountId, { id: "pro", abTests: true }));
    expect(await statusOf(accountId, running.test.id)).toBe("running");

    await handlePlanChange(engine.ctx, planChanged(accountId, { id: "free", abTests: false }));
    expect(await statusOf(accountId, running.test.id)).toBe("paused");
    expect(await statusOf(accountId, draft.test.id)).toBe("draft");
    expect(engine.routedTestOf(running.test.linkId)).toBe("");
    expect(await statusOf(other, elsewhere.test.id)).toBe("running");
    expect(engine.routedTestOf(elsewhere.test.linkId)).toBe(elsewhere.test.id);
    expect(await engine.eventTypes()).toContain("abtest.paused");

    // Replayed: nothing more to pause.
    await handlePlanChange(engine.ctx, planChanged(accountId, { id: "free", abTests: false }));
    expect(await statusOf(accountId, running.test.id)).toBe("paused");
  });

  it("keeps a plan change it could not apply for a retry (retryable), rather than dropping it", async () => {
    const accountId = randomUUID();
    const failing = {
      ...engine.ctx,
      db: {
        ...engine.ctx.db,
        transaction: async () => {
          throw new Error("connection terminated");
        },
      } as unknown as typeof engine.ctx.db,
    };
    await expect(
      handlePlanChange(failing, planChanged(accountId, { id: "free", abTests: false })),
    ).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE", retryable: true });
  });

  it("refuses an account.plan_changed that does not decode", async () => {
    const envelope = create(eventsV1.EventEnvelopeSchema, {
      id: randomUUID(),
      type: "account.plan_changed",
      accountId: randomUUID(),
      payload: new Uint8Array([0xff, 0xff, 0xff]),
      payloadType: authV1.AccountPlanChangedSchema.typeName,
    });
    await expect(
      handlePlanChange(engine.ctx, { value: toBinary(eventsV1.EventEnvelopeSchema, envelope) }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
