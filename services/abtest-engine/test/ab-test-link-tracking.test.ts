import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAbTestInputSchema, listAbTestsQuerySchema } from "../src/abtests/ab-test-input-schemas";
import { changeAbTestStatus } from "../src/abtests/change-ab-test-status";
import { createAbTest } from "../src/abtests/create-ab-test";
import { getAbTestOrThrow } from "../src/abtests/get-ab-test-or-throw";
import { listAbTests } from "../src/abtests/list-ab-tests";
import { type EngineContext, startEngineContext } from "./support/start-engine-context";

/** A test on a link that would record nothing is refused (docs/api/ab-tests.md#link-binding). */

let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

function createOn(accountId: string, linkId: string, conversions: boolean) {
  return createAbTest(
    engine.ctx,
    accountId,
    createAbTestInputSchema.parse({
      name: "Tracking",
      primary_url_id: linkId,
      conversions_enabled: conversions,
      variants: [{ destination_url: "https://blog.example.org/b" }],
    }),
  );
}

async function count(accountId: string): Promise<number> {
  const everything = listAbTestsQuerySchema.parse({ archived: "true", limit: "100" });
  return (await listAbTests(engine.ctx.db, accountId, everything)).total;
}

describe("a test's link tracks what the test measures", () => {
  it("refuses a create on a link whose click tracking is off, and stores nothing", async () => {
    const accountId = randomUUID();
    const link = engine.addLink(accountId, "https://blog.example.org/a", undefined, {
      trackingEnabled: false,
    });
    await expect(createOn(accountId, link.id, false)).rejects.toMatchObject({
      code: "INVALID_STATE",
      details: { field: "tracking_enabled", reason: "link_tracking_off" },
    });
    expect(await count(accountId)).toBe(0);
  });

  it("refuses a conversion test on a link without conversion tracking, and takes a click-only one", async () => {
    const accountId = randomUUID();
    const link = engine.addLink(accountId, "https://blog.example.org/a", undefined, {
      conversionTracking: false,
    });
    await expect(createOn(accountId, link.id, true)).rejects.toMatchObject({
      code: "INVALID_STATE",
      details: { field: "conversion_tracking", reason: "link_conversion_tracking_off" },
    });
    const clicksOnly = await createOn(accountId, link.id, false);
    expect(clicksOnly.test.status).toBe("draft");
  });

  it("refuses to start or resume once the link's tracking was turned off, routing nothing", async () => {
    const accountId = randomUUID();
    const link = engine.addLink(accountId, "https://blog.example.org/a");
    const draft = await createOn(accountId, link.id, true);
    link.trackingEnabled = false;
    await expect(changeAbTestStatus(engine.ctx, accountId, draft.test.id, "start")).rejects.toMatchObject({
      code: "INVALID_STATE",
      details: { reason: "link_tracking_off" },
    });
    expect((await getAbTestOrThrow(engine.ctx.db, accountId, draft.test.id)).test.status).toBe("draft");
    expect(engine.routedTestOf(link.id)).toBe("");

    link.trackingEnabled = true;
    await changeAbTestStatus(engine.ctx, accountId, draft.test.id, "start");
    await changeAbTestStatus(engine.ctx, accountId, draft.test.id, "pause");
    link.conversionTracking = false;
    await expect(changeAbTestStatus(engine.ctx, accountId, draft.test.id, "resume")).rejects.toMatchObject({
      code: "INVALID_STATE",
      details: { reason: "link_conversion_tracking_off" },
    });
    expect((await getAbTestOrThrow(engine.ctx.db, accountId, draft.test.id)).test.status).toBe("paused");
  });
});
