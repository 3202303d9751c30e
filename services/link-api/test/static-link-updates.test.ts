import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// Static links answer 301, which browsers cache: once a visitor followed one, changing its
// destination on the server no longer reaches that visitor. Only links created dynamic may move.

let api: TestLinkApi;

beforeAll(async () => {
  api = await startTestLinkApi();
});

afterAll(async () => {
  await api.close();
});

async function createStatic(accountId: string, url = "https://example.com/old") {
  const response = await api.http.inject({
    method: "POST",
    url: "/api/v1/urls",
    headers: await api.auth(accountId),
    payload: { url },
  });
  expect(response.statusCode).toBe(201);
  return response.json().url as { id: string; linkId: string };
}

async function patch(accountId: string, code: string, payload: object) {
  return api.http.inject({
    method: "PATCH",
    url: `/api/v1/urls/${code}`,
    headers: await api.auth(accountId),
    payload,
  });
}

describe("updating a static link over REST", () => {
  it("refuses a new destination sent together with is_dynamic true, saying why, and keeps the link as it was", async () => {
    const account = randomUUID();
    const link = await createStatic(account);

    const refused = await patch(account, link.id, { is_dynamic: true, url: "https://example.com/new" });

    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body).toMatchObject({ success: false, code: "INVALID_STATE", details: { reason: "static_link" } });
    expect(body.error).toMatch(/301/);
    expect(body.error).toMatch(/cache/);
    expect(body.error).toMatch(/new link/);
    expect(body.error).toMatch(/is_dynamic true/);
    const resolved = await api.links.resolve({ host: "localhost", code: link.id });
    expect(resolved.link).toMatchObject({ destinationUrl: "https://example.com/old", dynamic: false });
  });

  it("refuses UTM changes sent together with is_dynamic true", async () => {
    const account = randomUUID();
    const link = await createStatic(account);

    const refused = await patch(account, link.id, { is_dynamic: true, utm_source: "ads" });

    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("INVALID_STATE");
  });

  it("refuses turning a static link dynamic on its own, so a second request cannot move it either", async () => {
    const account = randomUUID();
    const link = await createStatic(account);

    const refused = await patch(account, link.id, { is_dynamic: true });

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "INVALID_STATE",
      details: { field: "is_dynamic", reason: "static_link" },
    });
    expect((await patch(account, link.id, { url: "https://example.com/new" })).statusCode).toBe(409);
  });

  it("still lets a static link change what does not touch its destination", async () => {
    const account = randomUUID();
    const link = await createStatic(account);

    const renamed = await patch(account, link.id, { name: "Renamed", is_dynamic: false });

    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().url).toMatchObject({ name: "Renamed", isDynamic: false });
  });

  it("lets a dynamic link take a new destination and become static in one request", async () => {
    const account = randomUUID();
    const created = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(account),
      payload: { url: "https://example.com/old", is_dynamic: true },
    });
    const code = created.json().url.id;

    const settled = await patch(account, code, { url: "https://example.com/final", is_dynamic: false });

    expect(settled.statusCode).toBe(200);
    expect(settled.json().url).toMatchObject({ originalUrl: "https://example.com/final", isDynamic: false });
  });
});

describe("updating a static link over gRPC", () => {
  it("refuses UpdateLink with a new url and is_dynamic true", async () => {
    const accountId = randomUUID();
    const link = await createStatic(accountId);

    await expect(
      api.links.updateLink(
        { shortCode: link.id, url: "https://example.com/new", isDynamic: true },
        { accountId },
      ),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(
      api.links.updateLink({ shortCode: link.id, isDynamic: true }, { accountId }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    const { link: stored } = await api.links.getLink({ shortCode: link.id }, { accountId });
    expect(stored).toMatchObject({ originalUrl: "https://example.com/old", dynamic: false });
  });
});
