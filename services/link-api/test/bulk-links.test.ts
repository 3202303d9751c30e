import { randomUUID } from "node:crypto";
import { TestClock } from "@kurz/clock";
import { createTestDatabase, postgresBackend, type TestDatabase, waitFor } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links } from "../src/db/schema";
import { insertRandomCodeBatch } from "../src/links/insert-random-code-batch";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

const backend = await postgresBackend();
const LIMITED = "bulk-limited";
const THROTTLED = "bulk-throttled";

interface ItemResult {
  index: number;
  success: boolean;
  url?: { id: string; originalUrl: string; name: string; tags: string[] };
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

describe.skipIf(!backend.available)("bulk create, update and delete (PostgreSQL)", () => {
  let database: TestDatabase;
  let api: TestLinkApi;
  const clock = new TestClock();

  beforeAll(async () => {
    if (!backend.available) return;
    database = await createTestDatabase(backend.value.adminUrl, "kurz_test_link_api_bulk");
    api = await startTestLinkApi({
      databaseUrl: database.url,
      clock,
      plans: {
        plans: {
          [LIMITED]: realPlan("free", { maxLinks: 5 }),
          [THROTTLED]: realPlan("free", { restRequestsPerMinute: 10 }),
        },
      },
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  async function call(method: "POST" | "PATCH" | "DELETE", accountId: string, payload: object) {
    return api.http.inject({
      method,
      url: "/api/v1/urls/bulk",
      headers: await api.auth(accountId),
      payload,
    });
  }

  async function linkCount(accountId: string): Promise<number> {
    const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
    return row?.n ?? 0;
  }

  it("creates 997 of 1,000 links and answers the 3 bad items at their indexes, in request order", async () => {
    const account = randomUUID();
    const alias = `bulk-${randomUUID().slice(0, 8)}`;
    const urls: object[] = Array.from({ length: 1_000 }, (_, i) => ({
      url: `https://example.com/item/${i}`,
      name: `Item ${i}`,
      tags: ["import", i % 2 ? "odd" : "even"],
    }));
    urls[10] = { url: "not a url" };
    urls[400] = { url: "https://example.com/a", customAlias: alias };
    urls[500] = { url: "https://example.com/b", customAlias: alias };
    urls[999] = { url: "http://169.254.169.254/latest/meta-data" };
    const response = await call("POST", account, { urls });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; results: ItemResult[] };
    expect(body.success).toBe(true);
    expect(body.results.map((r) => r.index)).toEqual(urls.map((_, i) => i));
    const failed = body.results.filter((r) => !r.success);
    expect(failed.map((r) => [r.index, r.error?.code])).toEqual([
      [10, "VALIDATION_ERROR"],
      [500, "ALIAS_EXISTS"],
      [999, "VALIDATION_ERROR"],
    ]);
    expect(failed[0]?.error?.details).toMatchObject({ issues: [{ path: "/url" }] });
    expect(body.results[400]?.url?.id).toBe(alias);
    expect(body.results[7]?.url).toMatchObject({
      originalUrl: "https://example.com/item/7",
      name: "Item 7",
      tags: ["import", "odd"],
    });
    expect(await linkCount(account)).toBe(997);
    // One link.created per link made, published after the one commit.
    await waitFor(
      () =>
        api.events.filter((e) => e.envelope.type === "link.created" && e.envelope.accountId === account)
          .length,
      { until: (n) => n === 997, what: "997 link.created events" },
    );
  });

  it("makes the items within the plan's link limit and refuses the rest with QUOTA_EXCEEDED", async () => {
    const first = await call("POST", LIMITED, {
      urls: [{ url: "https://example.com/1" }, { url: "https://example.com/2" }],
    });
    expect(first.statusCode).toBe(200);
    const response = await call("POST", LIMITED, {
      urls: Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/more/${i}` })),
    });
    const results = (response.json() as { results: ItemResult[] }).results;
    expect(results.map((r) => (r.success ? "made" : r.error?.code))).toEqual([
      "made",
      "made",
      "made",
      "QUOTA_EXCEEDED",
      "QUOTA_EXCEEDED",
      "QUOTA_EXCEEDED",
    ]);
    expect(await linkCount(LIMITED)).toBe(5);
  });

  it("refuses more than 1,000 items (or none) with 400 before anything is made", async () => {
    const account = randomUUID();
    const many = await call("POST", account, {
      urls: Array.from({ length: 1_001 }, (_, i) => ({ url: `https://example.com/${i}` })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect((await call("POST", account, { urls: [] })).statusCode).toBe(400);
    expect(
      (await call("DELETE", account, { codes: Array.from({ length: 1_001 }, () => "x") })).statusCode,
    ).toBe(400);
    expect(await linkCount(account)).toBe(0);
  });

  it("counts a bulk call's items in the plan's rate window; a refused call spends nothing", async () => {
    const urls = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ url: `https://example.com/rate/${i}` }));
    const four = await call("POST", THROTTLED, { urls: urls(4) });
    expect(four.statusCode).toBe(200);
    expect(four.headers.ratelimit).toMatch(/r=6;/);
    const eight = await call("POST", THROTTLED, { urls: urls(8) });
    expect(eight.statusCode).toBe(429);
    expect(eight.json()).toMatchObject({ code: "PLAN_LIMIT_EXCEEDED", retryable: true });
    // The refused eight were given back: six still fit.
    const six = await call("POST", THROTTLED, { urls: urls(6) });
    expect(six.statusCode).toBe(200);
    expect(six.headers.ratelimit).toMatch(/r=0;/);

    clock.advance(61_000);
    const eleven = await call("POST", THROTTLED, { urls: urls(11) });
    expect(eleven.statusCode).toBe(429);
    expect(eleven.headers["retry-after"]).toBeUndefined();
    expect(eleven.json()).toMatchObject({
      code: "PLAN_LIMIT_EXCEEDED",
      retryable: false,
      hint: "Send at most 10 items per call",
      details: { cost: 11, limit: 10 },
    });
    expect((await call("POST", THROTTLED, { urls: urls(10) })).statusCode).toBe(200);
    expect(await linkCount(THROTTLED)).toBe(20);
  });

  it("updates and deletes in bulk, each item on its own", async () => {
    const account = randomUUID();
    const made = (
      (
        await call("POST", account, {
          urls: [
            { url: "https://example.com/u1", is_dynamic: true },
            { url: "https://example.com/u2" },
            { url: "https://example.com/u3" },
          ],
        })
      ).json() as { results: ItemResult[] }
    ).results.map((r) => r.url!.id);

    const updated = await call("PATCH", account, {
      updates: [
        { code: made[0], url: "https://example.com/u1-new", tags: ["moved"] },
        { code: "no-such-code" },
        { code: made[1], url: "https://example.com/static-changes" },
        { code: made[2], name: "Third", bogus: 1 },
        { code: made[2], name: "Third" },
      ],
    });
    expect(updated.statusCode).toBe(200);
    const results = (updated.json() as { results: ItemResult[] }).results;
    expect(results.map((r) => (r.success ? "ok" : r.error?.code))).toEqual([
      "ok",
      "URL_NOT_FOUND",
      "INVALID_STATE",
      "VALIDATION_ERROR",
      "ok",
    ]);
    expect(results[0]?.url).toMatchObject({ originalUrl: "https://example.com/u1-new", tags: ["moved"] });
    expect(results[4]?.url?.name).toBe("Third");

    const deleted = await call("DELETE", account, {
      codes: [made[0], { code: made[1], domain: "localhost" }, "no-such-code", made[0]],
    });
    expect(deleted.statusCode).toBe(200);
    const gone = (deleted.json() as { results: ItemResult[] }).results;
    expect(gone.map((r) => (r.success ? r.url?.id : r.error?.code))).toEqual([
      made[0],
      made[1],
      "URL_NOT_FOUND",
      "URL_NOT_FOUND",
    ]);
    expect(await linkCount(account)).toBe(1);
  });

  it("does not let one account's bulk call touch another's links", async () => {
    const owner = randomUUID();
    const code = (
      (await call("POST", owner, { urls: [{ url: "https://example.com/mine" }] })).json() as {
        results: ItemResult[];
      }
    ).results[0]!.url!.id;
    const intruder = randomUUID();
    const update = await call("PATCH", intruder, { updates: [{ code, name: "stolen" }] });
    expect((update.json() as { results: ItemResult[] }).results[0]?.error?.code).toBe("URL_NOT_FOUND");
    const remove = await call("DELETE", intruder, { codes: [code] });
    expect((remove.json() as { results: ItemResult[] }).results[0]?.error?.code).toBe("URL_NOT_FOUND");
    expect(await linkCount(owner)).toBe(1);
  });

  it("answers the same over gRPC: per item, in request order, refused whole beyond 1,000", async () => {
    const account = randomUUID();
    const created = await api.links.bulkCreateLinks(
      {
        links: [
          { url: "https://example.com/g1", tags: ["g"] },
          { url: "ftp://example.com/" },
          { url: "https://example.com/g3" },
        ],
      },
      { accountId: account },
    );
    expect(created.results.map((r) => [r.index, r.link?.originalUrl ?? r.error?.code])).toEqual([
      [0, "https://example.com/g1"],
      [1, "VALIDATION_ERROR"],
      [2, "https://example.com/g3"],
    ]);
    expect(JSON.parse(created.results[1]!.error!.detailsJson)).toMatchObject({ issues: [{ path: "/url" }] });
    const code = created.results[0]!.link!.code;

    const updated = await api.links.bulkUpdateLinks(
      { updates: [{ shortCode: code, name: "Renamed" }, { shortCode: "nope-nope" }] },
      { accountId: account },
    );
    expect(updated.results.map((r) => r.link?.name ?? r.error?.code)).toEqual(["Renamed", "URL_NOT_FOUND"]);

    const deleted = await api.links.bulkDeleteLinks(
      { links: [{ shortCode: code }, { shortCode: code }] },
      { accountId: account },
    );
    expect(deleted.results.map((r) => r.link?.code ?? r.error?.code)).toEqual([code, "URL_NOT_FOUND"]);
    expect(await linkCount(account)).toBe(1);

    await expect(
      api.links.bulkCreateLinks(
        { links: Array.from({ length: 1_001 }, (_, i) => ({ url: `https://example.com/${i}` })) },
        { accountId: account },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await linkCount(account)).toBe(1);
  });

  it("never gives a batch-inserted link a code a deleted link or another link holds", async () => {
    const account = randomUUID();
    const made = (
      (
        await call("POST", account, {
          urls: [{ url: "https://example.com/kept" }, { url: "https://example.com/deleted" }],
        })
      ).json() as { results: ItemResult[] }
    ).results.map((r) => r.url!.id);
    await call("DELETE", account, { codes: [made[1]] });
    const values = {
      accountId: account,
      host: "localhost",
      urlType: "standard" as const,
      originalUrl: "https://example.com/new",
      destinationUrl: "https://example.com/new",
    };
    // The drawn codes are the live link's and the deleted link's (its tombstone holds it).
    const draws = [made[0]!, made[1]!];
    const rows = await api.db.transaction((tx) =>
      insertRandomCodeBatch(tx, [values, values], () => draws.shift() ?? "unused"),
    );
    expect(rows.map((row) => row?.code)).not.toContain(made[0]);
    expect(rows.map((row) => row?.code)).not.toContain(made[1]);
    expect(rows.every((row) => row !== undefined && /^[0-9A-Za-z]{7,}$/.test(row.code))).toBe(true);
    expect(await linkCount(account)).toBe(3);
  });
});
