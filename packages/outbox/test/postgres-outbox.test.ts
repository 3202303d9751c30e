import { createDatabase } from "@kurz/relational";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { afterAll, describe } from "vitest";
import { describeOutboxContract } from "./describe-outbox-contract";
import * as schema from "./fixtures/schema";

const backend = await postgresBackend();

describe.skipIf(!backend.available)("postgres", () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });
  describeOutboxContract("postgres", async () => {
    if (!backend.available) throw new Error(backend.reason);
    database = await createTestDatabase(backend.value.adminUrl, "kurz_test_outbox");
    return createDatabase({ url: database.url, schema, poolMax: 5 });
  });
});
