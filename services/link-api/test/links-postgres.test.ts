import { randomUUID } from "node:crypto";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

const backend = await postgresBackend();

describe.skipIf(!backend.available)("links on PostgreSQL", () => {
  let database: TestDatabase;
  let api: TestLinkApi;
  const LIMITED = "pg-limited";

  beforeAll(async () => {
    if (!backend.available) return;
    database = await createTestDatabase(backend.value.adminUrl, "kurz_test_link_api");
    api = await startTestLinkApi({
      databaseUrl: database.url,
      plans: { plans: { [LIMITED]: realPlan("free", { maxLinks: 3 }) } },
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  async function create(accountId: string, body: object) {
    return api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(accountId),
      payload: body,
    });
  }

  it("lets exactly one of several concurrent creates of one alias succeed; the others get 409 ALIAS_EXISTS", async () => {
    const alias = `pg-race-${randomUUID().slice(0, 8)}`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(randomUUID(), { url: `https://s${i}.example.com`, customAlias: alias }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ success: false, code: "ALIAS_EXISTS" });
    }
  });

  it("never lets concurrent creates exceed the plan's maximum", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(LIMITED, { url: "https://example.com" })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(3);
  });

  it("resolves what it created", async () => {
    const created = (await create(randomUUID(), { url: "https://example.com/pg" })).json().url;
    const resolved = await api.links.resolve({ host: "localhost", code: created.id });
    expect(resolved).toMatchObject({ found: true, link: { destinationUrl: "https://example.com/pg" } });
  });
});
