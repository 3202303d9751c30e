import { randomUUID } from "node:crypto";
import { type CacheConnection, createCache } from "@kurz/cache";
import { type RepeatingTimer, TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { redisBackend } from "@kurz/testing";
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  createHttpApp,
  honorIdempotencyKeys,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  IN_FLIGHT_MARK_TTL_MS,
  MAX_KEPT_ANSWER_BYTES,
} from "../src";

const logger = createLogger({ service: "test", level: "silent" });
const backend = await redisBackend();
const redisUrl = backend.available ? backend.value.url : "";
// A shared server: this run's keys live under their own prefix; every one has a TTL (a mark 30 s,
// an answer 24 h, a few hundred bytes each), so nothing outlives a day.
const keyPrefix = `kurz-test:${randomUUID()}:`;

/** A renewal timer the test fires itself (the in-flight mark's heartbeat). */
function manualTimer(): RepeatingTimer & { fire(): Promise<void> } {
  const runs = new Set<() => Promise<void>>();
  return {
    every(_intervalMs, run) {
      runs.add(run);
      return () => runs.delete(run);
    },
    async fire() {
      for (const run of [...runs]) await run();
    },
  };
}

/** A promise the test resolves: holds a handler in flight without sleeping. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => {
    entered = resolve;
  });
  return { opened, open, reached, entered };
}

type Adapter = "memory" | "redis";
const connections: CacheConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

function connect(adapter: Adapter, clock: TestClock): CacheConnection {
  const connection =
    adapter === "redis" ? createCache({ redisUrl, keyPrefix, logger }) : createCache({ clock, logger });
  connections.push(connection);
  return connection;
}

/**
 * A service's app with the key check on its REST routes: a stand-in for requireScope puts the
 * account of `x-account` on the request (none: the request has no verified token).
 */
function build(cache: CacheConnection, clock: TestClock, timer = manualTimer()) {
  const { app } = createHttpApp({ service: "test", logger });
  honorIdempotencyKeys(app, { service: "test", cache, clock, timer });
  const authenticate = async (request: FastifyRequest) => {
    const account = request.headers["x-account"];
    if (typeof account === "string") Object.assign(request, { accessToken: { accountId: account } });
  };
  const runs = { create: 0, remove: 0 };
  let hold: ReturnType<typeof gate> | undefined;
  let fail: AppError | undefined;
  let answerBytes = 0;
  app.post("/api/v1/things", { preHandler: authenticate }, async (request, reply) => {
    runs.create++;
    if (hold) {
      hold.entered();
      await hold.opened;
    }
    if (fail) throw fail;
    if (answerBytes > 0) return reply.code(201).send({ success: true, padding: "x".repeat(answerBytes) });
    return reply
      .code(201)
      .header("location", `/api/v1/things/${runs.create}`)
      .send({ success: true, thing: { id: runs.create, body: request.body ?? null } });
  });
  app.delete("/api/v1/things/:id", { preHandler: authenticate }, async () => {
    runs.remove++;
    return { success: true, removed: runs.remove };
  });
  app.post("/api/v1/open", { preHandler: authenticate, config: { idempotency: false } }, async () => {
    runs.create++;
    return { success: true, n: runs.create };
  });
  return {
    app,
    timer,
    runs,
    holdNext: () => {
      hold = gate();
      return hold;
    },
    release: () => {
      hold = undefined;
    },
    failWith: (error: AppError | undefined) => {
      fail = error;
    },
    answerOfSize: (bytes: number) => {
      answerBytes = bytes;
    },
  };
}

type Built = ReturnType<typeof build>;
const create = (
  built: Built,
  options: { key?: string | string[]; account?: string; body?: unknown; url?: string } = {},
) =>
  built.app.inject({
    method: "POST",
    url: options.url ?? "/api/v1/things",
    headers: {
      "x-account": options.account ?? "acct-1",
      ...(options.key === undefined ? {} : { "idempotency-key": options.key }),
    },
    payload: (options.body ?? { name: "first" }) as Record<string, unknown>,
  });

const frozenClock = () => new TestClock({ frozen: true, at: new Date(Date.UTC(2026, 5, 1, 9, 0, 0)) });

describe.each(["memory", "redis"] as const)("Idempotency-Key over the %s cache", (adapter) => {
  const skip = adapter === "redis" && !backend.available;

  it.skipIf(skip)(
    "replays the first answer (status, body, content type) with Idempotent-Replayed, running the handler once",
    async () => {
      const clock = frozenClock();
      const built = build(connect(adapter, clock), clock);
      const key = randomUUID();
      const first = await create(built, { key });
      expect(first.statusCode).toBe(201);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      const again = await create(built, { key });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
      expect(again.headers.location).toBe("/api/v1/things/1");
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(built.runs.create).toBe(1);
    },
  );

  it.skipIf(skip)(
    "answers 422 IDEMPOTENCY_KEY_REUSED to the same key with another body or path",
    async () => {
      const clock = frozenClock();
      const built = build(connect(adapter, clock), clock);
      const key = randomUUID();
      expect((await create(built, { key, body: { name: "first" } })).statusCode).toBe(201);
      const otherBody = await create(built, { key, body: { name: "second" } });
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json()).toMatchObject({
        success: false,
        code: "IDEMPOTENCY_KEY_REUSED",
        retryable: false,
      });
      const otherQuery = await create(built, { key, url: "/api/v1/things?x=1" });
      expect(otherQuery.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
      // The same JSON spelled differently is another request: raw bytes are compared.
      const respelled = await built.app.inject({
        method: "POST",
        url: "/api/v1/things",
        headers: { "x-account": "acct-1", "idempotency-key": key, "content-type": "application/json" },
        payload: '{ "name": "first" }',
      });
      expect(respelled.statusCode).toBe(422);
      expect(built.runs.create).toBe(1);
    },
  );

  it.skipIf(skip)(
    "answers 409 CONFLICT, retryable, to the same key while its first request is in flight, on another replica too",
    async () => {
      const clock = frozenClock();
      const replicaA = build(connect(adapter, clock), clock);
      // Another replica: its own connection to Redis; in memory, the one process's store.
      const replicaB = build(adapter === "redis" ? connect(adapter, clock) : connections.at(-1)!, clock);
      const key = randomUUID();
      const held = replicaA.holdNext();
      const first = create(replicaA, { key });
      await held.reached;
      for (const replica of [replicaA, replicaB]) {
        const busy = await create(replica, { key });
        expect(busy.statusCode).toBe(409);
        expect(busy.headers["retry-after"]).toBe("1");
        expect(busy.json()).toMatchObject({
          code: "CONFLICT",
          retryable: true,
          details: { reason: "idempotency_key_in_progress" },
        });
        expect(busy.json().error).toMatch(/in progress/);
      }
      held.open();
      expect((await first).statusCode).toBe(201);
      replicaA.release();
      const replayed = await create(replicaB, { key });
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(replicaA.runs.create + replicaB.runs.create).toBe(1);
    },
  );

  it.skipIf(skip)("keeps no 5xx, 429 or transient failure: the retry with the same key runs", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const key = randomUUID();
    for (const failure of [
      new AppError("INTERNAL"),
      new AppError("DEPENDENCY_UNAVAILABLE"),
      new AppError("PLAN_LIMIT_EXCEEDED"),
      new AppError("CONFLICT", { details: { reason: "lock_busy" } }),
    ]) {
      built.failWith(failure);
      const failed = await create(built, { key });
      expect(failed.statusCode).toBe(failure.httpStatus);
      expect(failed.headers["idempotent-replayed"]).toBeUndefined();
    }
    built.failWith(undefined);
    const retried = await create(built, { key });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(built.runs.create).toBe(5);
  });

  it.skipIf(skip)("keeps a 4xx answer and replays it, as Stripe does", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const key = randomUUID();
    built.failWith(new AppError("NOT_FOUND", { message: "No such campaign" }));
    const first = await create(built, { key });
    expect(first.statusCode).toBe(404);
    built.failWith(undefined);
    const again = await create(built, { key });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(built.runs.create).toBe(1);
  });

  it.skipIf(skip)("forgets a key 24 hours after its answer, on the clock the test moves", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const key = randomUUID();
    await create(built, { key });
    clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS - 1_000);
    expect((await create(built, { key })).headers["idempotent-replayed"]).toBe("true");
    clock.advance(1_000);
    const fresh = await create(built, { key, body: { name: "another request, a day later" } });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers["idempotent-replayed"]).toBeUndefined();
    expect(built.runs.create).toBe(2);
  });

  it.skipIf(skip)("keeps keys per account: two accounts with one key both run", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const key = randomUUID();
    const a = await create(built, { key, account: "acct-a" });
    const b = await create(built, { key, account: "acct-b" });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBeUndefined();
    expect(a.json().thing.id).not.toBe(b.json().thing.id);
    expect(built.runs.create).toBe(2);
  });

  it.skipIf(skip)("refuses a malformed key with 400 VALIDATION_ERROR before running anything", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const cases: Array<[string | string[], string]> = [
      ["", "empty"],
      ["k".repeat(256), "too_long"],
      ["tab\there", "invalid_characters"],
      ["clé", "invalid_characters"],
      [["one", "two"], "repeated"],
    ];
    for (const [key, reason] of cases) {
      const refused = await create(built, { key });
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
      expect(refused.json()).toMatchObject({ code: "VALIDATION_ERROR", details: { reason } });
    }
    expect((await create(built, { key: "k".repeat(255) })).statusCode).toBe(201);
    expect((await create(built, { key: " !~printable ascii~! " })).statusCode).toBe(201);
    expect(built.runs.create).toBe(2);
  });

  it.skipIf(skip)(
    "leaves requests without the header, without a verified account, or of an opted-out route alone",
    async () => {
      const clock = frozenClock();
      const built = build(connect(adapter, clock), clock);
      for (let i = 0; i < 2; i++) {
        const plain = await create(built);
        expect(plain.statusCode).toBe(201);
        expect(plain.headers["idempotent-replayed"]).toBeUndefined();
      }
      const key = randomUUID();
      for (let i = 0; i < 2; i++) {
        const anonymous = await built.app.inject({
          method: "POST",
          url: "/api/v1/things",
          headers: { "idempotency-key": key },
          payload: { name: "x" },
        });
        expect(anonymous.headers["idempotent-replayed"]).toBeUndefined();
        await create(built, { key: randomUUID(), url: "/api/v1/open" });
      }
      expect(built.runs.create).toBe(6);
    },
  );

  it.skipIf(skip)("replays a DELETE without a body", async () => {
    const clock = frozenClock();
    const built = build(connect(adapter, clock), clock);
    const key = randomUUID();
    const remove = () =>
      built.app.inject({
        method: "DELETE",
        url: "/api/v1/things/7",
        headers: { "x-account": "acct-1", "idempotency-key": key },
      });
    const first = await remove();
    const again = await remove();
    expect(first.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect(built.runs.remove).toBe(1);
  });

  it.skipIf(skip)(
    "remembers an answer over the kept size without its bytes: the same request is not run again",
    async () => {
      const clock = frozenClock();
      const built = build(connect(adapter, clock), clock);
      built.answerOfSize(MAX_KEPT_ANSWER_BYTES + 1);
      const key = randomUUID();
      expect((await create(built, { key })).statusCode).toBe(201);
      const again = await create(built, { key });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: "CONFLICT",
        retryable: false,
        details: { reason: "idempotent_answer_not_kept", status: 201 },
      });
      expect((await create(built, { key, body: { other: true } })).statusCode).toBe(422);
      expect(built.runs.create).toBe(1);
    },
  );
});

describe("the in-flight mark", () => {
  it("lapses 30 s after a replica stops renewing it (a crash), and holds while it is renewed", async () => {
    const clock = frozenClock();
    const cache = connect("memory", clock);
    const timer = manualTimer();
    const crashed = build(cache, clock, timer);
    const survivor = build(cache, clock);
    const key = randomUUID();
    const held = crashed.holdNext();
    const first = create(crashed, { key });
    await held.reached;
    // Renewed every third of its life: still held past the first 30 s.
    for (let i = 0; i < 3; i++) {
      clock.advance(IN_FLIGHT_MARK_TTL_MS / 3);
      await timer.fire();
    }
    expect((await create(survivor, { key })).statusCode).toBe(409);
    // No more renewals (the replica is gone): the mark lapses and a retry runs.
    clock.advance(IN_FLIGHT_MARK_TTL_MS);
    expect((await create(survivor, { key })).statusCode).toBe(201);
    held.open();
    await first;
  });
});

describe("when the cache cannot be reached", () => {
  it("answers a request with a key 503 DEPENDENCY_UNAVAILABLE without running it, and leaves others alone", async () => {
    const clock = frozenClock();
    // Nothing listens on port 1: every command fails at once, as in a Redis outage.
    const down = createCache({ redisUrl: "redis://127.0.0.1:1", commandTimeoutMs: 200, logger });
    connections.push(down);
    const built = build(down, clock);
    const refused = await create(built, { key: randomUUID() });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe("DEPENDENCY_UNAVAILABLE");
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(built.runs.create).toBe(0);
    expect((await create(built)).statusCode).toBe(201);
    expect(built.runs.create).toBe(1);
  });
});
