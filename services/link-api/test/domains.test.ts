import { randomUUID } from "node:crypto";
import { domainsV1 } from "@kurz/proto";
import { startTestDnsServer, type TestDnsServer, waitFor } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandedDomains, subdomains } from "../src/db/schema";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;
let dns: TestDnsServer;
// auth-server's real plans: free includes 1 subdomain and no branded domain, pro 3 branded domains.
const FREE = "domains-free";
const PRO = "domains-pro";

beforeAll(async () => {
  dns = await startTestDnsServer();
  api = await startTestLinkApi({
    dnsServers: [dns.address],
    plans: { plans: { [FREE]: realPlan("free"), [PRO]: realPlan("pro") } },
  });
});

afterAll(async () => {
  await api.close();
  await dns.stop();
});

async function call(
  accountId: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return api.http.inject({ method, url: `/api/v1${url}`, headers: await api.auth(accountId), payload });
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe("subdomains", () => {
  it("reserves, reads, renames and releases a subdomain, and links can use it", async () => {
    const account = randomUUID();
    const label = unique("shop");
    const created = await call(account, "POST", "/domains/subdomains", {
      subdomain: label.toUpperCase(),
      name: "Shop",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().subdomain).toMatchObject({
      subdomain: label,
      name: "Shop",
      host: `${label}.kurz.test`,
    });

    const link = await call(account, "POST", "/urls", {
      url: "https://example.com",
      urlType: "subdomain",
      subdomain: label,
    });
    expect(link.statusCode).toBe(201);
    expect(link.json().url).toMatchObject({
      domain: `${label}.kurz.test`,
      subdomain: label,
      urlType: "subdomain",
    });
    expect(link.json().url.shortUrl).toBe(`http://${label}.kurz.test/${link.json().url.id}`);
    const resolved = await api.links.resolve({ host: `${label}.kurz.test`, code: link.json().url.id });
    expect(resolved.found).toBe(true);

    expect((await call(account, "GET", `/domains/subdomains/${label}`)).json().subdomain.linkCount).toBe(1);
    // The list's domain filter: only the links answering on that host, the host in any case.
    const shared = await call(account, "POST", "/urls", { url: "https://example.com/shared" });
    const onSubdomain = await call(account, "GET", `/urls?domain=${label.toUpperCase()}.KURZ.test`);
    expect(onSubdomain.json().urls.map((url: { id: string }) => url.id)).toEqual([link.json().url.id]);
    const onShared = await call(account, "GET", `/urls?domain=${shared.json().url.domain}`);
    expect(onShared.json().urls.map((url: { id: string }) => url.id)).toEqual([shared.json().url.id]);
    expect((await call(account, "GET", "/urls?domain=nowhere.example")).json().pagination.total).toBe(0);
    expect((await call(account, "GET", `/urls?domain=${"a".repeat(254)}`)).statusCode).toBe(400);
    const renamed = await call(account, "PATCH", `/domains/subdomains/${label}`, { name: "Store" });
    expect(renamed.json().subdomain.name).toBe("Store");

    const refused = await call(account, "DELETE", `/domains/subdomains/${label}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("INVALID_STATE");
    await call(account, "DELETE", `/urls/${link.json().url.id}`);
    expect((await call(account, "DELETE", `/domains/subdomains/${label}`)).statusCode).toBe(200);
    expect((await call(account, "GET", `/domains/subdomains/${label}`)).statusCode).toBe(404);
  });

  const badLabels = [
    "ab",
    "a".repeat(64),
    "-shop",
    "shop-",
    "sh_op",
    "sh.op",
    "sh--op",
    "grüße",
    "www",
    "API",
    "check",
  ];

  it.each(badLabels)("refuses the label %j with 400 and stores nothing", async (label) => {
    const account = randomUUID();
    const response = await call(account, "POST", "/domains/subdomains", { subdomain: label });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_ERROR");
    const [row] = await api.db
      .select({ n: count() })
      .from(subdomains)
      .where(eq(subdomains.accountId, account));
    expect(row!.n).toBe(0);
  });

  it("refuses a taken label with 409 and reports availability", async () => {
    const label = unique("taken");
    await call(randomUUID(), "POST", "/domains/subdomains", { subdomain: label });
    const account = randomUUID();
    const response = await call(account, "POST", "/domains/subdomains", { subdomain: label });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("CONFLICT");
    const check = async (value: string) =>
      (await call(account, "GET", `/domains/subdomains/check?subdomain=${value}`)).json();
    expect(await check(label)).toMatchObject({ available: false, reason: "taken" });
    expect(await check("www")).toMatchObject({ available: false, reason: "reserved" });
    expect(await check("x")).toMatchObject({ available: false, reason: "invalid" });
    expect(await check(unique("free"))).toMatchObject({ available: true });
  });

  it("suggests free labels derived from a word", async () => {
    const account = randomUUID();
    const base = unique("acme");
    await call(randomUUID(), "POST", "/domains/subdomains", { subdomain: base });
    const response = await call(
      account,
      "GET",
      `/domains/subdomains/suggestions?base=${encodeURIComponent(`${base} Café`)}&limit=3`,
    );
    const suggestions: string[] = response.json().suggestions;
    expect(suggestions).toHaveLength(3);
    for (const suggestion of suggestions) {
      expect(suggestion).toMatch(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/);
      expect(suggestion).toContain(base);
    }
    expect((await call(account, "GET", "/domains/subdomains/suggestions?base=x&limit=50")).statusCode).toBe(
      400,
    );
  });

  it("hides another account's subdomain and refuses links on it", async () => {
    const label = unique("mine");
    await call(randomUUID(), "POST", "/domains/subdomains", { subdomain: label });
    const other = randomUUID();
    expect((await call(other, "GET", `/domains/subdomains/${label}`)).statusCode).toBe(404);
    expect((await call(other, "DELETE", `/domains/subdomains/${label}`)).statusCode).toBe(404);
    const link = await call(other, "POST", "/urls", { url: "https://example.com", subdomain: label });
    expect(link.statusCode).toBe(404);
  });

  it("enforces the free plan's one subdomain with 403 QUOTA_EXCEEDED", async () => {
    expect((await call(FREE, "POST", "/domains/subdomains", { subdomain: unique("one") })).statusCode).toBe(
      201,
    );
    const response = await call(FREE, "POST", "/domains/subdomains", { subdomain: unique("two") });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "QUOTA_EXCEEDED",
      details: { limit: 1, used: 1, plan: "free" },
    });
  });
});

describe("branded domains", () => {
  it("verifies through the TXT record, and only then lets links use the domain", async () => {
    const account = randomUUID();
    const domain = `${unique("go")}.example.com`;
    const created = await call(account, "POST", "/domains/branded", { domain: `${domain.toUpperCase()}.` });
    expect(created.statusCode).toBe(201);
    const branded = created.json().brandedDomain;
    expect(branded).toMatchObject({
      domain,
      status: "pending",
      verification: { type: "TXT", name: `_kurz-verify.${domain}` },
    });
    expect(branded.verification.value).toMatch(/^kurz-verify=[0-9a-f]{32}$/);

    const early = await call(account, "POST", "/urls", {
      url: "https://example.com",
      branded_domain: domain,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("INVALID_STATE");

    // No record yet: the check fails and says why.
    const missing = (await call(account, "POST", `/domains/branded/${domain}/verify`)).json();
    expect(missing).toMatchObject({ verified: false, brandedDomain: { status: "failed" } });
    expect(missing.brandedDomain.failureReason).toContain("No TXT record");

    // A record with the wrong value fails too.
    dns.setTxt(`_kurz-verify.${domain}`, ["kurz-verify=not-the-token", "v=spf1 -all"]);
    const wrong = (await call(account, "POST", `/domains/branded/${domain}/verify`)).json();
    expect(wrong).toMatchObject({ verified: false, brandedDomain: { status: "failed" } });
    expect(wrong.brandedDomain.failureReason).toContain("does not contain");

    dns.setTxt(`_kurz-verify.${domain}`, ["v=spf1 -all", branded.verification.value]);
    const ok = (await call(account, "POST", `/domains/branded/${branded.id}/verify`)).json();
    expect(ok).toMatchObject({ verified: true, brandedDomain: { status: "verified", failureReason: null } });
    expect(ok.brandedDomain.verifiedAt).not.toBeNull();

    const link = await call(account, "POST", "/urls", { url: "https://example.com", branded_domain: domain });
    expect(link.statusCode).toBe(201);
    expect(link.json().url).toMatchObject({ urlType: "branded", brandedDomain: domain, domain });
    expect(link.json().url.shortUrl).toBe(`http://${domain}/${link.json().url.id}`);

    // A re-check after the record disappears marks the domain failed: no new links.
    dns.remove(`_kurz-verify.${domain}`);
    const recheck = (await call(account, "POST", `/domains/branded/${domain}/verify`)).json();
    expect(recheck).toMatchObject({ verified: false, brandedDomain: { status: "failed" } });
    const refused = await call(account, "POST", "/urls", {
      url: "https://example.com",
      branded_domain: domain,
    });
    expect(refused.statusCode).toBe(409);
  });

  const badDomains = [
    "localhost",
    "https://go.example.com",
    "go.example.com/path",
    "go.example.com:8443",
    "192.168.1.1",
    "-bad.example.com",
    "a..b.com",
    `${"a".repeat(64)}.com`,
    "user@example.com",
    "kurz.test",
    "shop.kurz.test",
    "localhost.",
  ];

  it.each(badDomains)("refuses %j with 400 and stores nothing", async (domain) => {
    const account = randomUUID();
    const response = await call(account, "POST", "/domains/branded", { domain });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_ERROR");
    const [row] = await api.db
      .select({ n: count() })
      .from(brandedDomains)
      .where(eq(brandedDomains.accountId, account));
    expect(row!.n).toBe(0);
  });

  it("refuses a free account any branded domain, as its plan page says (not included is not unlimited)", async () => {
    const response = await call(FREE, "POST", "/domains/branded", {
      domain: `${unique("free")}.example.com`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      code: "QUOTA_EXCEEDED",
      error: "Your free plan does not include branded domains (limit 0)",
      details: { limit: 0, used: 0, plan: "free" },
      hint: expect.stringContaining("Upgrade"),
    });
    const [row] = await api.db
      .select({ n: count() })
      .from(brandedDomains)
      .where(eq(brandedDomains.accountId, FREE));
    expect(row!.n).toBe(0);
  });

  it("lets a pro account add its plan's 3 branded domains and refuses the fourth", async () => {
    for (let i = 0; i < 3; i++) {
      const added = await call(PRO, "POST", "/domains/branded", { domain: `${unique("pro")}.example.com` });
      expect(added.statusCode).toBe(201);
    }
    const refused = await call(PRO, "POST", "/domains/branded", { domain: `${unique("pro")}.example.com` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "QUOTA_EXCEEDED",
      details: { limit: 3, used: 3, plan: "pro" },
    });
  });

  it("lets two accounts claim a host but only one verify it", async () => {
    const domain = `${unique("claim")}.example.org`;
    const owner = randomUUID();
    const squatter = randomUUID();
    const ownerDomain = (await call(owner, "POST", "/domains/branded", { domain })).json().brandedDomain;
    expect((await call(squatter, "POST", "/domains/branded", { domain })).statusCode).toBe(201);
    expect((await call(owner, "POST", "/domains/branded", { domain })).statusCode).toBe(409);
    dns.setTxt(`_kurz-verify.${domain}`, [ownerDomain.verification.value]);
    expect((await call(owner, "POST", `/domains/branded/${domain}/verify`)).json().verified).toBe(true);
    // The squatter's token is not in DNS; even if it were, the verified row is unique.
    expect((await call(squatter, "POST", `/domains/branded/${domain}/verify`)).json().verified).toBe(false);
    const check = (await call(randomUUID(), "GET", `/domains/branded/check?domain=${domain}`)).json();
    expect(check).toMatchObject({ available: false, reason: "taken" });
  });

  it("hides another account's domain", async () => {
    const domain = `${unique("hidden")}.example.net`;
    await call(randomUUID(), "POST", "/domains/branded", { domain });
    const other = randomUUID();
    for (const [method, path] of [
      ["GET", `/domains/branded/${domain}`],
      ["GET", `/domains/branded/${domain}/verification`],
      ["POST", `/domains/branded/${domain}/verify`],
      ["PATCH", `/domains/branded/${domain}`],
      ["DELETE", `/domains/branded/${domain}`],
    ] as const) {
      const response = await call(other, method, path, method === "PATCH" ? { name: "x" } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it("lists both kinds and offers them over gRPC", async () => {
    const accountId = randomUUID();
    const label = unique("grpc");
    await api.domains.createSubdomain({ subdomain: label, name: "g" }, { accountId });
    const domain = `${unique("grpc")}.example.com`;
    const { brandedDomain } = await api.domains.createBrandedDomain({ domain }, { accountId });
    expect(brandedDomain!.status).toBe(domainsV1.BrandedDomainStatus.PENDING);
    const info = await api.domains.getTxtVerificationInfo({ domain }, { accountId });
    expect(info).toMatchObject({ recordType: "TXT", recordName: `_kurz-verify.${domain}` });
    dns.setTxt(info.recordName, [info.recordValue]);
    const verified = await api.domains.verifyBrandedDomain({ domain }, { accountId });
    expect(verified.verified).toBe(true);

    const listed = await api.domains.listDomains({}, { accountId });
    expect(listed.subdomains.map((entry) => entry.subdomain)).toEqual([label]);
    expect(listed.brandedDomains.map((entry) => [entry.domain, entry.status])).toEqual([
      [domain, domainsV1.BrandedDomainStatus.VERIFIED],
    ]);
    expect(listed.subdomainHost).toBe("kurz.test");
    const rest = (await call(accountId, "GET", "/domains")).json();
    expect(rest.subdomains).toHaveLength(1);
    expect(rest.brandedDomains[0].status).toBe("verified");

    await expect(api.domains.createSubdomain({ subdomain: "no" }, { accountId })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    await expect(
      api.domains.getSubdomain({ subdomain: label }, { accountId: randomUUID() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await api.domains.checkSubdomainAvailability({ subdomain: label }, { accountId })).reason).toBe(
      "taken",
    );
    expect(
      (await api.domains.suggestSubdomains({ base: "Fancy Shop" }, { accountId })).suggestions.length,
    ).toBe(5);

    const mine = () => api.events.filter((event) => event.envelope.accountId === accountId);
    await waitFor(() => mine().map((event) => event.envelope.type), {
      until: (types) => types.length >= 3,
      what: "domain events",
    });
    expect(mine().map((event) => event.envelope.type)).toEqual([
      "domain.created",
      "domain.created",
      "domain.verified",
    ]);
  });
});
