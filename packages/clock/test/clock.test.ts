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
    // On whole milliseconds, so a boundary computed by adding and taking away lands exactly.
    expect(Number.isInteger(mono)).toBe(true);
    expect(clock.monotonicMs() - 1_800_000 + 1_800_000).toBe(clock.monotonicMs());
  });

  it("steps a test clock's wall time alone, either way, as NTP steps a host's clock", () => {
    const clock = new TestClock({ frozen: true });
    const wall = clock.now().getTime();
    const monotonic = clock.monotonicMs();
    clock.stepWall(3_600_000);
    expect(clock.now().getTime()).toBe(wall + 3_600_000);
    clock.stepWall(-7_200_000);
    expect(clock.now().getTime()).toBe(wall - 3_600_000);
    expect(clock.monotonicMs()).toBe(monotonic);
  });

  it("starts a test clock's wall time at the date it is given", () => {
    const start = new Date(Date.UTC(2026, 0, 1, 12, 0, 30));
    const clock = new TestClock({ frozen: true, at: start });
    expect(clock.now()).toEqual(start);
    clock.advance(30_000);
    expect(clock.now()).toEqual(new Date(Date.UTC(2026, 0, 1, 12, 1, 0)));
    // A running one goes on from there in real time: by what passed between these two readings.
    const before = Date.now();
    const running = new TestClock({ at: start });
    const read = running.now().getTime() - start.getTime();
    const elapsed = Date.now() - before;
    expect(read).toBeGreaterThanOrEqual(0);
    expect(read).toBeLessThanOrEqual(elapsed);
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
    // Each reading between two of the scale it is on (bracketed, so a slow moment cannot fail it).
    const monotonicBefore = performance.now();
    const monotonic = systemClock.monotonicMs();
    expect(monotonic).toBeGreaterThanOrEqual(monotonicBefore);
    expect(monotonic).toBeLessThanOrEqual(performance.now());
    const wallBefore = Date.now();
    const wall = systemClock.now().getTime();
    expect(wall).toBeGreaterThanOrEqual(wallBefore);
    expect(wall).toBeLessThanOrEqual(Date.now());
  });
});
