import { randomBytes } from "node:crypto";
import { TestClock } from "@kurz/clock";
import { type SignedInUser, startTestDnsServer, type TestDnsServer, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWithHost } from "./support/get-with-host";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const SCOPE = "domain:read domain:write shorturl:create shorturl:read shorturl:update";
/** The redirector's HOST_SETTINGS_TTL_MS default: how long it trusts a host's settings. */
const HOST_SETTINGS_TTL_MS = 10_000;

/** Odd spacing and key order on purpose: the files must come back exactly as saved. */
const AASA =
  '{\n  "applinks": {"details": [ {"appIDs": ["ABCDE12345.com.acme.app"], "components": [{"/": "/app/*"}]} ]},\n  "webcredentials": {"apps": ["ABCDE12345.com.acme.app"]}\n}\n';
const ASSET_LINKS =
  '[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.acme.app","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]';

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

describe("domain-level redirects and app association files through real redirects (embedded Kurz, a test DNS server)", () => {
  let flow: FlowKurz;
  let dns: TestDnsServer;
  let user: SignedInUser;
  let clock: TestClock;

  beforeAll(async () => {
    dns = await startTestDnsServer();
    clock = new TestClock();
    flow = await startFlowKurz("domain-redirects", { DNS_SERVERS: dns.address }, { clock });
    user = await signUpOnPlan(flow, SCOPE, "business");
  });

  afterAll(async () => {
    await flow?.stop();
    await dns?.stop();
  });

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${flow.edgeUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: JSON under test
    return { status: response.status, body: (await response.json()) as any };
  }

  /** The redirector asks link-api again once its copy of the host's settings is older than its TTL. */
  const forgetHostSettings = () => clock.advance(HOST_SETTINGS_TTL_MS + 1);

  async function verifiedDomain(): Promise<string> {
    const domain = `go-${unique()}.example.com`;
    const added = await api("POST", "/domains/branded", { domain });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { name, value } = added.body.brandedDomain.verification;
    dns.setTxt(name, [value]);
    const verified = await api("POST", `/domains/branded/${domain}/verify`);
    expect(verified.body, JSON.stringify(verified.body)).toMatchObject({ verified: true });
    return domain;
  }

  it("sends a verified branded domain's root, unknown codes and expired links where its owner chose, and back to the default pages when cleared", async () => {
    const domain = await verifiedDomain();
    // Nothing set: the default pages.
    expect((await getWithHost(`${flow.edgeUrl}/`, domain)).status).toBe(404);
    expect((await getWithHost(`${flow.edgeUrl}/nosuchcode`, domain)).status).toBe(404);

    const patched = await api("PATCH", `/domains/branded/${domain}`, {
      root_redirect_url: "https://acme.example.org/",
      not_found_redirect_url: "https://acme.example.org/missing?from=short",
      expired_redirect_url: "https://acme.example.org/ended",
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.brandedDomain).toMatchObject({
      domain,
      rootRedirectUrl: "https://acme.example.org/",
      notFoundRedirectUrl: "https://acme.example.org/missing?from=short",
      expiredRedirectUrl: "https://acme.example.org/ended",
      appleAppSiteAssociation: null,
      assetLinks: null,
    });

    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const expiring = await api("POST", "/urls", {
      url: "https://example.com/spring",
      branded_domain: domain,
      customAlias: `sale-${unique()}`,
      expires_at: expiresAt,
    });
    expect(expiring.status, JSON.stringify(expiring.body)).toBe(201);
    const own = await api("POST", "/urls", {
      url: "https://example.com/summer",
      branded_domain: domain,
      customAlias: `own-${unique()}`,
      expires_at: expiresAt,
      expired_url: "https://example.com/summer-is-over",
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const saleCode = expiring.body.url.shortCode;
    const ownCode = own.body.url.shortCode;

    forgetHostSettings();
    const root = await getWithHost(`${flow.edgeUrl}/`, domain);
    expect(root).toMatchObject({ status: 302, location: "https://acme.example.org/" });
    expect(await getWithHost(`${flow.edgeUrl}/nosuchcode`, domain)).toMatchObject({
      status: 302,
      location: "https://acme.example.org/missing?from=short",
    });
    // A live link still goes to its destination (a static link: 301).
    expect(await getWithHost(`${flow.edgeUrl}/${saleCode}`, domain)).toMatchObject({
      status: 301,
      location: "https://example.com/spring",
    });
    clock.advance(61_000);
    // Expired: the link's own expired URL first, else the domain's.
    expect(await getWithHost(`${flow.edgeUrl}/${saleCode}`, domain)).toMatchObject({
      status: 302,
      location: "https://acme.example.org/ended",
    });
    expect(await getWithHost(`${flow.edgeUrl}/${ownCode}`, domain)).toMatchObject({
      status: 302,
      location: "https://example.com/summer-is-over",
    });

    const cleared = await api("PATCH", `/domains/branded/${domain}`, {
      root_redirect_url: null,
      not_found_redirect_url: "",
      expired_redirect_url: null,
    });
    expect(cleared.body.brandedDomain).toMatchObject({
      rootRedirectUrl: null,
      notFoundRedirectUrl: null,
      expiredRedirectUrl: null,
    });
    forgetHostSettings();
    expect((await getWithHost(`${flow.edgeUrl}/`, domain)).status).toBe(404);
    expect((await getWithHost(`${flow.edgeUrl}/nosuchcode`, domain)).status).toBe(404);
    expect((await getWithHost(`${flow.edgeUrl}/${saleCode}`, domain)).status).toBe(410);
  });

  it("serves the association files byte for byte as application/json, only on a verified domain, and refuses what is not the right JSON", async () => {
    const pending = `wait-${unique()}.example.com`;
    expect((await api("POST", "/domains/branded", { domain: pending })).status).toBe(201);
    expect(
      (
        await api("PATCH", `/domains/branded/${pending}`, {
          apple_app_site_association: AASA,
          asset_links: ASSET_LINKS,
        })
      ).status,
    ).toBe(200);
    // Not verified: whoever added it has not proven the host is theirs; it serves nothing.
    expect(
      (await getWithHost(`${flow.edgeUrl}/.well-known/apple-app-site-association`, pending)).status,
    ).toBe(404);

    const domain = await verifiedDomain();
    expect((await getWithHost(`${flow.edgeUrl}/.well-known/assetlinks.json`, domain)).status).toBe(404);
    const saved = await api("PATCH", `/domains/branded/${domain}`, {
      apple_app_site_association: AASA,
      asset_links: ASSET_LINKS,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.brandedDomain).toMatchObject({
      appleAppSiteAssociation: AASA,
      assetLinks: ASSET_LINKS,
    });
    forgetHostSettings();
    const apple = await getWithHost(`${flow.edgeUrl}/.well-known/apple-app-site-association`, domain);
    expect(apple.status).toBe(200);
    expect(apple.contentType).toMatch(/^application\/json/);
    expect(apple.body.equals(Buffer.from(AASA))).toBe(true);
    const android = await getWithHost(`${flow.edgeUrl}/.well-known/assetlinks.json`, domain);
    expect(android.status).toBe(200);
    expect(android.contentType).toMatch(/^application\/json/);
    expect(android.body.equals(Buffer.from(ASSET_LINKS))).toBe(true);

    // Given as JSON rather than as a string: kept as JSON.stringify writes it.
    const asJson = await api("PATCH", `/domains/branded/${domain}`, { asset_links: JSON.parse(ASSET_LINKS) });
    expect(asJson.body.brandedDomain.assetLinks).toBe(JSON.stringify(JSON.parse(ASSET_LINKS)));

    for (const [field, value, message] of [
      ["apple_app_site_association", "[1]", "must be a JSON object"],
      ["apple_app_site_association", '{"applinks": ', "must be valid JSON"],
      ["asset_links", "{}", "must be a JSON array"],
      ["asset_links", "x".repeat(128 * 1024 + 1), "at most"],
    ] as const) {
      const refused = await api("PATCH", `/domains/branded/${domain}`, { [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.body, field).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(JSON.stringify(refused.body), field).toContain(message);
    }
    // The refusals changed nothing.
    forgetHostSettings();
    const still = await getWithHost(`${flow.edgeUrl}/.well-known/apple-app-site-association`, domain);
    expect(still.body.equals(Buffer.from(AASA))).toBe(true);
  });

  it("refuses host redirects a link's URL could not have: not http(s), a private address, a short link of ours", async () => {
    const domain = await verifiedDomain();
    for (const value of ["ftp://example.com/", "http://127.0.0.1/admin", `${flow.edgeUrl}/abc123`]) {
      const refused = await api("PATCH", `/domains/branded/${domain}`, { root_redirect_url: value });
      expect(refused.status, value).toBe(400);
      expect(refused.body, value).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("sends a subdomain's root and unknown codes where its owner chose", async () => {
    const label = `acme${unique()}`;
    expect((await api("POST", "/domains/subdomains", { subdomain: label })).status).toBe(201);
    const patched = await api("PATCH", `/domains/subdomains/${label}`, {
      root_redirect_url: "https://acme.example.org/team",
      not_found_redirect_url: "https://acme.example.org/team/404",
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.subdomain).toMatchObject({
      rootRedirectUrl: "https://acme.example.org/team",
      notFoundRedirectUrl: "https://acme.example.org/team/404",
      expiredRedirectUrl: null,
    });
    // A subdomain serves no association files: the field is not one of its settings.
    expect(
      (await api("PATCH", `/domains/subdomains/${label}`, { apple_app_site_association: "{}" })).status,
    ).toBe(400);
    forgetHostSettings();
    const host = `${label}.localhost`;
    expect(await getWithHost(`${flow.edgeUrl}/`, host)).toMatchObject({
      status: 302,
      location: "https://acme.example.org/team",
    });
    expect(await getWithHost(`${flow.edgeUrl}/nosuchcode`, host)).toMatchObject({
      status: 302,
      location: "https://acme.example.org/team/404",
    });

    // A change reaches the edge through its domain event, before the cached copy's TTL: the clock
    // does not move here.
    await api("PATCH", `/domains/subdomains/${label}`, {
      root_redirect_url: "https://acme.example.org/moved",
    });
    await waitFor(() => getWithHost(`${flow.edgeUrl}/`, host), {
      until: (answer) => answer.location === "https://acme.example.org/moved",
      what: "the subdomain's root redirect after its change",
    });
  });

  it("sends the main short host's root to the dashboard (make start's default) and keeps its unknown codes on the not-found page", async () => {
    expect(await getWithHost(`${flow.edgeUrl}/`, flow.shortHost)).toMatchObject({
      status: 302,
      location: "/app/",
    });
    expect((await getWithHost(`${flow.edgeUrl}/nosuchcode`, flow.shortHost)).status).toBe(404);
    // Another host that is neither a verified domain nor a subdomain: the default page.
    expect((await getWithHost(`${flow.edgeUrl}/`, "unknown.example.net")).status).toBe(404);
  });
});
