import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CacheConnection } from "../src/index";

export interface CacheUnderTest {
  primary: CacheConnection;
  /** A second handle on the same state (another connection for Redis, the same object in memory). */
  peer: CacheConnection;
  /**
   * Lets `ms` pass for the store: in memory a frozen TestClock moves (exactly, at once); Redis
   * keeps its own time, so there real time passes.
   */
  pass(ms: number): Promise<void>;
}

/**
 * How long anything a check must still find lives: longer than a command may take (1 s), so a
 * slow moment between a write and its check cannot expire it in Redis (real time). In memory
 * the clock is frozen, and nothing expires before the test moves it.
 */
const LIVES_MS = 2_000;

/** The behaviour both adapters promise. TTLs are crossed through `pass`. */
export function describeCacheContract(name: string, open: () => Promise<CacheUnderTest>): void {
  describe(`cache contract: ${name}`, () => {
    let primary: CacheConnection;
    let peer: CacheConnection;
    let pass: (ms: number) => Promise<void>;
    const key = (label: string) => `${label}:${randomUUID()}`;

    beforeAll(async () => {
      ({ primary, peer, pass } = await open());
    });

    afterAll(async () => {
      await primary?.close();
      if (peer !== primary) await peer?.close();
    });

    describe("cache", () => {
      it("returns a stored value until its TTL passes, then nothing", async () => {
        const k = key("ttl");
        await primary.cache.set(k, "value", LIVES_MS);
        expect(await primary.cache.get(k)).toBe("value");
        await pass(LIVES_MS + 1);
        expect(await primary.cache.get(k)).toBeNull();
      });

      it("returns null for a key never set", async () => {
        expect(await primary.cache.get(key("missing"))).toBeNull();
        expect(await primary.cache.getBuffer(key("missing"))).toBeNull();
      });

      it("stores buffers byte for byte", async () => {
        const k = key("bytes");
        const bytes = Buffer.from([0, 255, 128, 10, 0xc3]);
        await primary.cache.set(k, bytes, 10_000);
        expect(await primary.cache.getBuffer(k)).toEqual(bytes);
      });

      it("keeps its own copy of a buffer the caller later changes", async () => {
        const k = key("copy");
        const bytes = Buffer.from("abc");
        await primary.cache.set(k, bytes, 10_000);
        bytes.write("xyz");
        expect(await primary.cache.get(k)).toBe("abc");
      });

      it("reads strings as UTF-8 bytes and UTF-8 bytes as strings", async () => {
        const text = key("text");
        const bytes = key("bytes");
        await primary.cache.set(text, "héllo", 10_000);
        await primary.cache.set(bytes, Buffer.from("wörld", "utf8"), 10_000);
        expect(await primary.cache.getBuffer(text)).toEqual(Buffer.from("héllo", "utf8"));
        expect(await primary.cache.get(bytes)).toBe("wörld");
      });

      it("overwrites a value and its TTL", async () => {
        const k = key("overwrite");
        await primary.cache.set(k, "first", 100);
        await primary.cache.set(k, "second", 10_000);
        await pass(200);
        expect(await primary.cache.get(k)).toBe("second");
      });

      it("deletes keys and reports how many existed", async () => {
        const a = key("del");
        const b = key("del");
        await primary.cache.set(a, "1", 10_000);
        await primary.cache.set(b, "2", 10_000);
        expect(await primary.cache.del(a, b, key("never"))).toBe(2);
        expect(await primary.cache.get(a)).toBeNull();
        expect(await primary.cache.del()).toBe(0);
      });

      it("shows a value set through one handle to the other", async () => {
        const k = key("shared");
        await primary.cache.set(k, "seen", 10_000);
        expect(await peer.cache.get(k)).toBe("seen");
      });

      it("rejects a TTL that is not a positive number", async () => {
        await expect(primary.cache.set(key("bad"), "x", 0)).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe("counters", () => {
      it("starts a new counter at the amount and adds to it, readable through get", async () => {
        const k = key("count");
        expect(await primary.cache.increment(k, 1, 10_000)).toBe(1);
        expect(await primary.cache.increment(k, 5, 10_000)).toBe(6);
        expect(await peer.cache.increment(k, -2, 10_000)).toBe(4);
        expect(await primary.cache.get(k)).toBe("4");
      });

      it("gives a counter its TTL when it is created and never extends it", async () => {
        const k = key("window");
        await primary.cache.increment(k, 1, LIVES_MS);
        await pass(50);
        // A later increment with a long TTL leaves the counter's expiry where it was.
        expect(await primary.cache.increment(k, 1, 60_000)).toBe(2);
        await pass(LIVES_MS);
        expect(await primary.cache.get(k)).toBeNull();
        expect(await primary.cache.increment(k, 1, 60_000)).toBe(1);
      });

      it("never loses an increment under concurrent calls from two handles", async () => {
        const k = key("race");
        const values = await Promise.all(
          Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? primary : peer).cache.increment(k, 1, 10_000)),
        );
        expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
        expect(await primary.cache.get(k)).toBe("100");
      });

      it("continues a counter written as decimal text", async () => {
        const k = key("text");
        await primary.cache.set(k, "41", 10_000);
        expect(await primary.cache.increment(k, 1, 10_000)).toBe(42);
      });

      it("rejects a key that holds something other than an integer, and leaves it alone", async () => {
        const k = key("not-a-number");
        await primary.cache.set(k, "abc", 10_000);
        await expect(primary.cache.increment(k, 1, 10_000)).rejects.toThrow();
        expect(await primary.cache.get(k)).toBe("abc");
      });

      it("rejects an amount that is not a safe integer and a TTL that is not positive", async () => {
        await expect(primary.cache.increment(key("bad"), 1.5, 10_000)).rejects.toBeInstanceOf(RangeError);
        await expect(primary.cache.increment(key("bad"), 1, 0)).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe("rate limiter", () => {
      it("admits a burst up to capacity, then refuses with a retry delay", async () => {
        const k = key("burst");
        // A token every 10 s: none comes back while the six takes are made, however slowly.
        const limit = { capacity: 5, refillPerSecond: 0.1 };
        const remaining: number[] = [];
        for (let i = 0; i < 5; i++) {
          const result = await primary.rateLimiter.take(k, limit);
          expect(result.allowed).toBe(true);
          expect(result.retryAfterMs).toBe(0);
          remaining.push(result.remaining);
        }
        expect(remaining).toEqual([4, 3, 2, 1, 0]);
        const refused = await primary.rateLimiter.take(k, limit);
        expect(refused.allowed).toBe(false);
        expect(refused.remaining).toBe(0);
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(10_000);
      });

      it("admits again once the retry delay has passed", async () => {
        const k = key("refill");
        const limit = { capacity: 2, refillPerSecond: 20 };
        await primary.rateLimiter.take(k, limit);
        await primary.rateLimiter.take(k, limit);
        const refused = await primary.rateLimiter.take(k, limit);
        expect(refused.allowed).toBe(false);
        await pass(refused.retryAfterMs + 20);
        expect((await primary.rateLimiter.take(k, limit)).allowed).toBe(true);
      });

      it("never refills beyond capacity", async () => {
        const k = key("cap");
        // A token every 2 s (LIVES_MS): the pause refills the bucket twice over, while the four
        // takes after it, sent at once, reach the store well within one token's time.
        const limit = { capacity: 3, refillPerSecond: 1_000 / LIVES_MS };
        await primary.rateLimiter.take(k, limit);
        await pass(3 * LIVES_MS);
        const results = await Promise.all(
          Array.from({ length: 4 }, async () => (await primary.rateLimiter.take(k, limit)).allowed),
        );
        expect(results).toEqual([true, true, true, false]);
      });

      it("charges the cost of a call", async () => {
        const k = key("cost");
        const limit = { capacity: 10, refillPerSecond: 0.001, cost: 4 };
        expect(await primary.rateLimiter.take(k, limit)).toMatchObject({ allowed: true, remaining: 6 });
        expect(await primary.rateLimiter.take(k, limit)).toMatchObject({ allowed: true, remaining: 2 });
        expect(await primary.rateLimiter.take(k, limit)).toMatchObject({ allowed: false, remaining: 2 });
        expect(await primary.rateLimiter.take(k, { ...limit, cost: 2 })).toMatchObject({ allowed: true });
      });

      it("keeps separate keys independent", async () => {
        const a = key("a");
        const b = key("b");
        const limit = { capacity: 1, refillPerSecond: 0.001 };
        expect((await primary.rateLimiter.take(a, limit)).allowed).toBe(true);
        expect((await primary.rateLimiter.take(a, limit)).allowed).toBe(false);
        expect((await primary.rateLimiter.take(b, limit)).allowed).toBe(true);
      });

      it("never admits more than capacity under concurrent takes from two handles", async () => {
        const k = key("race");
        const limit = { capacity: 10, refillPerSecond: 0.001 };
        const results = await Promise.all(
          Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? primary : peer).rateLimiter.take(k, limit)),
        );
        expect(results.filter((r) => r.allowed)).toHaveLength(10);
      });

      it("rejects a cost above capacity, which could never be admitted", async () => {
        await expect(
          primary.rateLimiter.take(key("huge"), { capacity: 2, refillPerSecond: 1, cost: 3 }),
        ).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe("locks", () => {
      it("refuses a held lock to everyone until it is released", async () => {
        const k = key("lock");
        const lock = await primary.locks.acquire(k, 10_000);
        expect(lock).not.toBeNull();
        expect(await primary.locks.acquire(k, 10_000)).toBeNull();
        expect(await peer.locks.acquire(k, 10_000)).toBeNull();
        expect(await lock!.release()).toBe(true);
        const next = await peer.locks.acquire(k, 10_000);
        expect(next).not.toBeNull();
        await next!.release();
      });

      it("frees a lock when its TTL passes", async () => {
        const k = key("expiry");
        expect(await primary.locks.acquire(k, 100)).not.toBeNull();
        await pass(250);
        const next = await peer.locks.acquire(k, 10_000);
        expect(next).not.toBeNull();
        await next!.release();
      });

      it("does nothing when a holder whose lock expired releases or extends it", async () => {
        const k = key("stale");
        const stale = await primary.locks.acquire(k, 100);
        await pass(250);
        const current = await peer.locks.acquire(k, 10_000);
        expect(current).not.toBeNull();
        expect(await stale!.release()).toBe(false);
        expect(await stale!.extend(10_000)).toBe(false);
        expect(await primary.locks.acquire(k, 10_000)).toBeNull();
        expect(await current!.release()).toBe(true);
      });

      it("keeps an extended lock past its original TTL", async () => {
        const k = key("extend");
        const lock = await primary.locks.acquire(k, LIVES_MS);
        expect(await lock!.extend(10_000)).toBe(true);
        await pass(LIVES_MS + 500);
        expect(await peer.locks.acquire(k, 10_000)).toBeNull();
        expect(await lock!.release()).toBe(true);
      });

      it("runs withLock's function under the lock and releases it afterwards, even on throw", async () => {
        const k = key("with");
        const result = await primary.locks.withLock(k, 10_000, async () => {
          expect(await peer.locks.acquire(k, 10_000)).toBeNull();
          return 42;
        });
        expect(result).toBe(42);
        await expect(
          primary.locks.withLock(k, 10_000, async () => {
            throw new Error("boom");
          }),
        ).rejects.toThrow("boom");
        const after = await peer.locks.acquire(k, 10_000);
        expect(after).not.toBeNull();
        await after!.release();
      });

      it("makes withLock wait up to waitMs for a busy lock", async () => {
        const k = key("wait");
        const holder = await peer.locks.acquire(k, 10_000);
        // fixed-delay: a holder that keeps the lock a moment after the waiter came
        setTimeout(() => void holder!.release(), 100);
        // Waiting is measured in real time (the waiter retries on timers): a generous bound.
        const result = await primary.locks.withLock(k, 10_000, async () => "ran", { waitMs: 30_000 });
        expect(result).toBe("ran");
      });

      it("rejects withLock with CONFLICT when the lock stays busy", async () => {
        const k = key("busy");
        const holder = await peer.locks.acquire(k, 10_000);
        const attempt = primary.locks.withLock(k, 10_000, async () => "ran", { waitMs: 100 });
        await expect(attempt).rejects.toBeInstanceOf(AppError);
        await expect(attempt).rejects.toMatchObject({ code: "CONFLICT" });
        await holder!.release();
      });
    });

    it("answers ping", async () => {
      await expect(primary.ping()).resolves.toBeUndefined();
    });
  });
}
