import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// A link reference is a code, an alias or a link id. An alias may look exactly like a UUID
// (its format allows 36 characters of hex and dashes), so the code is tried before the id.

let api: TestLinkApi;

beforeAll(async () => {
  api = await startTestLinkApi();
});

afterAll(async () => {
  await api.close();
});

async function createWithUuidAlias(accountId: string) {
  const alias = randomUUID();
  const response = await api.http.inject({
    method: "POST",
    url: "/api/v1/urls",
    headers: await api.auth(accountId),
    payload: { url: "https://example.com/uuid-alias", customAlias: alias, is_dynamic: true },
  });
  expect(response.statusCode).toBe(201);
  const url = response.json().url as { id: string; linkId: string };
  expect(url.id).toBe(alias);
  return url;
}

describe("a link whose custom alias is shaped like a UUID, over REST", () => {
  it("is read, updated and deleted by its alias", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const link = await createWithUuidAlias(account);

    const read = await api.http.inject({ method: "GET", url: `/api/v1/urls/${link.id}`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().url.linkId).toBe(link.linkId);

    const updated = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/short-urls/${link.id}`,
      headers,
      payload: { name: "Found by alias" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().url).toMatchObject({ linkId: link.linkId, name: "Found by alias" });

    const deleted = await api.http.inject({ method: "DELETE", url: `/api/v1/urls/${link.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().url.linkId).toBe(link.linkId);
    const gone = await api.http.inject({ method: "GET", url: `/api/v1/urls/${link.linkId}`, headers });
    expect(gone.statusCode).toBe(404);
  });

  it("is still read, updated and deleted by its id", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const link = await createWithUuidAlias(account);

    const read = await api.http.inject({ method: "GET", url: `/api/v1/urls/${link.linkId}`, headers });
    expect(read.json().url.id).toBe(link.id);
    const updated = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${link.linkId}`,
      headers,
      payload: { name: "Found by id" },
    });
    expect(updated.json().url).toMatchObject({ id: link.id, name: "Found by id" });
    const deleted = await api.http.inject({ method: "DELETE", url: `/api/v1/urls/${link.linkId}`, headers });
    expect(deleted.statusCode).toBe(200);
  });

  it("wins over another link of the account whose id equals the alias", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const first = (
      await api.http.inject({
        method: "POST",
        url: "/api/v1/urls",
        headers,
        payload: { url: "https://example.com/first" },
      })
    ).json().url;
    // The second link's alias is the first link's id: the code is tried first.
    const second = (
      await api.http.inject({
        method: "POST",
        url: "/api/v1/urls",
        headers,
        payload: { url: "https://example.com/second", customAlias: first.linkId },
      })
    ).json().url;

    const read = await api.http.inject({ method: "GET", url: `/api/v1/urls/${first.linkId}`, headers });

    expect(read.json().url.linkId).toBe(second.linkId);
  });

  it("is assigned to a campaign and removed from it by its alias", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const link = await createWithUuidAlias(account);
    const campaign = (await api.campaigns.createCampaign({ name: "By alias" }, { accountId: account }))
      .campaign!;

    const assigned = await api.http.inject({
      method: "POST",
      url: `/api/v1/campaigns/${campaign.id}/urls`,
      headers,
      payload: { shortCode: link.id },
    });
    expect(assigned.statusCode).toBe(200);
    const removed = await api.http.inject({
      method: "DELETE",
      url: `/api/v1/campaigns/${campaign.id}/urls/${link.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe("a link whose custom alias is shaped like a UUID, over gRPC", () => {
  it("is got, updated and deleted by its alias, and got by its id", async () => {
    const accountId = randomUUID();
    const link = await createWithUuidAlias(accountId);

    expect((await api.links.getLink({ shortCode: link.id }, { accountId })).link?.id).toBe(link.linkId);
    expect((await api.links.getLink({ shortCode: link.linkId }, { accountId })).link?.code).toBe(link.id);
    const updated = await api.links.updateLink({ shortCode: link.id, name: "gRPC" }, { accountId });
    expect(updated.link).toMatchObject({ id: link.linkId, name: "gRPC" });
    const deleted = await api.links.deleteLink({ shortCode: link.id }, { accountId });
    expect(deleted.link?.id).toBe(link.linkId);
  });
});
