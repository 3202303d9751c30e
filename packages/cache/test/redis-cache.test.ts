import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { redisBackend } from "@kurz/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCache } from "../src/index";
import { describeCacheContract } from "./describe-cache-contract";

const backend = await redisBackend();
const url = backend.available ? backend.value.url : "";
// A shared server: every run gets its own namespace, and every key it writes has a TTL.
const keyPrefix = `kurz-test:${randomUUID()}:`;

describe.skipIf(!backend.available)("redis cache", () => {
  let raw: Redis;
  beforeAll(() => {
    raw = new Redis(url);
  });
  afterAll(async () => {
    // Slow-refill buckets live for hours: leave nothing behind on the shared server.
    const keys: string[] = [];
    for await (const batch of raw.scanStream({ match: `${keyPrefix}*`, count: 500 })) keys.push(...batch);
    if (keys.length > 0) await raw.del(...keys);
    await raw.quit();
  });

  describeCacheContract("redis", async () => ({
    primary: createCache({ redisUrl: url, keyPrefix }),
    peer: createCache({ redisUrl: url, keyPrefix }),
    // fixed-delay: Redis expires keys and refills buckets on its own clock, real time
    pass: (ms) => sleep(ms),
  }));

  describe("redis specifics", () => {
    it("is chosen when a Redis URL is configured", async () => {
      const connection = createCache({ redisUrl: url, keyPrefix });
      expect(connection.kind).toBe("redis");
      await connection.close();
    });

    it("writes cache entries, buckets and locks under the key prefix", async () => {
      const connection = createCache({ redisUrl: url, keyPrefix });
      await connection.cache.set("prefixed", "v", 10_000);
      await connection.rateLimiter.take("prefixed", { capacity: 1, refillPerSecond: 1 });
      const lock = await connection.locks.acquire("prefixed", 10_000);
      expect(await raw.get(`${keyPrefix}prefixed`)).toBe("v");
      expect(await raw.exists(`${keyPrefix}rl:prefixed`)).toBe(1);
      expect(await raw.exists(`${keyPrefix}lock:prefixed`)).toBe(1);
      await lock!.release();
      await connection.close();
    });

    it("expires a rate-limit bucket once it would be full again", async () => {
      const connection = createCache({ redisUrl: url, keyPrefix });
      await connection.rateLimiter.take("bucket-ttl", { capacity: 2, refillPerSecond: 1 });
      const ttl = await raw.pttl(`${keyPrefix}rl:bucket-ttl`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(1000);
      await connection.close();
    });

    it("keeps a counter under the key prefix with the TTL of its first increment", async () => {
      const connection = createCache({ redisUrl: url, keyPrefix });
      await connection.cache.increment("counter", 3, 5_000);
      await connection.cache.increment("counter", 1, 600_000);
      expect(await raw.get(`${keyPrefix}counter`)).toBe("4");
      const ttl = await raw.pttl(`${keyPrefix}counter`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5_000);
      await raw.script("FLUSH");
      expect(await connection.cache.increment("counter", 1, 5_000)).toBe(5);
      await connection.close();
    });

    it("keeps rate limiting after the server forgets its scripts", async () => {
      const connection = createCache({ redisUrl: url, keyPrefix });
      const limit = { capacity: 1, refillPerSecond: 0.001 };
      expect((await connection.rateLimiter.take("flushed", limit)).allowed).toBe(true);
      await raw.script("FLUSH");
      expect((await connection.rateLimiter.take("flushed", limit)).allowed).toBe(false);
      await connection.close();
    });
  });
});
