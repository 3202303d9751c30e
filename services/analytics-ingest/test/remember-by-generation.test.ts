import { randomUUID } from "node:crypto";
import { type CacheConnection, type CacheStore, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { redisBackend } from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createAccountGenerations } from "../src/analytics/account-generations";
import { rememberByGeneration } from "../src/analytics/remember-by-generation";

const TTL_MS = 60_000;
const backend = await redisBackend();
const connections: CacheConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

const adapters: Array<[string, boolean, () => CacheConnection]> = [
  ["memory", true, () => createCache()],
  [
    "redis",
    backend.available,
    () =>
      createCache({
        redisUrl: backend.available ? backend.value.url : "",
        keyPrefix: `kurz-test:${randomUUID()}:`,
      }),
  ],
];

/** An `ask` that counts its calls and answers the call's number. */
function counter() {
  let calls = 0;
  return { ask: async () => ++calls, calls: () => calls };
}

describe.each(adapters)(
  "answers remembered by generation (generations in %s)",
  (_name, available, connect) => {
    it.skipIf(!available)(
      "asks once per generation and TTL: again after a write moves it, and again once the TTL has passed on the clock",
      async () => {
        const connection = connect();
        connections.push(connection);
        // Frozen: the TTL is crossed by a millisecond either side, which a real-time clock could
        // cross early during a slow moment (it gave a second of margin, and a loaded CI run took it).
        const clock = new TestClock({ frozen: true });
        const generations = createAccountGenerations(connection.cache);
        const remember = rememberByGeneration<number>(generations, { ttlMs: TTL_MS, clock });
        const { ask, calls } = counter();

        // Concurrent askers share one statement; later ones get the remembered answer.
        expect(await Promise.all([remember("a1", "k", ask), remember("a1", "k", ask)])).toEqual([1, 1]);
        expect(await remember("a1", "k", ask)).toBe(1);
        // Another key or another account is asked on its own.
        expect(await remember("a1", "other", ask)).toBe(2);
        expect(await remember("a2", "k", ask)).toBe(3);

        // A write of a1 moves its generation: a1's answers are asked again, a2's are not.
        await generations.bump(["a1"]);
        expect(await remember("a1", "k", ask)).toBe(4);
        expect(await remember("a2", "k", ask)).toBe(3);

        // The TTL, crossed on the clock a millisecond either side of its end.
        clock.advance(TTL_MS - 1);
        expect(await remember("a1", "k", ask)).toBe(4);
        clock.advance(2);
        expect(await remember("a1", "k", ask)).toBe(5);
        expect(calls()).toBe(5);
      },
    );
  },
);

describe("answers remembered by generation, when things fail", () => {
  it("does not remember a failed answer, and remembers nothing while the generations cannot be read", async () => {
    const connection = createCache();
    connections.push(connection);
    const remember = rememberByGeneration<number>(createAccountGenerations(connection.cache));
    let fail = true;
    const { ask, calls } = counter();
    const flaky = () => (fail ? Promise.reject(new Error("chDB down")) : ask());
    await expect(remember("a1", "k", flaky)).rejects.toThrow("chDB down");
    fail = false;
    expect(await remember("a1", "k", flaky)).toBe(1);
    expect(await remember("a1", "k", flaky)).toBe(1);

    const unreachable: CacheStore = {
      ...connection.cache,
      get: () => Promise.reject(new Error("redis down")),
    };
    const blind = rememberByGeneration<number>(createAccountGenerations(unreachable));
    expect(await blind("a1", "k", ask)).toBe(2);
    expect(await blind("a1", "k", ask)).toBe(3);
    expect(calls()).toBe(3);
  });
});
