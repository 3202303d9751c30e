import { randomUUID } from "node:crypto";
import { startTestDnsServer, type TestDnsServer } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// check-alias must not become a way to read which aliases another account uses on its branded
// domain (or even that the domain is registered): it answers for the caller's own hosts only.

let api: TestLinkApi;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startTestDnsServer();
  api = await startTestLinkApi({ dnsServers: [dns.address] });
});

afterAll(async () => {
  await api.close();
  await dns.stop();
});

async function call(accountId: string, method: "GET" | "POST", url: string, payload?: object) {
  return api.http.inject({ method, url: `/api/v1${url}`, headers: await api.auth(accountId), payload });
}

/**
 * A verified branded domain of owner with one link on it, aliased `alias`; `claimedAlsoBy` adds the
 * same host while it is still pending (several accounts may claim a host; one verifies it).
 */
async function brandedDomainWithLink(owner: string, alias: string, claimedAlsoBy?: string): Promise<string> {
  const domain = `go-${randomUUID().slice(0, 8)}.example.com`;
  const added = await call(owner, "POST", "/domains/branded", { domain });
  expect(added.statusCode).toBe(201);
  if (claimedAlsoBy) {
    expect((await call(claimedAlsoBy, "POST", "/domains/branded", { domain })).statusCode).toBe(201);
  }
  dns.setTxt(`_kurz-verify.${domain}`, [added.json().brandedDomain.verification.value]);
  expect((await call(owner, "POST", `/domains/branded/${domain}/verify`)).json().verified).toBe(true);
  const link = await call(owner, "POST", "/urls", {
    url: "https://example.com",
    branded_domain: domain,
    customAlias: alias,
  });
  expect(link.statusCode).toBe(201);
  return domain;
}

const checkAlias = (accountId: string, alias: string, domain: string) =>
  call(accountId, "GET", `/short-urls/check-alias?alias=${alias}&domain=${domain}`);

describe("check-alias on a branded domain", () => {
  it("answers the domain's owner", async () => {
    const owner = randomUUID();
    const domain = await brandedDomainWithLink(owner, "summer");

    const taken = await checkAlias(owner, "summer", domain);
    const free = await checkAlias(owner, "winter", domain);

    expect(taken.json()).toMatchObject({ available: false, reason: "taken", domain });
    expect(free.json()).toMatchObject({ available: true, domain });
  });

  it("answers another account exactly as for a domain that does not exist", async () => {
    const domain = await brandedDomainWithLink(randomUUID(), "summer");
    const other = randomUUID();

    const foreign = await checkAlias(other, "summer", domain);
    const unknown = await checkAlias(other, "summer", `nobody-${randomUUID().slice(0, 8)}.example.com`);

    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ code: "NOT_FOUND", details: { field: "domain" } });
  });

  it("answers another account that also claimed the domain, unverified, without the owner's aliases", async () => {
    const squatter = randomUUID();
    const domain = await brandedDomainWithLink(randomUUID(), "summer", squatter);

    const answer = await checkAlias(squatter, "summer", domain);

    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: "INVALID_STATE" });
    expect(JSON.stringify(answer.json())).not.toMatch(/taken/);
  });

  it("is scoped the same way over gRPC", async () => {
    const owner = randomUUID();
    const domain = await brandedDomainWithLink(owner, "summer");

    expect(await api.links.checkAlias({ alias: "summer", domain }, { accountId: owner })).toMatchObject({
      available: false,
      reason: "taken",
    });
    await expect(
      api.links.checkAlias({ alias: "summer", domain }, { accountId: randomUUID() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("check-alias on a subdomain", () => {
  it("answers for the caller's own subdomain and not for another account's", async () => {
    const owner = randomUUID();
    const label = `shop-${randomUUID().slice(0, 8)}`;
    expect((await call(owner, "POST", "/domains/subdomains", { subdomain: label })).statusCode).toBe(201);
    const host = `${label}.kurz.test`;
    await call(owner, "POST", "/urls", { url: "https://example.com", subdomain: label, customAlias: "deal" });

    expect((await checkAlias(owner, "deal", host)).json()).toMatchObject({
      available: false,
      reason: "taken",
    });
    const foreign = await checkAlias(randomUUID(), "deal", host);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("NOT_FOUND");
  });
});
