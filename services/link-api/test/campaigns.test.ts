import { randomUUID } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { campaignsV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns } from "../src/db/schema";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;
const LIMITED = "campaign-limited";

beforeAll(async () => {
  api = await startTestLinkApi({ plans: { plans: { [LIMITED]: realPlan("free", { maxCampaigns: 1 }) } } });
});

afterAll(async () => {
  await api.close();
});

async function call(
  accountId: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return api.http.inject({ method, url: `/api/v1${url}`, headers: await api.auth(accountId), payload });
}

async function campaignCount(accountId: string): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(campaigns).where(eq(campaigns.accountId, accountId));
  return row?.n ?? 0;
}

describe("campaigns over REST", () => {
  it("creates, reads, lists, updates and deletes a campaign", async () => {
    const account = randomUUID();
    const created = await call(account, "POST", "/campaigns", {
      name: " Spring 2026 ",
      description: "Seasonal",
      tags: ["Seasonal", "seasonal"],
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json().campaign;
    expect(campaign).toMatchObject({
      name: "Spring 2026",
      description: "Seasonal",
      tags: ["seasonal"],
      linkCount: 0,
    });
    expect(campaign.id).toMatch(/^[0-9a-f-]{36}$/);

    expect((await call(account, "GET", `/campaigns/${campaign.id}`)).json().campaign.name).toBe(
      "Spring 2026",
    );
    await call(account, "POST", "/campaigns", { name: "Autumn" });
    const listed = (await call(account, "GET", "/campaigns?limit=1")).json();
    expect(listed.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect((await call(account, "GET", "/campaigns?search=autu")).json().campaigns).toHaveLength(1);

    const updated = await call(account, "PATCH", `/campaigns/${campaign.id}`, { description: "", tags: [] });
    expect(updated.json().campaign).toMatchObject({ description: "", tags: [], name: "Spring 2026" });

    expect((await call(account, "DELETE", `/campaigns/${campaign.id}`)).statusCode).toBe(200);
    expect((await call(account, "GET", `/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });

  const badInputs: Array<[string, object]> = [
    ["no name", {}],
    ["an empty name", { name: "  " }],
    ["a name of 101 characters", { name: "n".repeat(101) }],
    ["a description of 1001 characters", { name: "ok", description: "d".repeat(1001) }],
    ["tags that are not strings", { name: "ok", tags: [1] }],
    ["more than 20 tags", { name: "ok", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ["an unknown field", { name: "ok", budget: 5 }],
  ];

  it.each(badInputs)("refuses %s with 400 VALIDATION_ERROR and stores nothing", async (_label, body) => {
    const account = randomUUID();
    const response = await call(account, "POST", "/campaigns", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_ERROR");
    expect(await campaignCount(account)).toBe(0);
  });

  it("refuses a second campaign of the same name (any case) with 409 CONFLICT", async () => {
    const account = randomUUID();
    await call(account, "POST", "/campaigns", { name: "Launch" });
    const response = await call(account, "POST", "/campaigns", { name: "LAUNCH" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("CONFLICT");
    const other = await call(account, "POST", "/campaigns", { name: "Other" });
    const rename = await call(account, "PATCH", `/campaigns/${other.json().campaign.id}`, { name: "launch" });
    expect(rename.statusCode).toBe(409);
    // Another account may use the name.
    expect((await call(randomUUID(), "POST", "/campaigns", { name: "Launch" })).statusCode).toBe(201);
  });

  it("refuses a campaign beyond the plan's maximum with 403 QUOTA_EXCEEDED", async () => {
    expect((await call(LIMITED, "POST", "/campaigns", { name: "first" })).statusCode).toBe(201);
    const response = await call(LIMITED, "POST", "/campaigns", { name: "second" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "QUOTA_EXCEEDED",
      details: { limit: 1, used: 1, plan: "free" },
    });
    expect(await campaignCount(LIMITED)).toBe(1);
  });

  it("hides another account's campaign behind 404", async () => {
    const owner = randomUUID();
    const campaign = (await call(owner, "POST", "/campaigns", { name: "Private" })).json().campaign;
    const other = randomUUID();
    for (const [method, url, payload] of [
      ["GET", `/campaigns/${campaign.id}`],
      ["PATCH", `/campaigns/${campaign.id}`, { name: "mine" }],
      ["DELETE", `/campaigns/${campaign.id}`],
      ["GET", `/campaigns/${campaign.id}/urls`],
    ] as const) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(other, "GET", "/campaigns/not-a-uuid")).statusCode).toBe(404);
    expect((await call(owner, "GET", `/campaigns/${campaign.id}`)).json().campaign.name).toBe("Private");
  });

  it("assigns and removes links, keeping link counts", async () => {
    const account = randomUUID();
    const campaign = (await call(account, "POST", "/campaigns", { name: "Links" })).json().campaign;
    const first = (await call(account, "POST", "/urls", { url: "https://example.com/1" })).json().url;
    const second = (
      await call(account, "POST", "/urls", { url: "https://example.com/2", campaign_id: campaign.id })
    ).json().url;

    const assigned = await call(account, "POST", `/campaigns/${campaign.id}/urls`, { shortCode: first.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ campaign: { linkCount: 2 }, url: { campaignId: campaign.id } });
    const listed = (await call(account, "GET", `/campaigns/${campaign.id}/urls`)).json();
    expect(listed.urls.map((url: { id: string }) => url.id).sort()).toEqual([first.id, second.id].sort());

    const removed = await call(account, "DELETE", `/campaigns/${campaign.id}/urls/${second.id}`);
    expect(removed.json()).toMatchObject({ campaign: { linkCount: 1 }, url: { campaignId: null } });
    const again = await call(account, "DELETE", `/campaigns/${campaign.id}/urls/${second.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("INVALID_STATE");

    // Another account's link cannot be pulled into the campaign.
    const foreign = (await call(randomUUID(), "POST", "/urls", { url: "https://example.com" })).json().url;
    const refused = await call(account, "POST", `/campaigns/${campaign.id}/urls`, { shortCode: foreign.id });
    expect(refused.statusCode).toBe(404);

    // Deleting the campaign keeps its links, detached.
    await call(account, "DELETE", `/campaigns/${campaign.id}`);
    expect((await call(account, "GET", `/urls/${first.id}`)).json().url.campaignId).toBeNull();
  });

  it("needs campaign scopes", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/campaigns",
      headers: await api.auth(randomUUID(), ["campaign:read"]),
      payload: { name: "x" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().required_scope).toBe("campaign:write");
  });

  it("publishes campaign events", async () => {
    const account = randomUUID();
    const campaign = (await call(account, "POST", "/campaigns", { name: "Evented" })).json().campaign;
    await call(account, "PATCH", `/campaigns/${campaign.id}`, { name: "Evented 2" });
    await call(account, "DELETE", `/campaigns/${campaign.id}`);
    const mine = () => api.events.filter((event) => event.envelope.accountId === account);
    await waitFor(() => mine().map((event) => event.envelope.type), {
      until: (types) => types.length >= 3,
      what: "three campaign events",
    });
    expect(mine().map((event) => [event.topic, event.envelope.type])).toEqual([
      ["kurz.campaign.v1", "campaign.created"],
      ["kurz.campaign.v1", "campaign.updated"],
      ["kurz.campaign.v1", "campaign.deleted"],
    ]);
    const payload = fromBinary(campaignsV1.CampaignChangedSchema, mine()[1]!.envelope.payload);
    expect(payload.campaign!.name).toBe("Evented 2");
  });
});

describe("CampaignService", () => {
  it("offers the MCP campaign tools' operations", async () => {
    const accountId = randomUUID();
    const { campaign } = await api.campaigns.createCampaign(
      { name: "gRPC", description: "d", tags: ["A"] },
      { accountId },
    );
    expect(campaign).toMatchObject({ name: "gRPC", tags: ["a"], linkCount: 0n, accountId });
    const { link } = await api.links.createLink({ url: "https://example.com" }, { accountId });
    const assigned = await api.campaigns.assignLink(
      { id: campaign!.id, shortCode: link!.code },
      { accountId },
    );
    expect(assigned.campaign!.linkCount).toBe(1n);
    expect(assigned.link!.campaignId).toBe(campaign!.id);
    const links = await api.campaigns.listCampaignLinks({ id: campaign!.id }, { accountId });
    expect(links.links.map((entry) => entry.id)).toEqual([link!.id]);
    const listed = await api.campaigns.listCampaigns({ search: "grp" }, { accountId });
    expect(listed.campaigns).toHaveLength(1);
    const updated = await api.campaigns.updateCampaign(
      { id: campaign!.id, tags: { tags: [] } },
      { accountId },
    );
    expect(updated.campaign!.tags).toEqual([]);
    const removed = await api.campaigns.removeLink(
      { id: campaign!.id, shortCode: link!.code },
      { accountId },
    );
    expect(removed.campaign!.linkCount).toBe(0n);
    await api.campaigns.deleteCampaign({ id: campaign!.id }, { accountId });
    await expect(api.campaigns.getCampaign({ id: campaign!.id }, { accountId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses bad input and other accounts' campaigns", async () => {
    const accountId = randomUUID();
    await expect(api.campaigns.createCampaign({ name: "" }, { accountId })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect(await campaignCount(accountId)).toBe(0);
    const { campaign } = await api.campaigns.createCampaign({ name: "mine" }, { accountId });
    await expect(
      api.campaigns.getCampaign({ id: campaign!.id }, { accountId: randomUUID() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("tags over REST", () => {
  it("lists the account's tags with their use on links and campaigns, most used first", async () => {
    const account = randomUUID();
    const other = randomUUID();
    for (const [tags, alias] of [
      [["Promo", "spring"], "tag-a"],
      [["promo"], "tag-b"],
      [["promo", "Spring"], "tag-c"],
      [["archive"], "tag-d"],
    ] as const) {
      const created = await call(account, "POST", "/urls", {
        url: "https://example.com/",
        tags,
        customAlias: `${alias}-${account.slice(0, 8)}`,
      });
      expect(created.statusCode).toBe(201);
    }
    await call(account, "POST", "/campaigns", { name: "Spring", tags: ["spring", "seasonal"] });
    await call(other, "POST", "/urls", { url: "https://example.com/", tags: ["promo", "secret"] });

    const listed = await call(account, "GET", "/tags");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      success: true,
      tags: [
        { name: "promo", urls: 3, campaigns: 0 },
        { name: "spring", urls: 2, campaigns: 1 },
        { name: "archive", urls: 1, campaigns: 0 },
        { name: "seasonal", urls: 0, campaigns: 1 },
      ],
    });
    expect((await call(randomUUID(), "GET", "/tags")).json()).toEqual({ success: true, tags: [] });
  });

  it("requires shorturl:read", async () => {
    const response = await api.http.inject({
      method: "GET",
      url: "/api/v1/tags",
      headers: await api.auth(randomUUID(), ["analytics:read"]),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, required_scope: "shorturl:read" });
  });
});
