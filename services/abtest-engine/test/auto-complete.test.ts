import { fileURLToPath } from "node:url";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { createDatabase, type DatabaseConnection } from "@kurz/relational";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AbtestContext } from "../src/abtest-context";
import { createAbTestInputSchema } from "../src/abtests/ab-test-input-schemas";
import { autoCompleteAbTests } from "../src/abtests/auto-complete-ab-tests";
import { changeAbTestStatus } from "../src/abtests/change-ab-test-status";
import { createAbTest } from "../src/abtests/create-ab-test";
import { getAbTestOrThrow } from "../src/abtests/get-ab-test-or-throw";
import type { VariantCounts, VariantStatsSource } from "../src/analytics/variant-stats-source";
import type { AbtestDatabase } from "../src/db/abtest-database";
import * as schema from "../src/db/schema";
import type { AbRoutingVariant, LinkDirectory, TestedLink } from "../src/links/link-directory";

/*
 * The auto_complete pass against a real (embedded) PostgreSQL with abtest-engine's migrations.
 * link-api and analytics-ingest are stood in for at abtest-engine's own ports (LinkDirectory,
 * VariantStatsSource): this is the job's decision logic and its time window on a controllable
 * clock; the services' real wiring is the end-to-end journey (test/abtest-flow.test.ts).
 */

const ACCOUNT = "6a0c2b1e-3d4f-4a5b-8c6d-7e8f9a0b1c2d";
const DAY_MS = 86_400_000;
const MIGRATIONS = fileURLToPath(new URL("../drizzle", import.meta.url));

let connection: DatabaseConnection<typeof schema>;
const clock = new TestClock();
/** What analytics-ingest would count, per test id. */
const counts = new Map<string, (variants: string[]) => VariantCounts[]>();
const routing: Array<{ linkId: string; testId: string; destinationUrl: string | undefined }> = [];
let linkSeq = 0;

const links: LinkDirectory = {
  async findLink() {
    throw new Error("not used");
  },
  async createRotatorLink(_accountId, input) {
    linkSeq++;
    return rotator(`00000000-0000-4000-8000-${String(linkSeq).padStart(12, "0")}`, input.url);
  },
  async setRouting(
    _accountId,
    linkId,
    r: { testId: string; variants: AbRoutingVariant[]; destinationUrl?: string },
  ) {
    routing.push({ linkId, testId: r.testId, destinationUrl: r.destinationUrl });
    return rotator(linkId, r.destinationUrl ?? "https://shop.example.com/a");
  },
  close() {},
};

function rotator(id: string, url: string): TestedLink {
  return {
    id,
    host: "kurz.test",
    code: `r${id.slice(-4)}`,
    shortUrl: `https://kurz.test/r${id.slice(-4)}`,
    destinationUrl: url,
    originalUrl: url,
  };
}

const variantStats: VariantStatsSource = {
  async countVariants({ testId }) {
    const found = await getAbTestOrThrow(ctx.db, ACCOUNT, testId);
    return (counts.get(testId) ?? (() => []))(found.variants.map((variant) => variant.id));
  },
  close() {},
};

let ctx: AbtestContext;

beforeAll(async () => {
  connection = await createDatabase({ schema });
  await connection.migrate(MIGRATIONS);
  ctx = {
    db: connection.db as unknown as AbtestDatabase,
    links,
    variantStats,
    allowances: async () => ({ planId: "pro", limit: "unlimited" }),
    logger: createLogger({ service: "abtest-engine-test", level: "silent" }),
    clock,
    sequentialTuning: 5000,
    eventsWritten() {},
  };
});

afterAll(async () => {
  await connection?.close();
});

beforeEach(() => {
  routing.length = 0;
});

function arm(variantId: string, visitors: number, conversions: number): VariantCounts {
  return { variantId, visitors, exposures: visitors, conversions, timeline: [] };
}

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
  const created = await createAbTest(ctx, ACCOUNT, input);
  await changeAbTestStatus(ctx, ACCOUNT, created.test.id, "start");
  return created;
}

describe("auto_complete", () => {
  it("completes a test with a winner once its minimum duration has passed, and only then", async () => {
    const test = await runningTest(true);
    // V3's numbers: B wins on the always-valid interval.
    counts.set(test.test.id, ([a, b]) => [arm(a!, 3000, 1396), arm(b!, 3461, 2422)]);
    // Weighted like the counts so the sample-ratio check has no complaint.
    await ctx.db.update(schema.abVariants).set({ trafficWeight: 46 }).where(eqId(test.variants[0]!.id));
    await ctx.db.update(schema.abVariants).set({ trafficWeight: 54 }).where(eqId(test.variants[1]!.id));

    clock.advance(6 * DAY_MS);
    expect(await autoCompleteAbTests(ctx)).toBe(0);
    expect((await getAbTestOrThrow(ctx.db, ACCOUNT, test.test.id)).test.status).toBe("running");

    clock.advance(DAY_MS);
    expect(await autoCompleteAbTests(ctx)).toBe(1);
    const done = await getAbTestOrThrow(ctx.db, ACCOUNT, test.test.id);
    expect(done.test.status).toBe("completed");
    expect(done.test.winnerVariantId).toBe(test.variants[1]!.id);
    // The winner's destination became the link's.
    expect(routing.at(-1)).toMatchObject({ testId: "", destinationUrl: "https://shop.example.com/b" });
    // A second pass finds nothing left to do.
    expect(await autoCompleteAbTests(ctx)).toBe(0);
  });

  it("leaves running a test whose verdict is not a winner, or that did not ask for it", async () => {
    const peeking = await runningTest(true, 1);
    // V4: significant only at a fixed horizon; the always-valid verdict is still "running".
    counts.set(peeking.test.id, ([a, b]) => [arm(a!, 10000, 1000), arm(b!, 10000, 1100)]);
    const manual = await runningTest(false, 1);
    counts.set(manual.test.id, ([a, b]) => [arm(a!, 3000, 300), arm(b!, 3000, 900)]);
    clock.advance(2 * DAY_MS);
    expect(await autoCompleteAbTests(ctx)).toBe(0);
    expect((await getAbTestOrThrow(ctx.db, ACCOUNT, peeking.test.id)).test.status).toBe("running");
    expect((await getAbTestOrThrow(ctx.db, ACCOUNT, manual.test.id)).test.status).toBe("running");
  });

  it("keeps going when one test's counts cannot be read", async () => {
    const broken = await runningTest(true, 1);
    counts.set(broken.test.id, () => {
      throw new Error("analytics-ingest is unavailable");
    });
    const fine = await runningTest(true, 1);
    counts.set(fine.test.id, ([a, b]) => [arm(a!, 3000, 300), arm(b!, 3000, 900)]);
    clock.advance(2 * DAY_MS);
    expect(await autoCompleteAbTests(ctx)).toBe(1);
    expect((await getAbTestOrThrow(ctx.db, ACCOUNT, broken.test.id)).test.status).toBe("running");
    expect((await getAbTestOrThrow(ctx.db, ACCOUNT, fine.test.id)).test.status).toBe("completed");
  });
});

function eqId(id: string) {
  return eq(schema.abVariants.id, id);
}
