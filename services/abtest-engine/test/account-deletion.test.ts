import { randomUUID } from "node:crypto";
import { encodeEvent } from "@kurz/events";
import { authV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAbTestInputSchema, listAbTestsQuerySchema } from "../src/abtests/ab-test-input-schemas";
import { createAbTest } from "../src/abtests/create-ab-test";
import { listAbTests } from "../src/abtests/list-ab-tests";
import { handleAccountDeletion } from "../src/events/start-plan-change-consumer";
import { type EngineContext, startEngineContext } from "./support/start-engine-context";

let engine: EngineContext;

beforeAll(async () => {
  engine = await startEngineContext();
});

afterAll(async () => {
  await engine?.close();
});

const createTest = (accountId: string) =>
  createAbTest(
    engine.ctx,
    accountId,
    createAbTestInputSchema.parse({
      name: "Doomed",
      variants: [
        { name: "A", destination_url: "https://shop.example.com/a" },
        { name: "B", destination_url: "https://shop.example.com/b" },
      ],
    }),
  );

const everything = listAbTestsQuerySchema.parse({ archived: "true", limit: "100" });

describe("a deleted workspace's A/B tests (account.deleted)", () => {
  it("go, idempotently, and other accounts' stay", async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    await createTest(gone);
    await createTest(gone);
    await createTest(kept);
    const event = encodeEvent("auth-server", {
      type: "account.deleted",
      accountId: gone,
      key: gone,
      schema: authV1.AccountDeletedSchema,
      payload: { accountId: gone },
    });

    await handleAccountDeletion(engine.ctx, event);
    await handleAccountDeletion(engine.ctx, event);

    expect((await listAbTests(engine.ctx.db, gone, everything)).total).toBe(0);
    expect((await listAbTests(engine.ctx.db, kept, everything)).total).toBe(1);
  });
});
