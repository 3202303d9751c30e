import { createServer, type Server } from "node:net";
import { AppError } from "@kurz/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CacheConnection, createCache } from "../src/index";

/** A port nothing listens on: reserved by binding, then released. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

// No Redis server needed: these run everywhere.
describe("redis cache during an outage", () => {
  let connection: CacheConnection;

  beforeAll(async () => {
    connection = createCache({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, commandTimeoutMs: 300 });
  });

  afterAll(async () => {
    await connection.close();
  });

  const unavailable = { code: "DEPENDENCY_UNAVAILABLE", retryable: true };

  it("rejects cache calls with DEPENDENCY_UNAVAILABLE", async () => {
    await expect(connection.cache.get("k")).rejects.toBeInstanceOf(AppError);
    await expect(connection.cache.get("k")).rejects.toMatchObject(unavailable);
    await expect(connection.cache.set("k", "v", 1000)).rejects.toMatchObject(unavailable);
    await expect(connection.cache.increment("k", 1, 1000)).rejects.toMatchObject(unavailable);
  });

  it("rejects rate limiting, locks and ping with DEPENDENCY_UNAVAILABLE", async () => {
    await expect(connection.rateLimiter.take("k", { capacity: 1, refillPerSecond: 1 })).rejects.toMatchObject(
      unavailable,
    );
    await expect(connection.locks.acquire("k", 1000)).rejects.toMatchObject(unavailable);
    await expect(connection.ping()).rejects.toMatchObject(unavailable);
  });
});
