import { randomUUID } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { count, eq } from "drizzle-orm";
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

async function linkCount(accountId: string): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, accountId));
  return row?.n ?? 0;
}

describe("LinkService", () => {
  it("creates, gets, lists, updates and deletes a link for the calling account", async () => {
    const accountId = randomUUID();
    const created = await api.links.createLink(
      {
        url: "https://example.com/a",
        customAlias: `grpc-${randomUUID().slice(0, 8)}`,
        isDynamic: true,
        tags: ["One", "one "],
        utm: { source: "mcp" },
        maxClicks: 10n,
      },
      { accountId },
    );
    const link = created.link!;
    expect(link).toMatchObject({
      accountId,
      host: "localhost",
      originalUrl: "https://example.com/a",
      destinationUrl: "https://example.com/a?utm_source=mcp",
      dynamic: true,
      trackingEnabled: true,
      tags: ["one"],
      maxClicks: 10n,
      urlType: linksV1.UrlType.STANDARD,
      customAlias: true,
    });
    expect(link.shortUrl).toBe(`http://localhost:8080/${link.code}`);

    const got = await api.links.getLink({ shortCode: link.code }, { accountId });
    expect(got.link!.id).toBe(link.id);

    const listed = await api.links.listLinks(
      { page: { page: 1, limit: 500 }, sortBy: linksV1.LinkSort.NAME },
      { accountId },
    );
    expect(listed.links.map((entry) => entry.id)).toEqual([link.id]);
    expect(listed.page).toMatchObject({ page: 1, limit: 100, total: 1n });
    const byDomain = (domain: string) => api.links.listLinks({ domain }, { accountId });
    expect((await byDomain("LocalHost")).links.map((entry) => entry.id)).toEqual([link.id]);
    expect((await byDomain("go.example")).links).toEqual([]);

    const updated = await api.links.updateLink(
      {
        shortCode: link.code,
        url: "https://example.org/",
        name: "via gRPC",
        tags: { tags: [] },
        maxClicks: 0n,
      },
      { accountId },
    );
    expect(updated.link).toMatchObject({
      originalUrl: "https://example.org/",
      name: "via gRPC",
      tags: [],
      maxClicks: 0n,
      destinationUrl: "https://example.org/?utm_source=mcp",
    });

    const stats = await api.links.getLinkStats({}, { accountId });
    expect(stats).toMatchObject({ totalLinks: 1n, dynamicLinks: 1n });

    await api.links.deleteLink({ shortCode: link.code }, { accountId });
    await expect(api.links.getLink({ shortCode: link.code }, { accountId })).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
  });

  it("refuses an RPC that only claims an account in x-kurz-account-id, and one carrying no account", async () => {
    const owner = randomUUID();
    const { link } = await api.links.createLink({ url: "https://example.com" }, { accountId: owner });
    const forged = { metadata: { "x-kurz-account-id": owner } };

    await expect(api.anonymousLinks.getLink({ shortCode: link!.code }, forged)).rejects.toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
    await expect(api.anonymousLinks.resolve({ host: "localhost", code: link!.code })).rejects.toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
    // A service's own token is proof of the service, not of any account.
    await expect(api.links.getLink({ shortCode: link!.code }, forged)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("refuses a token meant for another service, and an expired one", async () => {
    const owner = randomUUID();
    const { link } = await api.links.createLink({ url: "https://example.com" }, { accountId: owner });
    const elsewhere = await api.issuer.mintService({
      service: "mcp-gateway",
      audience: "analytics-ingest",
      accountId: owner,
      scopes: ["shorturl:read"],
    });
    const expired = await api.issuer.mintService({
      service: "mcp-gateway",
      audience: "link-api",
      accountId: owner,
      scopes: ["shorturl:read"],
      expiresInSec: -60,
    });
    const bearer = (token: string) => ({ metadata: { authorization: `Bearer ${token}` } });

    await expect(
      api.anonymousLinks.getLink({ shortCode: link!.code }, bearer(elsewhere)),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      api.anonymousLinks.getLink({ shortCode: link!.code }, bearer(expired)),
    ).rejects.toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
  });

  it("acts for the account of a forwarded user token with its scopes, beside the forwarding service's token", async () => {
    const owner = randomUUID();
    const { link } = await api.links.createLink({ url: "https://example.com" }, { accountId: owner });
    const reader = await api.issuer.mint({ accountId: owner, scopes: ["shorturl:read"] });

    const got = await api.links.getLink({ shortCode: link!.code }, { actor: { accessToken: reader } });
    expect(got.link?.id).toBe(link!.id);
    await expect(
      api.links.deleteLink({ shortCode: link!.code }, { actor: { accessToken: reader } }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_SCOPE" });
  });

  const badRequests: Array<[string, Parameters<TestLinkApi["links"]["createLink"]>[0]]> = [
    ["no url", {}],
    ["a javascript: url", { url: "javascript:alert(1)" }],
    ["a url with credentials", { url: "https://a:b@example.com" }],
    ["a short alias", { url: "https://example.com", customAlias: "x" }],
    ["a reserved alias", { url: "https://example.com", customAlias: "mcp" }],
    ["a campaign id that is not a UUID", { url: "https://example.com", campaignId: "abc" }],
    ["too many tags", { url: "https://example.com", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ["a short password", { url: "https://example.com", password: "abc" }],
    ["an expiry in the past", { url: "https://example.com", expiresAt: timestampFromDate(new Date(0)) }],
    ["a negative click cap", { url: "https://example.com", maxClicks: -3n }],
    ["a branded type without domain", { url: "https://example.com", urlType: linksV1.UrlType.BRANDED }],
    ["an invalid expired_url", { url: "https://example.com", expiredUrl: "data:x" }],
  ];

  it.each(badRequests)("refuses %s with VALIDATION_ERROR and stores nothing", async (_label, request) => {
    const accountId = randomUUID();
    await expect(api.links.createLink(request, { accountId })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect(await linkCount(accountId)).toBe(0);
  });

  it("answers ALIAS_EXISTS for a taken alias", async () => {
    const alias = `dup-${randomUUID().slice(0, 8)}`;
    await api.links.createLink(
      { url: "https://example.com", customAlias: alias },
      { accountId: randomUUID() },
    );
    await expect(
      api.links.createLink({ url: "https://example.com", customAlias: alias }, { accountId: randomUUID() }),
    ).rejects.toMatchObject({ code: "ALIAS_EXISTS" });
    const check = await api.links.checkAlias({ alias }, { accountId: randomUUID() });
    expect(check).toMatchObject({ available: false, reason: "taken" });
  });

  it("answers NOT_FOUND for another account's link", async () => {
    const owner = randomUUID();
    const { link } = await api.links.createLink(
      { url: "https://example.com", isDynamic: true },
      { accountId: owner },
    );
    const other = { accountId: randomUUID() };
    await expect(api.links.getLink({ shortCode: link!.code }, other)).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
    await expect(api.links.updateLink({ shortCode: link!.id, name: "x" }, other)).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
    await expect(api.links.deleteLink({ shortCode: link!.code }, other)).rejects.toMatchObject({
      code: "URL_NOT_FOUND",
    });
    expect((await api.links.listLinks({}, other)).links).toEqual([]);
  });

  it("refuses to change the destination of a static link", async () => {
    const accountId = randomUUID();
    const { link } = await api.links.createLink({ url: "https://example.com" }, { accountId });
    await expect(
      api.links.updateLink({ shortCode: link!.code, url: "https://example.org" }, { accountId }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
  });
});

describe("Resolve", () => {
  it("returns the compact snapshot for host and code, whatever the case and port of the host", async () => {
    const accountId = randomUUID();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { link } = await api.links.createLink(
      {
        url: "https://example.com/x",
        isDynamic: true,
        trackingEnabled: false,
        conversionTracking: true,
        password: "letmein",
        expiresAt: timestampFromDate(expiresAt),
        maxClicks: 3n,
        expiredUrl: "https://example.com/expired",
      },
      { accountId },
    );
    const resolved = await api.links.resolve({ host: "LOCALHOST:8080", code: link!.code });
    expect(resolved.found).toBe(true);
    expect(resolved.link).toMatchObject({
      linkId: link!.id,
      accountId,
      host: "localhost",
      code: link!.code,
      destinationUrl: "https://example.com/x",
      dynamic: true,
      trackingEnabled: false,
      conversionTracking: true,
      maxClicks: 3n,
      expiredUrl: "https://example.com/expired",
      qr: false,
    });
    expect(resolved.link!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(Number(resolved.link!.expiresAt!.seconds)).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(resolved.link!.version).toBeGreaterThan(0n);
  });

  it("answers found=false for an unknown code, another host, or a code in another case", async () => {
    const { link } = await api.links.createLink(
      { url: "https://example.com", customAlias: `Case-${randomUUID().slice(0, 6)}` },
      { accountId: randomUUID() },
    );
    expect((await api.links.resolve({ host: "localhost", code: "nope-nope" })).found).toBe(false);
    expect((await api.links.resolve({ host: "other.example", code: link!.code })).found).toBe(false);
    expect((await api.links.resolve({ host: "localhost", code: link!.code.toLowerCase() })).found).toBe(
      false,
    );
    expect((await api.links.resolve({ host: "", code: "" })).found).toBe(false);
  });
});
