import { randomBytes } from "node:crypto";
import {
  createTestDatabase,
  isolatedRedisEnv,
  postgresBackend,
  redisBackend,
  type TestDatabase,
} from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./support/browser";
import {
  getAccountWith,
  postToken,
  type RegisteredClient,
  registerClient,
  tokensFor,
} from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const postgres = await postgresBackend();
const redis = await redisBackend();
const available = postgres.available && redis.available;

describe.skipIf(!available)("auth-server on PostgreSQL and Redis", () => {
  // Redis is shared between runs: unique emails keep throttling buckets apart.
  const run = randomBytes(4).toString("hex");
  const email = `pg-${run}@example.com`;
  const password = "a long enough password";
  let database: TestDatabase;
  let server: TestAuthServer;
  let browser: Browser;
  let client: RegisteredClient;

  beforeAll(async () => {
    if (!postgres.available || !redis.available) return;
    database = await createTestDatabase(postgres.value.adminUrl, "auth_server");
    server = await startTestAuthServer({
      DATABASE_URL: database.url,
      ...isolatedRedisEnv(redis.value.url),
      LOGIN_FAILURES_PER_ACCOUNT: "2",
    });
    browser = new Browser(server.url);
    expect((await browser.signUp(email, password)).status).toBe(303);
    client = await registerClient(server.url);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const refresh = (token: string) =>
    postToken(server.url, {
      grant_type: "refresh_token",
      refresh_token: token,
      client_id: client.client_id,
      client_secret: client.client_secret ?? "",
    });

  it("issues, refreshes and serves tokens", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    expect((await getAccountWith(server.url, tokens.access_token)).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("lets exactly one of two concurrent refreshes of one token win, and revokes the family", async () => {
    const tokens = await tokensFor(server.url, browser, client);
    const results = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200)?.body as {
      refresh_token: string;
      access_token: string;
    };
    // The loser's attempt counts as reuse: the winner's tokens are revoked too.
    expect((await refresh(winner.refresh_token)).body.error).toBe("invalid_grant");
    expect((await getAccountWith(server.url, winner.access_token)).status).toBe(401);
  });

  it("throttles failed log-ins through Redis", async () => {
    const other = new Browser(server.url, { "x-forwarded-for": `10.9.${run.length}.1` });
    expect((await other.logIn(email, "wrong")).status).toBe(401);
    expect((await other.logIn(email, "wrong")).status).toBe(401);
    const locked = await other.logIn(email, password);
    expect(locked.status).toBe(429);
    // The lock ends on the service's clock, though Redis keeps its key for the real time: a second
    // before the end it names it still holds, at the end the right password logs in.
    const retryAfterSec = Number(locked.headers.get("retry-after"));
    expect(retryAfterSec).toBeGreaterThan(1);
    server.clock.advance(retryAfterSec * 1000 - 1_000);
    expect((await other.logIn(email, password)).status).toBe(429);
    server.clock.advance(1_000);
    expect((await other.logIn(email, password)).status).toBe(303);
  });
});
