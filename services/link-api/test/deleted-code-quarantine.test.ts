import { randomUUID } from "node:crypto";
import { TestClock } from "@kurz/clock";
import { waitFor } from "@kurz/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedLinks, links } from "../src/db/schema";
import { insertWithRandomCode } from "../src/links/insert-with-random-code";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// Printed links and QR codes keep pointing at a code after its link is deleted: for 90 days
// (DELETED_CODE_QUARANTINE_DAYS) only the owner may have the code again. The quarantine is
// crossed by moving link-api's clock, not by waiting.

const DAY_MS = 86_400_000;
let api: TestLinkApi;
const clock = new TestClock();

beforeAll(async () => {
  api = await startTestLinkApi({ clock, deletedCodeQuarantineDays: 90 });
});

afterAll(async () => {
  await api.close();
});

async function call(accountId: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  return api.http.inject({ method, url: `/api/v1${url}`, headers: await api.auth(accountId), payload });
}

const alias = () => `gone-${randomUUID().slice(0, 8)}`;

async function createAndDelete(owner: string, code: string) {
  const created = await call(owner, "POST", "/urls", {
    url: "https://example.com/printed",
    customAlias: code,
  });
  expect(created.statusCode).toBe(201);
  expect((await call(owner, "DELETE", `/urls/${code}`)).statusCode).toBe(200);
  return created.json().url as { id: string; linkId: string };
}

describe("a deleted link's code", () => {
  it("cannot be taken by another account, which is told the code was recently deleted", async () => {
    const code = alias();
    await createAndDelete(randomUUID(), code);

    const taken = await call(randomUUID(), "POST", "/urls", {
      url: "https://evil.example.com",
      customAlias: code,
    });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "ALIAS_EXISTS",
      details: { customAlias: code, reason: "recently_deleted" },
    });
    expect(taken.json().error).toMatch(/recently deleted/);
    expect(taken.json().error).toMatch(/90 days/);
  });

  it("cannot be taken over gRPC either", async () => {
    const code = alias();
    await createAndDelete(randomUUID(), code);

    await expect(
      api.links.createLink(
        { url: "https://evil.example.com", customAlias: code },
        { accountId: randomUUID() },
      ),
    ).rejects.toMatchObject({ code: "ALIAS_EXISTS" });
  });

  it("is reported recently_deleted by check-alias to others and available to its owner", async () => {
    const owner = randomUUID();
    const code = alias();
    await createAndDelete(owner, code);

    const forOther = await call(randomUUID(), "GET", `/short-urls/check-alias?alias=${code}`);
    const forOwner = await call(owner, "GET", `/short-urls/check-alias?alias=${code}`);

    expect(forOther.json()).toMatchObject({ available: false, reason: "recently_deleted" });
    expect(forOwner.json()).toMatchObject({ available: true });
  });

  it("is no longer resolved for the redirect edge, which answers 404 for it", async () => {
    const code = alias();
    await createAndDelete(randomUUID(), code);

    expect((await api.links.resolve({ host: "localhost", code })).found).toBe(false);
  });

  it("in a bulk create: another account's held code fails its item, the owner's is made, a free one too", async () => {
    const owner = randomUUID();
    const held = alias();
    const own = alias();
    const free = alias();
    await createAndDelete(randomUUID(), held);
    await createAndDelete(owner, own);
    const response = await call(owner, "POST", "/urls/bulk", {
      urls: [held, own, free, free].map((customAlias, i) => ({
        url: `https://example.com/b/${i}`,
        customAlias,
      })),
    });
    expect(response.statusCode).toBe(200);
    const results = response.json().results as Array<{ success: boolean; error?: { code: string } }>;
    expect(results.map((r) => r.success)).toEqual([false, true, true, false]);
    expect(results[0]?.error).toMatchObject({ code: "ALIAS_EXISTS" });
    expect(JSON.stringify(results[0]?.error)).toContain("recently_deleted");
    expect(results[3]?.error).toMatchObject({ code: "ALIAS_EXISTS" });
    const made = await api.db.select({ code: links.code }).from(links).where(eq(links.accountId, owner));
    expect(made.map((l) => l.code).sort()).toEqual([own, free].sort());
    // The owner's tombstone went with the reuse; the other account's stays.
    const tombstones = await api.db.select({ code: deletedLinks.code }).from(deletedLinks);
    expect(tombstones.map((t) => t.code)).toContain(held);
    expect(tombstones.map((t) => t.code)).not.toContain(own);
  });

  it("can be reused by its owner for a new link, after which the old link cannot be restored", async () => {
    const owner = randomUUID();
    const code = alias();
    const old = await createAndDelete(owner, code);

    const reused = await call(owner, "POST", "/urls", { url: "https://example.com/new", customAlias: code });

    expect(reused.statusCode).toBe(201);
    expect(reused.json().url.linkId).not.toBe(old.linkId);
    expect((await call(owner, "POST", `/urls/${old.linkId}/restore`)).statusCode).toBe(404);
  });

  it("is held for 90 days and then free for anybody", async () => {
    const code = alias();
    await createAndDelete(randomUUID(), code);
    const other = randomUUID();

    clock.advance(90 * DAY_MS - 60_000);
    const early = await call(other, "POST", "/urls", { url: "https://example.com/next", customAlias: code });
    clock.advance(120_000);
    const late = await call(other, "POST", "/urls", { url: "https://example.com/next", customAlias: code });

    expect(early.statusCode).toBe(409);
    expect(late.statusCode).toBe(201);
    expect((await api.links.resolve({ host: "localhost", code })).link?.accountId).toBe(other);
  });

  it("on a subdomain stays held when the subdomain passes to another account, also for a link moved there", async () => {
    const owner = randomUUID();
    const label = `menu-${randomUUID().slice(0, 8)}`;
    expect((await call(owner, "POST", "/domains/subdomains", { subdomain: label })).statusCode).toBe(201);
    const code = alias();
    const onSubdomain = { url: "https://example.com/printed", subdomain: label, customAlias: code };
    expect((await call(owner, "POST", "/urls", onSubdomain)).statusCode).toBe(201);
    expect((await call(owner, "DELETE", `/urls/${code}?domain=${label}.kurz.test`)).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/domains/subdomains/${label}`)).statusCode).toBe(200);
    const next = randomUUID();
    expect((await call(next, "POST", "/domains/subdomains", { subdomain: label })).statusCode).toBe(201);

    const created = await call(next, "POST", "/urls", { ...onSubdomain, url: "https://evil.example.com" });
    const standard = await call(next, "POST", "/urls", {
      url: "https://evil.example.com",
      customAlias: code,
    });
    const moved = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${code}`,
      headers: await api.auth(next),
      payload: { subdomain: label },
    });

    expect(created.statusCode).toBe(409);
    expect(standard.statusCode).toBe(201);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().details.reason).toBe("recently_deleted");
  });

  it("of a deleted QR code is held as well: the printed symbol encodes it", async () => {
    const owner = randomUUID();
    const created = await call(owner, "POST", "/qr-codes", {
      type: "url",
      content: "https://example.com/menu",
      dynamic: true,
    });
    expect(created.statusCode).toBe(201);
    const qr = created.json().qrCode as { id: string; shortCode: string };
    expect((await call(owner, "DELETE", `/qr-codes/${qr.id}`)).statusCode).toBe(200);

    const taken = await call(randomUUID(), "POST", "/urls", {
      url: "https://evil.example.com",
      customAlias: qr.shortCode,
    });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.reason).toBe("recently_deleted");
  });
});

describe("restoring a deleted link", () => {
  it("brings it back by code with its id, destination and settings, and the edge finds it again", async () => {
    const owner = randomUUID();
    const code = alias();
    const old = await createAndDelete(owner, code);

    const restored = await call(owner, "POST", `/urls/${code}/restore`);

    expect(restored.statusCode).toBe(200);
    expect(restored.json().url).toMatchObject({
      id: code,
      linkId: old.linkId,
      originalUrl: "https://example.com/printed",
    });
    const resolved = await api.links.resolve({ host: "localhost", code });
    expect(resolved.link).toMatchObject({
      linkId: old.linkId,
      destinationUrl: "https://example.com/printed",
    });
    const mine = () => api.events.filter((event) => event.envelope.accountId === owner);
    await waitFor(() => mine().map((event) => event.envelope.type), {
      until: (types) => types.length >= 3,
      what: "created, deleted and created again were published",
    });
    expect(mine().map((event) => event.envelope.type)).toEqual([
      "link.created",
      "link.deleted",
      "link.created",
    ]);
  });

  it("also takes the link id", async () => {
    const owner = randomUUID();
    const old = await createAndDelete(owner, alias());

    const restored = await call(owner, "POST", `/short-urls/${old.linkId}/restore`);

    expect(restored.statusCode).toBe(200);
    expect(restored.json().url.linkId).toBe(old.linkId);
  });

  it("is refused to another account as not found", async () => {
    const code = alias();
    await createAndDelete(randomUUID(), code);

    const restored = await call(randomUUID(), "POST", `/urls/${code}/restore`);

    expect(restored.statusCode).toBe(404);
    expect(restored.json().code).toBe("URL_NOT_FOUND");
  });

  it("is refused once the quarantine is over", async () => {
    const owner = randomUUID();
    const code = alias();
    await createAndDelete(owner, code);

    clock.advance(90 * DAY_MS + 60_000);
    const restored = await call(owner, "POST", `/urls/${code}/restore`);

    expect(restored.statusCode).toBe(404);
  });
});

describe("random short codes", () => {
  it("skip a code held by a deleted link", async () => {
    const held = `Held${randomUUID().slice(0, 3)}`;
    const owner = randomUUID();
    await createAndDelete(owner, held);
    const [tombstone] = await api.db.select().from(deletedLinks).where(eq(deletedLinks.code, held));
    expect(tombstone).toBeDefined();
    const offered = [held, `Free${randomUUID().slice(0, 3)}`];

    const inserted = await api.db.transaction((tx) =>
      insertWithRandomCode(
        tx,
        {
          id: randomUUID(),
          accountId: randomUUID(),
          host: "localhost",
          urlType: "standard",
          originalUrl: "https://example.com/",
          destinationUrl: "https://example.com/",
        },
        () => offered.shift()!,
      ),
    );

    expect(inserted?.code).toMatch(/^Free/);
    const holders = await api.db.select({ id: links.id }).from(links).where(eq(links.code, held));
    expect(holders).toEqual([]);
  });
});
