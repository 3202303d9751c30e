import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

/**
 * Where one scope reaches into another resource's data, as docs/api/oauth.md ("Scope rules")
 * decides it: campaign membership is the campaign's, a QR code's short link is the code's.
 */
let api: TestLinkApi;

beforeAll(async () => {
  api = await startTestLinkApi();
});

afterAll(async () => {
  await api.close();
});

async function call(
  accountId: string,
  scopes: readonly string[],
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return api.http.inject({
    method,
    url: `/api/v1${url}`,
    headers: await api.auth(accountId, scopes),
    payload,
  });
}

describe("scope rules", () => {
  it("campaign:write alone moves any of the account's links between campaigns, and changes nothing else of a link", async () => {
    const account = randomUUID();
    const all = ["shorturl:create", "shorturl:read", "campaign:write", "campaign:read"];
    const spring = (await call(account, all, "POST", "/campaigns", { name: "Spring" })).json().campaign;
    const autumn = (await call(account, all, "POST", "/campaigns", { name: "Autumn" })).json().campaign;
    const link = (
      await call(account, all, "POST", "/urls", { url: "https://example.com/a", campaign_id: spring.id })
    ).json().url;

    const campaignOnly = ["campaign:write"] as const;
    const moved = await call(account, campaignOnly, "POST", `/campaigns/${autumn.id}/urls`, {
      shortCode: link.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().url.campaignId).toBe(autumn.id);
    const springLinks = (await call(account, all, "GET", `/campaigns/${spring.id}/urls`)).json().urls;
    expect(springLinks).toHaveLength(0);

    // The link's own settings stay shorturl:update's, campaign included through the link's route.
    const edit = await call(account, campaignOnly, "PATCH", `/urls/${link.id}`, {
      url: "https://example.com/b",
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().required_scope).toBe("shorturl:update");
    const back = await call(account, ["shorturl:update"], "PATCH", `/urls/${link.id}`, {
      campaign_id: spring.id,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().url.campaignId).toBe(spring.id);

    // Another account's link is not reachable with any scope.
    const foreign = (await call(randomUUID(), all, "POST", "/urls", { url: "https://example.com/x" })).json()
      .url;
    const refused = await call(account, campaignOnly, "POST", `/campaigns/${autumn.id}/urls`, {
      shortCode: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("qrcode:create alone makes a dynamic code with its short link, but no link on its own", async () => {
    const account = randomUUID();
    const qrOnly = ["qrcode:create"] as const;
    const created = await call(account, qrOnly, "POST", "/qr", {
      content: "https://example.com/menu",
      dynamic: true,
    });
    expect(created.statusCode).toBe(201);
    const qr = created.json().qrCode;
    const resolved = await api.links.resolve({ host: "localhost", code: qr.shortCode });
    expect(resolved.link).toMatchObject({ qr: true, destinationUrl: "https://example.com/menu" });

    const plain = await call(account, qrOnly, "POST", "/urls", { url: "https://example.com/menu" });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().required_scope).toBe("shorturl:create");
    // The code's link is the code's: it is not deleted apart from it.
    const removed = await call(account, ["shorturl:delete"], "DELETE", `/urls/${qr.shortCode}`);
    expect(removed.statusCode).toBe(409);
  });
});
