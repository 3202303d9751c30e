import { TestClock } from "@kurz/clock";
import { describe, expect, it } from "vitest";
import { createCache } from "../src/index";
import { describeCacheContract } from "./describe-cache-contract";

describeCacheContract("memory", async () => {
  // Frozen: a TTL runs out when the test moves the clock, never during a slow moment.
  const clock = new TestClock({ frozen: true });
  const cache = createCache({ clock });
  return {
    primary: cache,
    peer: cache,
    pass: async (ms) => clock.advance(ms),
  };
});

describe("memory cache", () => {
  it("is chosen when no Redis URL is configured", () => {
    expect(createCache({}).kind).toBe("memory");
  });

  it("keeps at most maxEntries entries, dropping the least recently used", async () => {
    const { cache } = createCache({ maxEntries: 2 });
    await cache.set("a", "1", 10_000);
    await cache.set("b", "2", 10_000);
    await cache.get("a");
    await cache.set("c", "3", 10_000);
    expect(await cache.get("b")).toBeNull();
    expect(await cache.get("a")).toBe("1");
    expect(await cache.get("c")).toBe("3");
  });

  it("keeps at most maxBytes of keys and values, dropping the least recently used; a larger value is not kept", async () => {
    // Each entry: a one-character key and a 100-byte Buffer, 102 bytes; three fit in 320.
    const { cache } = createCache({ maxBytes: 320 });
    const value = (fill: number) => Buffer.alloc(100, fill);
    await cache.set("a", value(1), 10_000);
    await cache.set("b", value(2), 10_000);
    await cache.set("c", value(3), 10_000);
    await cache.getBuffer("a");
    await cache.set("d", value(4), 10_000);
    expect(await cache.getBuffer("b")).toBeNull();
    expect((await cache.getBuffer("a"))?.[0]).toBe(1);
    expect((await cache.getBuffer("d"))?.[0]).toBe(4);
    await cache.set("big", Buffer.alloc(400), 10_000);
    expect(await cache.getBuffer("big")).toBeNull();
    expect((await cache.getBuffer("a"))?.[0]).toBe(1);
  });
});
