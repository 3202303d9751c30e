import { createServer } from "node:net";
import { AppError } from "@kurz/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseConnection, ensureDatabase, mapDatabaseError } from "../src/index";
import { migrationsFolder } from "./describe-database-contract";
import * as schema from "./fixtures/schema";

/** A port nothing listens on: reserved by binding, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

// No PostgreSQL server needed: these run everywhere.
describe("postgres database that cannot be reached", () => {
  let url: string;
  let connection: DatabaseConnection<typeof schema>;
  const unavailable = { code: "DEPENDENCY_UNAVAILABLE", retryable: true };

  beforeAll(async () => {
    url = `postgres://postgres@127.0.0.1:${await closedPort()}/kurz_nowhere`;
    connection = await createDatabase({ url, schema });
  });

  afterAll(async () => {
    await connection.close();
  });

  it("rejects ping and migrate with DEPENDENCY_UNAVAILABLE", async () => {
    await expect(connection.ping()).rejects.toMatchObject(unavailable);
    await expect(connection.migrate(migrationsFolder)).rejects.toMatchObject(unavailable);
  });

  it("lets callers map a failed query to DEPENDENCY_UNAVAILABLE", async () => {
    const error = await connection.db
      .select()
      .from(schema.widgets)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    const mapped = mapDatabaseError(error);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject(unavailable);
  });

  it("leaves errors that are not about reachability alone", () => {
    const error = new Error("syntax error");
    expect(mapDatabaseError(error)).toBe(error);
  });

  it("rejects ensureDatabase with DEPENDENCY_UNAVAILABLE", async () => {
    await expect(ensureDatabase(url, "kurz_whatever")).rejects.toMatchObject(unavailable);
  });
});
