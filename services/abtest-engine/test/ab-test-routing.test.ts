import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAbTestInputSchema } from "../src/abtests/ab-test-input-schemas";
import { changeAbTestStatus } from "../src/abtests/change-ab-test-status";
import { completeAbTest } from "../src/abtests/complete-ab-test";
import { createAbTest } from "../src/abtests/create-ab-test";
import { deleteAbTest } from "../src/abtests/delete-ab-test";
import { getAbTestOrThrow } from "../src/abtests/get-ab-test-or-throw";
import { routingOf } from "../src/abtests/routing-of";
import { reconcileLinkRouting } from "../src/routing/reconcile-link-routing";
import { type EngineContext, startEngineContext } from "./support/start-engine-context";

/**
 * A link's routing at link-api follows the tests stored here after commit, whatever link-api
 * does with the call (docs/api/ab-tests.md#operations): down, answer lost, refused.
 */

let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

function create(accountId: string) {
  return createAbTest(
    engine.ctx,
    accountId,
    createAbTestInputSchema.parse({
      name: "Routing",
      variants: [
        { name: "A", destination_url: "https://shop.example.com/a" },
        { name: "B", destination_url: "https://shop.example.com/b" },
      ],
    }),
  );
}

async function statusOf(accountId: string, id: string) {
  return (await getAbTestOrThrow(engine.ctx.db, accountId, id)).test.status;
}

describe("A/B test routing after commit", () => {
  it("keeps a start whose answer from link-api was lost: the test runs and the link is routed", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    engine.failLinkApi("answer_lost");
    try {
      await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
    } finally {
      engine.failLinkApi(undefined);
    }
    expect(await statusOf(accountId, test.id)).toBe("running");
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);
    // The reconciler repeats the unconfirmed call; the link stays as the stored test says.
    await reconcileLinkRouting(engine.ctx);
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);
  });

  it("routes the link once link-api is back when it was down during start, and unsplits it after a pause", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    engine.failLinkApi("down");
    try {
      await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
      expect(await statusOf(accountId, test.id)).toBe("running");
      expect(engine.routedTestOf(test.linkId)).toBe("");
      await reconcileLinkRouting(engine.ctx);
      expect(engine.routedTestOf(test.linkId)).toBe("");
    } finally {
      engine.failLinkApi(undefined);
    }
    await reconcileLinkRouting(engine.ctx);
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);

    engine.failLinkApi("down");
    try {
      await changeAbTestStatus(engine.ctx, accountId, test.id, "pause");
    } finally {
      engine.failLinkApi(undefined);
    }
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);
    await reconcileLinkRouting(engine.ctx);
    expect(engine.routedTestOf(test.linkId)).toBe("");
  });

  it("leaves the link unsplit when a draft whose routing was applied is deleted", async () => {
    const accountId = randomUUID();
    const { test, variants } = await create(accountId);
    // What a start whose answer was lost left behind before routing followed the commit: the
    // test still a draft, the link split among its variants.
    await engine.ctx.links.setRouting(accountId, test.linkId, {
      testId: test.id,
      variants: routingOf(variants),
    });
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);

    await deleteAbTest(engine.ctx, accountId, test.id);
    expect(engine.routedTestOf(test.linkId)).toBe("");
  });

  it("clears the routing of a deleted running test once link-api answers again", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
    engine.failLinkApi("down");
    try {
      await deleteAbTest(engine.ctx, accountId, test.id);
    } finally {
      engine.failLinkApi(undefined);
    }
    expect(engine.routedTestOf(test.linkId)).toBe(test.id);
    await reconcileLinkRouting(engine.ctx);
    expect(engine.routedTestOf(test.linkId)).toBe("");
  });

  it("applies a completed test's winner after a lost answer", async () => {
    const accountId = randomUUID();
    const { test, variants } = await create(accountId);
    await changeAbTestStatus(engine.ctx, accountId, test.id, "start");
    engine.failLinkApi("down");
    try {
      await completeAbTest(engine.ctx, accountId, test.id, variants[1]!.id);
    } finally {
      engine.failLinkApi(undefined);
    }
    await reconcileLinkRouting(engine.ctx);
    expect(engine.routedTestOf(test.linkId)).toBe("");
    expect(engine.routing.at(-1)).toMatchObject({
      linkId: test.linkId,
      testId: "",
      destinationUrl: "https://shop.example.com/b",
    });
  });

  it("puts a start link-api refuses for good back as it was, and answers the refusal", async () => {
    const accountId = randomUUID();
    const { test } = await create(accountId);
    engine.failLinkApi("refused");
    try {
      await expect(changeAbTestStatus(engine.ctx, accountId, test.id, "start")).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
      });
    } finally {
      engine.failLinkApi(undefined);
    }
    const after = await getAbTestOrThrow(engine.ctx.db, accountId, test.id);
    expect(after.test.status).toBe("draft");
    expect(after.test.startedAt).toBeNull();
    expect(engine.routedTestOf(test.linkId)).toBe("");
  });

  it("creates no rotator link for a create the plan refuses, even when two creates race", async () => {
    const accountId = randomUUID();
    engine.setAllowance({ planId: "pro", limit: 1 });
    try {
      const before = engine.rotatorsCreated();
      const results = await Promise.allSettled([create(accountId), create(accountId)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({
        reason: { code: "QUOTA_EXCEEDED" },
      });
      expect(engine.rotatorsCreated() - before).toBe(1);
    } finally {
      engine.setAllowance({ planId: "pro", limit: "unlimited" });
    }
  });
});
