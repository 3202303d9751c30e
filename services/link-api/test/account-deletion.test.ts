import { randomUUID } from "node:crypto";
import { encodeEvent } from "@kurz/events";
import { authV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, deletedLinks, links, qrCodes, subdomains } from "../src/db/schema";
import { handleAccountEvent } from "../src/events/start-account-event-consumer";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;

beforeAll(async () => {
  api = await startTestLinkApi();
});

afterAll(async () => {
  await api?.close();
});

async function post(accountId: string, url: string, payload: Record<string, unknown>) {
  const response = await api.http.inject({
    method: "POST",
    url,
    headers: await api.auth(accountId),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const deletion = (accountId: string) =>
  encodeEvent("auth-server", {
    type: "account.deleted",
    accountId,
    key: accountId,
    schema: authV1.AccountDeletedSchema,
    payload: { accountId, deletedBy: randomUUID() },
  });

const countOf = async (
  table: typeof links | typeof qrCodes | typeof campaigns | typeof subdomains,
  accountId: string,
) => (await api.db.select().from(table).where(eq(table.accountId, accountId))).length;

describe("a deleted workspace's data at link-api (account.deleted)", () => {
  it("goes — links with their QR codes, campaigns, subdomains — once, leaving other accounts alone", async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await post(gone, "/api/v1/urls", { url: `https://example.com/gone/${i}` })).url.id);
    }
    await post(gone, "/api/v1/qr-codes", { type: "url", content: "https://example.com/qr", dynamic: true });
    await post(gone, "/api/v1/qr-codes", { type: "text", content: "static" });
    await post(gone, "/api/v1/campaigns", { name: "Gone" });
    await post(gone, "/api/v1/domains/subdomains", { subdomain: `gone${gone.slice(0, 6)}` });
    const survivor = (await post(kept, "/api/v1/urls", { url: "https://example.com/kept" })).url.id;
    const seenBefore = api.events.length;

    await handleAccountEvent(api.app.ctx, deletion(gone));
    // Redelivered: nothing left to do, nothing published again.
    await handleAccountEvent(api.app.ctx, deletion(gone));

    for (const table of [links, qrCodes, campaigns, subdomains]) expect(await countOf(table, gone)).toBe(0);
    expect(await countOf(links, kept)).toBe(1);
    const held = await api.db.select().from(deletedLinks).where(eq(deletedLinks.accountId, gone));
    expect(held.map((row) => row.code).sort()).toEqual(expect.arrayContaining([...codes].sort()));
    const published = await waitForEvents(seenBefore, 5);
    expect(published.filter((type) => type === "link.deleted")).toHaveLength(4);
    expect(published.filter((type) => type === "domain.deleted")).toHaveLength(1);
    expect(published.filter((type) => type === "audit.recorded")).toEqual([]);
    expect(
      (
        await api.http.inject({
          method: "GET",
          url: `/api/v1/urls/${survivor}`,
          headers: await api.auth(kept),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("ignores every other account event and refuses one that does not decode", async () => {
    const other = encodeEvent("auth-server", {
      type: "account.member_changed",
      accountId: randomUUID(),
      key: "k",
      schema: authV1.MemberChangedSchema,
      payload: {},
    });
    await expect(handleAccountEvent(api.app.ctx, other)).resolves.toBeUndefined();
    const broken = deletion("");
    await expect(handleAccountEvent(api.app.ctx, broken)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

/** The types of the events published since `from`, once at least `count` arrived. */
function waitForEvents(from: number, count: number): Promise<string[]> {
  return waitFor(() => api.events.slice(from).map((event) => event.envelope.type), {
    until: (types) => types.length >= count,
    what: `${count} events after the deletion`,
  });
}
