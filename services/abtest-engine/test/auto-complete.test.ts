import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAbTestInputSchema } from "../src/abtests/ab-test-input-schemas";
import { autoCompleteAbTests } from "../src/abtests/auto-complete-ab-tests";
import { changeAbTestStatus } from "../src/abtests/change-ab-test-status";
import { createAbTest } from "../src/abtests/create-ab-test";
import { getAbTestOrThrow } from "../src/abtests/get-ab-test-or-throw";
import * as schema from "../src/db/schema";
import { arm, type EngineContext, startEngineContext } from "./support/start-engine-context";

/** The auto_complete pass: its decision and its time window, on a controllable clock. */

const ACCOUNT = "6a0c2b1e-3d4f-4a5b-8c6d-7e8f9a0b1c2d";
const DAY_MS = 86_400_000;
let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

async function runningTest(autoComplete: boolean, minDurationDays?: number) {
  const input = createAbTestInputSchema.parse({
    name: `Auto ${autoComplete} ${minDurationDays}`,
    auto_complete: autoComplete,
    ...(minDurationDays === undefined ? {} : { min_duration_days: minDurationDays }),
    variants: [
      { name: "A", destination_url: "https://shop.example.com/a" },
      { name: "B", destination_url: "https://shop.example.com/b" },
    ],
  });
  const created = await createAbTest(engine.ctx, ACCOUNT, input);
  await changeAbTestStatus(engine.ctx, ACCOUNT, created.test.id, "start");
  return created;
}

async function statusOf(id: string) {
  return (await getAbTestOrThrow(engine.ctx.db, ACCOUNT, id)).test.status;
}

describe("auto_complete", () => {
  it("completes a test with a winner once its minimum duration has passed, and only then", async () => {
    const test = await runningTest(true);
    // V3's numbers: B wins on the always-valid interval.
    engine.counts.set(test.test.id, ([a, b]) => [arm(a!, 3000, 1396), arm(b!, 3461, 2422)]);
    // Weighted like the counts so the sample-ratio check has no complaint.
    const [first, second] = test.variants;
    await engine.ctx.db
      .update(schema.abVariants)
      .set({ trafficWeight: 46 })
      .where(eq(schema.abVariants.id, first!.id));
    await engine.ctx.db
      .update(schema.abVariants)
      .set({ trafficWeight: 54 })
      .where(eq(schema.abVariants.id, second!.id));

    engine.clock.advance(6 * DAY_MS);
    expect(await autoCompleteAbTests(engine.ctx)).toBe(0);
    expect(await statusOf(test.test.id)).toBe("running");

    engine.clock.advance(DAY_MS);
    expect(await autoCompleteAbTests(engine.ctx)).toBe(1);
    const done = await getAbTestOrThrow(engine.ctx.db, ACCOUNT, test.test.id);
    expect(done.test.status).toBe("completed");
    expect(done.test.winnerVariantId).toBe(second!.id);
    // The winner's destination became the link's.
    expect(engine.routing.at(-1)).toMatchObject({ testId: "", destinationUrl: "https://shop.example.com/b" });
    // A second pass finds nothing left to do.
    expect(await autoCompleteAbTests(engine.ctx)).toBe(0);
  });

  it("leaves running a test whose verdict is not a winner, or that did not ask for it", async () => {
    const peeking = await runningTest(true, 1);
    // V4: significant only at a fixed horizon; the always-valid verdict is still "running".
    engine.counts.set(peeking.test.id, ([a, b]) => [arm(a!, 10000, 1000), arm(b!, 10000, 1100)]);
    const manual = await runningTest(false, 1);
    engine.counts.set(manual.test.id, ([a, b]) => [arm(a!, 3000, 300), arm(b!, 3000, 900)]);
    engine.clock.advance(2 * DAY_MS);
    expect(await autoCompleteAbTests(engine.ctx)).toBe(0);
    expect(await statusOf(peeking.test.id)).toBe("running");
    expect(await statusOf(manual.test.id)).toBe("running");
  });

  it("keeps going when one test's counts cannot be read", async () => {
    const broken = await runningTest(true, 1);
    engine.counts.set(broken.test.id, () => {
      throw new Error("analytics-ingest is unavailable");
    });
    const fine = await runningTest(true, 1);
    engine.counts.set(fine.test.id, ([a, b]) => [arm(a!, 3000, 300), arm(b!, 3000, 900)]);
    engine.clock.advance(2 * DAY_MS);
    expect(await autoCompleteAbTests(engine.ctx)).toBe(1);
    expect(await statusOf(broken.test.id)).toBe("running");
    expect(await statusOf(fine.test.id)).toBe("completed");
  });
});
