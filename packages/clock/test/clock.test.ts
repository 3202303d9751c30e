import { LRUCache } from "lru-cache";
import { describe, expect, it } from "vitest";
import { cacheTimer, systemClock, TestClock } from "../src";

describe("clocks", () => {
  it("moves a test clock's wall time and monotonic time forward together, never back", () => {
    const clock = new TestClock();
    const wall = clock.now().getTime();
    const mono = clock.monotonicMs();
    clock.advance(61_000);
    expect(clock.now().getTime() - wall).toBeGreaterThanOrEqual(61_000);
    expect(clock.monotonicMs() - mono).toBeGreaterThanOrEqual(61_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it("expires an lru-cache entry when the clock crosses its TTL, without waiting out the TTL", async () => {
    const clock = new TestClock();
    const cache = new LRUCache<string, string>({ max: 10, ttl: 5_000, perf: cacheTimer(clock) });
    cache.set("link", "snapshot");
    clock.advance(4_000);
    expect(cache.get("link")).toBe("snapshot");
    clock.advance(1_001);
    // lru-cache reuses its reading of the clock for ttlResolution (1 ms) before asking again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.get("link")).toBeUndefined();
  });

  it("keeps the system clock's durations on the monotonic scale", () => {
    expect(Math.abs(systemClock.monotonicMs() - performance.now())).toBeLessThan(1_000);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
