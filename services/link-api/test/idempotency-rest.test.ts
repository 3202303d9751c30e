import { randomUUID } from "node:crypto";
import { type CacheConnection, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { redisBackend } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountPlans } from "../src/accounts/account-plans";
import { links } from "../src/db/schema";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

const backend = await redisBackend();
// A shared server: this run's keys under their own prefix, each with a TTL (24 h at most).
const keyPrefix = `kurz-test:${randomUUID()}:`;
const ONE_LINK = "one-link-account";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What creating a link asks first (the account's plan), held on a promise the test opens or
 * made to fail once: the route's handler is then in flight, or fails as in an outage.
 */
function gatePlans(api: TestLinkApi) {
  const real: AccountPlans = api.app.ctx.plans;
  let held: { entered(): void; opened: Promise<void> } | undefined;
  let failure: AppError | undefined;
  api.app.ctx.plans = {
    async getPlan(accountId) {
      if (held) {
        const gate = held;
        held = undefined;
        gate.entered();
        await gate.opened;
      }
      if (failure) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      return real.getPlan(accountId);
    },
  };
  return {
    /** The next handler waits for open(); `reached` resolves once it is waiting. */
    holdNext() {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      const reached = new Promise<void>((resolve) => {
        held = { entered: resolve, opened };
      });
      return { open, reached };
    },
    failNext(error: AppError) {
      failure = error;
    },
  };
}

describe.each(["memory", "redis"] as const)("link-api's Idempotency-Key over the %s cache", (adapter) => {
  const skip = adapter === "redis" && !backend.available;
  let api: TestLinkApi;
  let cache: CacheConnection;
  let plans: ReturnType<typeof gatePlans>;
  const clock = new TestClock();

  beforeAll(async () => {
    if (skip) return;
    cache =
      adapter === "redis" && backend.available
        ? createCache({ redisUrl: backend.value.url, keyPrefix })
        : createCache({ clock });
    api = await startTestLinkApi({
      clock,
      cache,
      plans: { plans: { [ONE_LINK]: realPlan("free", { maxLinks: 1 }) } },
    });
    plans = gatePlans(api);
  });

  afterAll(async () => {
    if (skip) return;
    await api.close();
    await cache.close();
  });

  async function createLink(
    account: string,
    key: string | undefined,
    body: object = { url: "https://example.com/a" },
  ) {
    return api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: { ...(await api.auth(account)), ...(key === undefined ? {} : { "idempotency-key": key }) },
      payload: body,
    });
  }

  async function linkCount(account: string): Promise<number> {
    const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, account));
    return row?.n ?? 0;
  }

  it.skipIf(skip)("creates one link for a key sent twice, and replays the first answer", async () => {
    const account = randomUUID();
    const key = randomUUID();
    const first = await createLink(account, key);
    const again = await createLink(account, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // A replay is a request of the rate window, as at Stripe.
    expect(again.headers.ratelimit).toBeDefined();
    expect(await linkCount(account)).toBe(1);
  });

  it.skipIf(skip)("answers 422 IDEMPOTENCY_KEY_REUSED to the key with another body", async () => {
    const account = randomUUID();
    const key = randomUUID();
    expect((await createLink(account, key)).statusCode).toBe(201);
    const reused = await createLink(account, key, { url: "https://example.com/b" });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ success: false, code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await linkCount(account)).toBe(1);
  });

  it.skipIf(skip)("answers 409 CONFLICT while the key's first request is still in flight", async () => {
    const account = randomUUID();
    const key = randomUUID();
    const held = plans.holdNext();
    const first = createLink(account, key);
    await held.reached;
    const busy = await createLink(account, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: "CONFLICT",
      retryable: true,
      details: { reason: "idempotency_key_in_progress" },
    });
    held.open();
    expect((await first).statusCode).toBe(201);
    expect((await createLink(account, key)).headers["idempotent-replayed"]).toBe("true");
    expect(await linkCount(account)).toBe(1);
  });

  it.skipIf(skip)("keeps no 5xx answer: the retry with the same key creates the link", async () => {
    const account = randomUUID();
    const key = randomUUID();
    plans.failNext(new AppError("DEPENDENCY_UNAVAILABLE"));
    const failed = await createLink(account, key);
    expect(failed.statusCode).toBe(503);
    const retried = await createLink(account, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await linkCount(account)).toBe(1);
  });

  it.skipIf(skip)("replays a 4xx answer: a quota refusal stays the key's answer", async () => {
    // One account of one link: the second create is refused, and its key keeps that answer.
    await createLink(ONE_LINK, undefined, { url: "https://example.com/first" });
    const key = randomUUID();
    const refused = await createLink(ONE_LINK, key, { url: "https://example.com/second" });
    expect(refused.statusCode).toBe(403);
    const replayed = await createLink(ONE_LINK, key, { url: "https://example.com/second" });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.body).toBe(refused.body);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
  });

  it.skipIf(skip)("runs a key again 24 hours after its answer", async () => {
    const account = randomUUID();
    const key = randomUUID();
    await createLink(account, key);
    clock.advance(DAY_MS - 60_000);
    expect((await createLink(account, key)).headers["idempotent-replayed"]).toBe("true");
    clock.advance(60_000);
    const dayLater = await createLink(account, key);
    expect(dayLater.statusCode).toBe(201);
    expect(dayLater.headers["idempotent-replayed"]).toBeUndefined();
    expect(await linkCount(account)).toBe(2);
  });

  it.skipIf(skip)("keeps keys per account: the same key in two accounts makes a link in each", async () => {
    const key = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    expect((await createLink(a, key)).statusCode).toBe(201);
    const other = await createLink(b, key);
    expect(other.statusCode).toBe(201);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect([await linkCount(a), await linkCount(b)]).toEqual([1, 1]);
  });

  it.skipIf(skip)("refuses a malformed key with 400 VALIDATION_ERROR and creates nothing", async () => {
    const account = randomUUID();
    for (const key of ["", "k".repeat(256), "bell\u0007"]) {
      const refused = await createLink(account, key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("VALIDATION_ERROR");
    }
    expect(await linkCount(account)).toBe(0);
  });

  it.skipIf(skip)("leaves requests without the header alone: each creates its link", async () => {
    const account = randomUUID();
    for (let i = 0; i < 2; i++) {
      const created = await createLink(account, undefined);
      expect(created.statusCode).toBe(201);
      expect(created.headers["idempotent-replayed"]).toBeUndefined();
    }
    expect(await linkCount(account)).toBe(2);
  });

  it.skipIf(skip)("replays a PATCH and a DELETE of a link", async () => {
    const account = randomUUID();
    const code = (await createLink(account, undefined)).json().url.id as string;
    const headers = { ...(await api.auth(account)), "idempotency-key": randomUUID() };
    const patch = () =>
      api.http.inject({
        method: "PATCH",
        url: `/api/v1/urls/${code}`,
        headers,
        payload: { name: "renamed" },
      });
    const firstPatch = await patch();
    expect(firstPatch.statusCode).toBe(200);
    expect((await patch()).headers["idempotent-replayed"]).toBe("true");
    const deleteHeaders = { ...(await api.auth(account)), "idempotency-key": randomUUID() };
    const remove = () =>
      api.http.inject({ method: "DELETE", url: `/api/v1/urls/${code}`, headers: deleteHeaders });
    expect((await remove()).statusCode).toBe(200);
    const again = await remove();
    // Without the key, a second DELETE would be 404: the replay is the first answer.
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });
});
