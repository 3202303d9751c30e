import { createHash, randomUUID } from "node:crypto";
import { type CacheConnection, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { redisBackend } from "@kurz/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createSessionStore, type DashboardSession } from "../src/session/session-store";

const IDLE_MS = 7 * 24 * 3_600_000;
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
      const store = createSessionStore(connection.cache, { idleMs: IDLE_MS });
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

describe("the dashboard's session idle time (memory, on the injected clock)", () => {
  it("ends a session not renewed for the idle time; a renewal (a token refresh) starts it again", async () => {
    const clock = new TestClock();
    const connection = createCache({ clock });
    connections.push(connection);
    const store = createSessionStore(connection.cache, { idleMs: IDLE_MS });
    const kept = await store.create(session);
    const left = await store.create(session);

    clock.advance(IDLE_MS - 60_000);
    expect(await store.get(kept)).toEqual(session);
    expect(await store.get(left)).toEqual(session);
    // Reading does not renew it; a refresh (put) does.
    await store.put(kept, { ...session, accessToken: "renewed" });

    clock.advance(60_001);
    expect(await store.get(left)).toBeUndefined();
    expect((await store.get(kept))?.accessToken).toBe("renewed");

    clock.advance(IDLE_MS - 60_000);
    expect(await store.get(kept)).toBeUndefined();
  });
});
