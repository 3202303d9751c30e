import { randomUUID } from "node:crypto";
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
import { arm, type EngineContext, startEngineContext } from "./support/start-engine-context";

/** The rules of docs/api/ab-tests.md#life-cycle and the plan's quota (docs/api/plans.md#quotas) at the service: life cycle, quota, ownership, events. */

let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

const twoVariants = [
  { name: "A", destination_url: "https://shop.example.com/a" },
  { name: "B", destination_url: "https://shop.example.com/b" },
];

function create(accountId: string, extra: Record<string, unknown> = {}) {
  return createAbTest(
    engine.ctx,
    accountId,
    createAbTestInputSchema.parse({ name: "Test", variants: twoVariants, ...extra }),
  );
}

async function count(accountId: string): Promise<number> {
  const everything = listAbTestsQuerySchema.parse({ archived: "true", limit: "100" });
  return (await listAbTests(engine.ctx.db, accountId, everything)).total;
}

describe("A/B test rules", () => {
  it("moves only along draft → running ⇄ paused → completed, routing the link on each step", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toMatchObject({ code: "INVALID_STATE" });

    await refused(changeAbTestStatus(engine.ctx, accountId, test.id, "pause"));
    await refused(changeAbTestStatus(engine.ctx, accountId, test.id, "resume"));
    await refused(completeAbTest(engine.ctx, accountId, test.id, undefined));
    expect(engine.routing.filter((call) => call.linkId === test.linkId)).toEqual([]);

    await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
    expect(engine.routing.at(-1)).toMatchObject({ linkId: test.linkId, testId: test.id });
    expect(engine.routing.at(-1)!.variants.map((v) => [v.destinationUrl, v.weight, v.control])).toEqual([
      ["https://shop.example.com/a", 50, true],
      ["https://shop.example.com/b", 50, false],
    ]);
    await refused(changeAbTestStatus(engine.ctx, accountId, test.id, "start"));
    await refused(changeAbTestStatus(engine.ctx, accountId, test.id, "resume"));
    await refused(
      updateAbTest(engine.ctx, accountId, test.id, updateAbTestInputSchema.parse({ name: "Renamed" })),
    );

    await changeAbTestStatus(engine.ctx, accountId, test.id, "pause");
    expect(engine.routing.at(-1)).toMatchObject({ linkId: test.linkId, testId: "" });
    await refused(changeAbTestStatus(engine.ctx, accountId, test.id, "pause"));
    await changeAbTestStatus(engine.ctx, accountId, test.id, "resume");
    expect(engine.routing.at(-1)).toMatchObject({ testId: test.id });

    // Significant (the verdict names B): a completion without a named winner follows the verdict.
    engine.counts.set(test.id, ([a, b]) => [arm(a!, 2_000, 200), arm(b!, 2_000, 600)]);
    const done = await completeAbTest(engine.ctx, accountId, test.id, undefined);
    expect(done.completed.test.status).toBe("completed");
    expect(engine.routing.at(-1)).toMatchObject({ testId: "", destinationUrl: "https://shop.example.com/b" });
    for (const action of ["start", "pause", "resume"] as const) {
      await refused(changeAbTestStatus(engine.ctx, accountId, test.id, action));
    }
    await refused(completeAbTest(engine.ctx, accountId, test.id, undefined));
    // Archiving is the one change a completed test takes.
    const archived = await updateAbTest(
      engine.ctx,
      accountId,
      test.id,
      updateAbTestInputSchema.parse({ archived: true }),
    );
    expect(archived.test.archived).toBe(true);

    expect(await engine.eventTypes()).toEqual(
      expect.arrayContaining([
        "abtest.created",
        "abtest.started",
        "abtest.paused",
        "abtest.resumed",
        "abtest.completed",
        "abtest.updated",
      ]),
    );
  });

  it("keeps every account's tests to itself: another account's id or code is not found", async () => {
    const owner = randomUUID();
    const { test } = await create(owner, { short_code: `own-${owner.slice(0, 8)}` });
    const stranger = randomUUID();
    for (const reference of [test.id, test.linkCode]) {
      await expect(getAbTestOrThrow(engine.ctx.db, stranger, reference)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(changeAbTestStatus(engine.ctx, stranger, reference, "start")).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(deleteAbTest(engine.ctx, stranger, reference)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    // The owner finds it by the UUID and by the link's code alike.
    expect((await getAbTestOrThrow(engine.ctx.db, owner, test.linkCode)).test.id).toBe(test.id);
    expect((await getAbTestOrThrow(engine.ctx.db, owner, test.id)).test.status).toBe("draft");
  });

  it("refuses a create on a plan without A/B tests (PLAN_REQUIRED), holds the plan's number of tests, counts archived ones out, and stores nothing when refused", async () => {
    const accountId = randomUUID();
    try {
      // A plan without A/B tests: PLAN_REQUIRED, not a quota (deleting frees no room).
      engine.setAllowance({ planId: "free", limit: 0 });
      await expect(create(accountId)).rejects.toMatchObject({
        code: "PLAN_REQUIRED",
        retryable: false,
        details: { plan: "free", feature: "ab_tests" },
      });
      expect(await count(accountId)).toBe(0);

      engine.setAllowance({ planId: "pro", limit: 1 });
      const first = await create(accountId);
      await expect(create(accountId)).rejects.toMatchObject({ code: "QUOTA_EXCEEDED" });
      expect(await count(accountId)).toBe(1);

      await changeAbTestStatus(engine.ctx, accountId, first.test.id, "start");
      await completeAbTest(engine.ctx, accountId, first.test.id, first.variants[0]!.id);
      await updateAbTest(
        engine.ctx,
        accountId,
        first.test.id,
        updateAbTestInputSchema.parse({ archived: true }),
      );
      await create(accountId);
      expect(await count(accountId)).toBe(2);
    } finally {
      engine.setAllowance({ planId: "pro", limit: "unlimited" });
    }
  });

  it("tests an existing link with its own destination as the control, one live test at a time", async () => {
    const accountId = randomUUID();
    const link = engine.addLink(accountId, "https://blog.example.org/post", "post");
    const first = await create(accountId, {
      primary_url_id: "post",
      variants: [{ destination_url: "https://blog.example.org/post-b" }],
    });
    expect(first.variants.map((v) => [v.name, v.destinationUrl, v.control])).toEqual([
      ["Control", "https://blog.example.org/post", true],
      [expect.any(String), "https://blog.example.org/post-b", false],
    ]);
    const second = await create(accountId, {
      primary_url_id: link.id,
      variants: [{ destination_url: "https://blog.example.org/post-c" }],
    });
    await changeAbTestStatus(engine.ctx, accountId, first.test.id, "start");
    await expect(changeAbTestStatus(engine.ctx, accountId, second.test.id, "start")).rejects.toMatchObject({
      code: "INVALID_STATE",
      details: { reason: "link_has_live_test" },
    });
    // Deleting the running test turns routing off; then the other may start.
    await deleteAbTest(engine.ctx, accountId, first.test.id);
    expect(engine.routing.at(-1)).toMatchObject({ linkId: link.id, testId: "" });
    await changeAbTestStatus(engine.ctx, accountId, second.test.id, "start");
    expect(await engine.eventTypes()).toContain("abtest.deleted");
  });

  it("refuses a winner that is not a variant of the test, and changes nothing", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
    await expect(completeAbTest(engine.ctx, accountId, test.id, randomUUID())).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect((await getAbTestOrThrow(engine.ctx.db, accountId, test.id)).test.status).toBe("running");
  });
});
