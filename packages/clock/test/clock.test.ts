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

  it("keeps a frozen test clock still until it is advanced, by exactly the advance", () => {
    const clock = new TestClock({ frozen: true });
    const wall = clock.now().getTime();
    const mono = clock.monotonicMs();
    const busyUntil = performance.now() + 20;
    while (performance.now() < busyUntil) {
      // real time passes
    }
    expect(clock.now().getTime()).toBe(wall);
    expect(clock.monotonicMs()).toBe(mono);
    clock.advance(61_000);
    expect(clock.now().getTime() - wall).toBe(61_000);
    expect(clock.monotonicMs() - mono).toBe(61_000);
  });

  it("expires an lru-cache entry when the clock crosses its TTL, without waiting out the TTL", () => {
    const clock = new TestClock({ frozen: true });
    // ttlResolution 0: every check reads the clock (lru-cache reuses a reading for 1 ms by default).
    const cache = new LRUCache<string, string>({
      max: 10,
      ttl: 5_000,
      perf: cacheTimer(clock),
      ttlResolution: 0,
    });
    cache.set("link", "snapshot");
    clock.advance(4_999);
    expect(cache.get("link")).toBe("snapshot");
    clock.advance(2);
    expect(cache.get("link")).toBeUndefined();
  });

  it("keeps the system clock's durations on the monotonic scale", () => {
    expect(Math.abs(systemClock.monotonicMs() - performance.now())).toBeLessThan(1_000);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
