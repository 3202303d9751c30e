import { createHash, randomUUID } from "node:crypto";
import { type CacheConnection, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { redisBackend } from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createSessionStore, type DashboardSession } from "../src/session/session-store";

const IDLE_MS = 7 * 24 * 3_600_000;
const MAX_MS = 30 * 24 * 3_600_000;
const DAY = 24 * 3_600_000;
const backend = await redisBackend();

const session: DashboardSession = {
  accessToken: "eyJhbGciOiJFUzI1NiJ9.access-token-under-test.signature",
  refreshToken: "kurz_rt_refresh-token-under-test",
  accessExpiresAt: Date.UTC(2026, 10, 26, 12),
  scope: "shorturl:read shorturl:write",
  csrfToken: "c".repeat(43),
  createdAt: Date.UTC(2026, 10, 26, 11),
};

const connections: CacheConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

/** Where the store keeps a session (a hash of the cookie value). */
const keyOf = (id: string) => `dashboard:session:${createHash("sha256").update(id).digest("base64url")}`;

/** The value stored for a session, as written. */
async function storedValue(connection: CacheConnection, id: string): Promise<string> {
  return (await connection.cache.get(keyOf(id))) ?? "";
}

const adapters: Array<[string, boolean, () => CacheConnection]> = [
  ["memory", true, () => createCache({ clock: new TestClock() })],
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

describe.each(adapters)("the dashboard's session store (%s)", (_name, available, connect) => {
  it.skipIf(!available)(
    "stores the tokens sealed under a key only the cookie gives: the store alone reveals nothing",
    async () => {
      const connection = connect();
      connections.push(connection);
      const store = createSessionStore(connection.cache, {
        idleMs: IDLE_MS,
        maxMs: MAX_MS,
        clock: new TestClock({ at: new Date(session.createdAt) }),
      });
      const id = await store.create(session);
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await store.get(id)).toEqual(session);

      const stored = await storedValue(connection, id);
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain("access-token-under-test");
      expect(stored).not.toContain("kurz_rt_");
      expect(stored).not.toContain(session.csrfToken);
      // Two sessions with the same content are sealed apart (a fresh IV each time).
      const other = await store.create(session);
      const otherStored = await storedValue(connection, other);
      expect(otherStored).not.toBe(stored);

      // Another cookie value finds nothing; an altered value is no session at all.
      expect(await store.get(`${id.slice(0, 42)}${id.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
      expect(await store.get("not a cookie")).toBeUndefined();
      const parts = stored.split(".");
      const flipped = `${parts[0]}.${parts[1]}.${(parts[2] ?? "").replace(/^./, (c) => (c === "A" ? "B" : "A"))}.${parts[3]}`;
      await connection.cache.set(keyOf(id), flipped, 60_000);
      expect(await store.get(id)).toBeUndefined();
      // A value sealed under another session's key, copied over, is refused the same way.
      await connection.cache.set(keyOf(id), otherStored, 60_000);
      expect(await store.get(id)).toBeUndefined();

      await store.delete(other);
      expect(await store.get(other)).toBeUndefined();
    },
  );
});

describe("the dashboard's session lifetime (memory, on the injected clock)", () => {
  async function storeOnClock() {
    const clock = new TestClock({ at: new Date(session.createdAt), frozen: true });
    const connection = createCache({ clock });
    connections.push(connection);
    return { clock, store: createSessionStore(connection.cache, { idleMs: IDLE_MS, maxMs: MAX_MS, clock }) };
  }

  it("keeps a session in use past a week after sign-in; ends one unused for the idle time", async () => {
    const { clock, store } = await storeOnClock();
    const used = await store.create(session);
    const left = await store.create(session);
    // Used every six days (reading it is a use), it outlives the idle time many times over.
    for (let day = 6; day <= 18; day += 6) {
      clock.advance(6 * DAY);
      expect(await store.get(used), `day ${day}`).toEqual(session);
    }
    expect(await store.get(left)).toBeUndefined();

    clock.advance(IDLE_MS - 60_000);
    expect(await store.get(used)).toEqual(session);
    clock.advance(IDLE_MS);
    expect(await store.get(used)).toBeUndefined();
  });

  it("ends every session at its absolute limit after sign-in, however much it is used", async () => {
    const { clock, store } = await storeOnClock();
    const id = await store.create(session);
    for (let elapsed = 0; elapsed < MAX_MS - DAY; elapsed += DAY) {
      clock.advance(DAY);
      expect(await store.get(id)).toEqual(session);
    }
    // A token refresh just before the end does not extend it either.
    await store.put(id, { ...session, accessToken: "refreshed" });
    clock.advance(DAY - 1);
    expect((await store.get(id))?.accessToken).toBe("refreshed");
    clock.advance(1);
    expect(await store.get(id)).toBeUndefined();
  });

  it("renews the idle time on a use without rewriting the tokens another replica may have refreshed", async () => {
    const { clock, store } = await storeOnClock();
    const id = await store.create(session);
    clock.advance(DAY);
    const seenBefore = await store.get(id);
    await store.put(id, { ...session, accessToken: "refreshed", refreshToken: "kurz_rt_rotated" });
    clock.advance(DAY);
    // The earlier reader's renewal (a use) leaves the refreshed tokens in place.
    expect(seenBefore?.accessToken).toBe(session.accessToken);
    expect(await store.get(id)).toMatchObject({ accessToken: "refreshed", refreshToken: "kurz_rt_rotated" });
  });
});
