import { randomUUID } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links } from "../src/db/schema";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;

beforeAll(async () => {
  api = await startTestLinkApi();
});

afterAll(async () => {
  await api.close();
});

async function call(accountId: string, method: "GET" | "POST", url: string, payload?: object) {
  return api.http.inject({
    method,
    url,
    headers: await api.auth(accountId),
    ...(payload ? { payload } : {}),
  });
}

async function createLink(accountId: string, body: object) {
  const response = await call(accountId, "POST", "/api/v1/urls", body);
  expect(response.statusCode).toBe(201);
  return response.json().url;
}

/** The account's links as the list route shows them (at most 100), by code. */
async function listed(accountId: string, query = "") {
  const response = await call(accountId, "GET", `/api/v1/urls?limit=100${query}`);
  expect(response.statusCode).toBe(200);
  return new Map<string, Record<string, unknown>>(
    response.json().urls.map((url: { shortCode: string }) => [url.shortCode, url]),
  );
}

function parseCsv(body: string): Record<string, string>[] {
  return parse(body, { columns: true, record_delimiter: "\r\n", relax_column_count: false });
}

const TRICKY_NAME = 'Sale, "big" one\nsecond line ü 日本 🎉';

describe("exporting links", () => {
  it("streams CSV that parses back to exactly what is stored, formulas prefixed with '", async () => {
    const account = randomUUID();
    const campaign = (await call(account, "POST", "/api/v1/campaigns", { name: "Spring, 2026" })).json()
      .campaign;
    const plain = await createLink(account, {
      url: "https://example.com/a?x=1",
      name: "plain",
      tags: ["promo", "Big Sale"],
      campaign_id: campaign.id,
      utm_source: "news",
      max_clicks: 10,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      rules: [
        {
          id: "de",
          destination_url: "https://example.com/de",
          conditions: [{ type: "country", values: ["DE"] }],
        },
      ],
      ios_url: "https://apps.example.com/ios/a",
      android_url: "https://apps.example.com/android/a",
      og_title: "Plain, the card",
      og_description: "=not a formula",
      og_image: "https://example.com/card.png",
    });
    const formula = await createLink(account, { url: "https://example.com/b", name: "=cmd()" });
    const minus = await createLink(account, { url: "https://example.com/c", name: "-1+2" });
    const tricky = await createLink(account, { url: "https://example.com/d" });
    // The API refuses control characters in names; a stored one (older data) still exports whole.
    await api.db.update(links).set({ name: TRICKY_NAME }).where(eq(links.id, tricky.linkId));

    const response = await call(account, "GET", "/api/v1/urls/export?format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="kurz-links-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith("code,short_url,domain,destination_url,")).toBe(true);
    expect(response.body.endsWith("\r\n")).toBe(true);

    const records = parseCsv(response.body);
    expect(records.map((r) => r.code)).toEqual([plain.id, formula.id, minus.id, tricky.id]);
    const views = await listed(account);
    const byCode = new Map(records.map((r) => [r.code, r]));
    expect(byCode.get(formula.id)?.name).toBe("'=cmd()");
    expect(byCode.get(minus.id)?.name).toBe("'-1+2");
    expect(byCode.get(tricky.id)?.name).toBe(TRICKY_NAME);
    const first = byCode.get(plain.id);
    const view = views.get(plain.id) as Record<string, never>;
    expect(first).toEqual({
      code: plain.id,
      short_url: view.shortUrl,
      domain: view.domain,
      destination_url: view.destinationUrl,
      original_url: view.originalUrl,
      name: "plain",
      tags: "promo,big sale",
      campaign_id: campaign.id,
      campaign_name: "Spring, 2026",
      url_type: "standard",
      custom_alias: "false",
      is_dynamic: "false",
      tracking_enabled: "true",
      conversion_tracking: "false",
      password_protected: "false",
      qr: "false",
      utm_source: "news",
      utm_medium: "",
      utm_campaign: "",
      utm_term: "",
      utm_content: "",
      expires_at: view.expiresAt,
      max_clicks: "10",
      expired_url: "",
      rule_count: "1",
      ios_url: "https://apps.example.com/ios/a",
      android_url: "https://apps.example.com/android/a",
      og_title: "Plain, the card",
      og_description: "'=not a formula",
      og_image: "https://example.com/card.png",
      clicks: "0",
      created_at: view.createdAt,
      updated_at: view.updatedAt,
      link_id: plain.linkId,
    });
    expect(byCode.get(tricky.id)?.campaign_name).toBe("");
  });

  it("streams JSON lines holding the REST view of each link and its campaign's name", async () => {
    const account = randomUUID();
    const a = await createLink(account, { url: "https://example.com/1", name: "=x", tags: ["t"] });
    const b = await createLink(account, { url: "https://example.com/2" });
    const response = await call(account, "GET", "/api/v1/short-urls/export?format=jsonl");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/x-ndjson");
    expect(response.headers["content-disposition"]).toMatch(/filename="kurz-links-[\d-]+\.jsonl"/);
    const lines = response.body.split("\n");
    expect(lines.pop()).toBe("");
    const objects = lines.map((line) => JSON.parse(line));
    const views = await listed(account);
    expect(objects).toEqual([
      { ...views.get(a.id), campaignName: "" },
      { ...views.get(b.id), campaignName: "" },
    ]);
    // JSON needs no formula prefix: the value is the stored one.
    expect(objects[0].name).toBe("=x");
  });

  it("applies the list route's filters", async () => {
    const account = randomUUID();
    const tagged = await createLink(account, { url: "https://example.com/t", tags: ["keep"], name: "alpha" });
    const other = await createLink(account, { url: "https://example.com/o", name: "beta" });
    const codes = async (query: string) => {
      const response = await call(account, "GET", `/api/v1/urls/export?${query}`);
      expect(response.statusCode).toBe(200);
      return parseCsv(response.body).map((r) => r.code);
    };
    expect(await codes("tag=keep")).toEqual([tagged.id]);
    expect(await codes("search=bet")).toEqual([other.id]);
    expect(await codes("domain=localhost")).toEqual([tagged.id, other.id]);
    expect(await codes("domain=elsewhere.example")).toEqual([]);
    expect(await codes(`campaign_id=${randomUUID()}`)).toEqual([]);
  });

  it("exports only the calling account's links, and a header row for none", async () => {
    const account = randomUUID();
    await createLink(randomUUID(), { url: "https://example.com/foreign" });
    const response = await call(account, "GET", "/api/v1/urls/export");
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body)).toEqual([]);
    expect(response.body.split("\r\n")[0]?.split(",")[0]).toBe("code");
  });

  it("answers 401 without a token, 403 without shorturl:read, 400 for an unknown format", async () => {
    const account = randomUUID();
    const anonymous = await api.http.inject({ method: "GET", url: "/api/v1/urls/export" });
    expect(anonymous.statusCode).toBe(401);
    const narrow = await api.http.inject({
      method: "GET",
      url: "/api/v1/urls/export",
      headers: await api.auth(account, ["shorturl:create"]),
    });
    expect(narrow.statusCode).toBe(403);
    expect(narrow.headers["content-type"]).toMatch(/application\/json/);
    const bad = await call(account, "GET", "/api/v1/urls/export?format=xlsx");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
  });

  it("cannot be taken as a custom alias, so no link shadows the export", async () => {
    const account = randomUUID();
    const response = await call(account, "POST", "/api/v1/urls", {
      url: "https://example.com/x",
      customAlias: "export",
    });
    expect(response.statusCode).toBe(400);
  });

  it("streams 5,000 links in pages, every one once, in creation order", async () => {
    const account = randomUUID();
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: randomUUID(),
      accountId: account,
      host: "localhost",
      code: `exp${i.toString(36).padStart(5, "0")}`,
      urlType: "standard" as const,
      originalUrl: `https://example.com/${i}`,
      destinationUrl: `https://example.com/${i}`,
      name: `link ${i}`,
      // Many links share a creation instant: the cursor must break ties by id.
      createdAt: new Date(base + Math.floor(i / 7)),
    }));
    for (let i = 0; i < rows.length; i += 1_000) await api.db.insert(links).values(rows.slice(i, i + 1_000));
    const response = await call(account, "GET", "/api/v1/urls/export?format=csv");
    expect(response.statusCode).toBe(200);
    const records = parseCsv(response.body);
    expect(records).toHaveLength(5_000);
    expect(new Set(records.map((r) => r.link_id)).size).toBe(5_000);
    const expected = [...rows]
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1))
      .map((r) => r.code);
    expect(records.map((r) => r.code)).toEqual(expected);
    const stored = await api.db
      .select({ id: links.id })
      .from(links)
      .where(and(eq(links.accountId, account)));
    expect(stored).toHaveLength(5_000);
  });
  it("aborts the response when the database fails mid-stream: never a shorter file that looks complete", async () => {
    const account = randomUUID();
    // 12 pages of ~2 MB: far more than the socket buffers hold while the client does not read.
    const long = "x".repeat(2_000);
    for (let page = 0; page < 12; page++) {
      await api.db.insert(links).values(
        Array.from({ length: 1_000 }, (_, i) => ({
          id: randomUUID(),
          accountId: account,
          host: "localhost",
          code: `abt${page}x${i}`,
          urlType: "standard" as const,
          originalUrl: "https://example.com/",
          destinationUrl: "https://example.com/",
          name: long,
        })),
      );
    }
    await api.http.listen({ port: 0, host: "127.0.0.1" });
    const { port } = api.http.server.address() as AddressInfo;
    const headers = await api.auth(account);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port, path: "/api/v1/urls/export", headers }, resolve)
        .on("error", reject)
        .end();
    });
    expect(response.statusCode).toBe(200);
    // The first bytes are in; the client stops reading, the database then fails the next page.
    await new Promise((resolve) => response.once("data", resolve));
    response.pause();
    await api.db.execute(sql`ALTER TABLE campaigns RENAME TO campaigns_away`);
    try {
      let bytes = 0;
      const ended = await new Promise<{ complete: boolean; error?: string }>((resolve) => {
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("error", (error) => resolve({ complete: response.complete, error: error.message }));
        response.on("close", () => resolve({ complete: response.complete }));
        response.resume();
      });
      expect(ended.complete).toBe(false);
      expect(bytes).toBeLessThan(12 * 1_000 * long.length);
    } finally {
      await api.db.execute(sql`ALTER TABLE campaigns_away RENAME TO campaigns`);
    }
  });
});
