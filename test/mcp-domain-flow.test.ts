import { randomBytes } from "node:crypto";
import { createMcpKey, startTestDnsServer, type TestDnsServer } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWithHost, type HostResponse } from "./support/get-with-host";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

// biome-ignore lint/suspicious/noExplicitAny: structured results under test
type Structured = Record<string, any>;

/** The domain tools in their order, and the two served among the URL tools (docs/api/mcp.md#domain-tools, #url-tools). */
const DOMAIN_TOOLS = [
  "getUserDomains",
  "createSubdomain",
  "createBrandedDomain",
  "verifyBrandedDomain",
  "updateSubdomain",
  "deleteSubdomain",
  "updateBrandedDomain",
  "updateDomainSettings",
  "deleteBrandedDomain",
  "checkSubdomainAvailability",
  "checkDomainAvailability",
  "getDomainSuggestions",
  "getTxtVerificationInfo",
  "verifyTxtRecord",
];
const URL_DOMAIN_TOOLS = ["checkSubdomainAvailabilityUrl", "verifySubdomain"];
/** What a key with only domain:read (and mcp) may see. */
const DOMAIN_READ_TOOLS = [
  "verifySubdomain",
  "getUserDomains",
  "checkSubdomainAvailability",
  "checkDomainAvailability",
  "getDomainSuggestions",
  "getTxtVerificationInfo",
];

const KEY_PERMISSIONS = [
  "domain:read",
  "domain:write",
  "shorturl:read",
  "shorturl:create",
  "shorturl:delete",
];
const SCOPE = [...KEY_PERMISSIONS, "account:read", "account:write"].join(" ");

/** A fresh lowercase suffix: labels and host names unique per run. */
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

describe("MCP domain tools end to end in embedded mode (the SDK's client, real services, a test DNS server)", () => {
  let flow: FlowKurz;
  let dns: TestDnsServer;
  let edgeUrl: string;
  let shortHost: string;
  let key: string;
  let readOnlyKey: string;

  beforeAll(async () => {
    dns = await startTestDnsServer();
    flow = await startFlowKurz("mcp-domain-flow", { DNS_SERVERS: dns.address });
    ({ edgeUrl, shortHost } = flow);
    const user = await signUpOnPlan(flow, SCOPE, "business");
    key = await createMcpKey(edgeUrl, user.accessToken, ["mcp", ...KEY_PERMISSIONS]);
    readOnlyKey = await createMcpKey(edgeUrl, user.accessToken, ["mcp", "domain:read"]);
  });

  afterAll(async () => {
    await flow?.stop();
    await dns?.stop();
  });

  /**
   * This file speaks the 2024-11-05 HTTP+SSE transport (the SDK's SSE client, the key in
   * `requestInit` headers): its tools are the SSE transport's end-to-end coverage, as the other
   * MCP flow files are Streamable HTTP's.
   */
  async function connect(apiKey: string): Promise<Client> {
    const client = new Client({ name: "kurz-domain-flow", version: "1.0.0" });
    await client.connect(
      new SSEClientTransport(new URL(`${edgeUrl}/mcp/sse`), {
        requestInit: { headers: { "x-mcp-key": apiKey } },
      }),
    );
    return client;
  }

  /** Calls a tool that must succeed; its structured result. */
  async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Structured> {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(
      result.structuredContent,
    );
    return result.structuredContent as Structured;
  }

  /** Calls a tool that must fail; its MCP error body. */
  async function fail(client: Client, name: string, args: Record<string, unknown>): Promise<Structured> {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name} should fail: ${JSON.stringify(result.structuredContent)}`).toBe(true);
    const body = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Structured;
    expect(body).toMatchObject({ success: false, code: expect.any(String), hint: expect.any(String) });
    return body;
  }

  /** A browser's visit to `code` on `host`, through the edge (fetch() cannot set the Host header). */
  function visit(host: string, code: string): Promise<HostResponse> {
    return getWithHost(`${edgeUrl}/${code}`, host);
  }

  it("lists the 14 domain tools and the 2 URL subdomain tools in their order; a domain:read key sees only the read tools", async () => {
    const client = await connect(key);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      const first = names.indexOf("getUserDomains");
      expect(names.slice(first, first + DOMAIN_TOOLS.length)).toEqual(DOMAIN_TOOLS);
      expect(names.filter((name) => URL_DOMAIN_TOOLS.includes(name))).toEqual(URL_DOMAIN_TOOLS);
      expect(names.indexOf("checkSubdomainAvailabilityUrl")).toBeGreaterThan(
        names.indexOf("checkAliasAvailability"),
      );
      expect(names.indexOf("verifySubdomain")).toBeLessThan(names.indexOf("getRecentUrls"));
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      for (const name of [...DOMAIN_TOOLS, ...URL_DOMAIN_TOOLS]) {
        const tool = byName.get(name)!;
        expect(tool.description?.length ?? 0, name).toBeGreaterThanOrEqual(40);
        expect(tool.outputSchema?.type, name).toBe("object");
        expect(tool.annotations?.readOnlyHint, name).toBe(
          [...DOMAIN_READ_TOOLS, "checkSubdomainAvailabilityUrl"].includes(name),
        );
      }
      for (const name of ["deleteSubdomain", "deleteBrandedDomain"]) {
        expect(byName.get(name)!.annotations?.destructiveHint, name).toBe(true);
      }
      // The two that look DNS up touch the world outside Kurz; nothing else does.
      expect(
        [...DOMAIN_TOOLS, ...URL_DOMAIN_TOOLS].filter((name) => byName.get(name)!.annotations?.openWorldHint),
      ).toEqual(["verifyBrandedDomain", "verifyTxtRecord"]);
    } finally {
      await client.close();
    }

    const reader = await connect(readOnlyKey);
    try {
      const { tools } = await reader.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...DOMAIN_READ_TOOLS].sort());
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(await call(reader, "getUserDomains", {})).toMatchObject({ subdomains: [], branded_domains: [] });
      // A tool the key may not use is no tool to it: a protocol error, -32602 (MCP specification: tools).
      await expect(
        reader.callTool({ name: "createSubdomain", arguments: { subdomain: `ro${unique()}` } }),
      ).rejects.toMatchObject({
        code: -32602,
        data: { code: "VALIDATION_ERROR", details: { field: "name" } },
      });
    } finally {
      await reader.close();
    }
  });

  it("runs a subdomain's life: free, reserved, listed, renamed, a link on it redirects at <label>.<short host>, released once its link is gone", async () => {
    const client = await connect(key);
    try {
      const label = `acme${unique()}`;
      const alias = `spring-${unique()}`;
      const host = `${label}.localhost`;

      // Before reserving: free to reserve, not usable for links.
      expect(await call(client, "checkSubdomainAvailability", { subdomain: label.toUpperCase() })).toEqual({
        subdomain: label,
        available: true,
        reason: null,
        message: null,
      });
      const offered = await call(client, "getDomainSuggestions", { base: label, limit: 3 });
      expect(offered.suggestions).toHaveLength(3);
      expect(offered.suggestions[0]).toBe(label);
      expect(await call(client, "checkSubdomainAvailabilityUrl", { subdomain: label, alias })).toMatchObject({
        subdomain: label,
        host: null,
        available: false,
        reason: "subdomain_not_reserved",
      });
      const unknown = await fail(client, "verifySubdomain", { subdomain: label });
      expect(unknown.code).toBe("NOT_FOUND");
      expect(unknown.hint).toContain("createSubdomain");

      const { subdomain } = await call(client, "createSubdomain", { subdomain: label, name: "Acme" });
      expect(subdomain).toMatchObject({ subdomain: label, name: "Acme", host, link_count: 0 });
      expect(Date.parse(subdomain.created_at)).not.toBeNaN();
      const again = await fail(client, "createSubdomain", { subdomain: label });
      expect(again.code).toBe("CONFLICT");
      expect(again.hint).toContain("getDomainSuggestions");
      expect(await fail(client, "createSubdomain", { subdomain: "x" })).toMatchObject({
        code: "VALIDATION_ERROR",
      });

      // Availability answers with the reason: taken (by anyone, this account included), reserved, invalid.
      expect(await call(client, "checkSubdomainAvailability", { subdomain: label })).toMatchObject({
        available: false,
        reason: "taken",
        message: expect.any(String),
      });
      expect(await call(client, "checkSubdomainAvailability", { subdomain: "www" })).toMatchObject({
        subdomain: "www",
        available: false,
        reason: "reserved",
      });
      for (const bad of ["ab", "-acme", "acme--co", "acme_co"]) {
        expect(await call(client, "checkSubdomainAvailability", { subdomain: bad }), bad).toMatchObject({
          available: false,
          reason: "invalid",
        });
      }
      // Suggestions are free labels: the reserved one is no longer among them.
      const suggested = (await call(client, "getDomainSuggestions", { base: label })).suggestions as string[];
      expect(suggested.length).toBeGreaterThan(0);
      expect(suggested).not.toContain(label);
      for (const free of suggested) {
        expect(await call(client, "checkSubdomainAvailability", { subdomain: free }), free).toMatchObject({
          available: true,
        });
      }

      const listed = await call(client, "getUserDomains", {});
      expect(listed.subdomain_host).toBe("localhost");
      expect(listed.subdomains).toEqual([subdomain]);
      expect(await call(client, "verifySubdomain", { subdomain: label })).toEqual({ host, subdomain });
      expect((await call(client, "verifySubdomain", { subdomain: subdomain.id })).host).toBe(host);

      const renamed = await call(client, "updateSubdomain", { subdomain: label, name: "Acme links" });
      expect(renamed.subdomain).toMatchObject({ id: subdomain.id, subdomain: label, name: "Acme links" });
      expect((await call(client, "getUserDomains", {})).subdomains[0].name).toBe("Acme links");

      // A link on the subdomain: the alias is free there, the link answers on its host only.
      expect(await call(client, "checkSubdomainAvailabilityUrl", { subdomain: label, alias })).toEqual({
        subdomain: label,
        host,
        alias,
        available: true,
        reason: null,
        message: null,
      });
      const { url } = await call(client, "shortenUrl", {
        url: "https://shop.example.com/spring?from=subdomain",
        urlType: "subdomain",
        subdomain: label,
        customAlias: alias,
      });
      expect(url).toMatchObject({ id: alias, urlType: "subdomain", domain: host });
      expect(url.shortUrl).toBe(`http://${label}.${shortHost}/${alias}`);
      const redirect = await visit(`${label}.${shortHost}`, alias);
      expect(redirect.status).toBe(301);
      expect(redirect.location).toBe("https://shop.example.com/spring?from=subdomain");
      expect((await visit(shortHost, alias)).status).toBe(404);
      expect(await call(client, "checkSubdomainAvailabilityUrl", { subdomain: label, alias })).toMatchObject({
        available: false,
        reason: "taken",
      });
      expect((await call(client, "verifySubdomain", { subdomain: label })).subdomain.link_count).toBe(1);

      // Releasing it is refused while the link uses it, with a stable code and what to do.
      const inUse = await fail(client, "deleteSubdomain", { subdomain: label });
      expect(inUse).toMatchObject({ code: "INVALID_STATE", retryable: false, details: { linkCount: 1 } });
      expect(inUse.hint).toContain("deleteUrl");
      await call(client, "deleteUrl", { shortCode: alias });
      const { deleted } = await call(client, "deleteSubdomain", { subdomain: label });
      expect(deleted).toMatchObject({ id: subdomain.id, subdomain: label, link_count: 0 });

      expect((await call(client, "getUserDomains", {})).subdomains).toEqual([]);
      expect((await fail(client, "verifySubdomain", { subdomain: label })).code).toBe("NOT_FOUND");
      expect((await fail(client, "deleteSubdomain", { subdomain: label })).code).toBe("NOT_FOUND");
      expect(await call(client, "checkSubdomainAvailability", { subdomain: label })).toMatchObject({
        available: true,
      });
    } finally {
      await client.close();
    }
  });

  it("runs a branded domain's life: added with its TXT record, refused before the record is published, verified after, a link on it redirects, renamed, removed", async () => {
    const client = await connect(key);
    try {
      const domain = `links.acme-${unique()}.com`;
      const alias = `brand-${unique()}`;

      expect(await call(client, "checkDomainAvailability", { domain: domain.toUpperCase() })).toEqual({
        domain,
        available: true,
        reason: null,
        message: null,
      });
      for (const [bad, reason] of [
        ["localhost", "invalid"],
        ["https://acme.com/path", "invalid"],
        ["10.0.0.1", "invalid"],
        ["shop.localhost", "reserved"],
      ] as const) {
        expect(await call(client, "checkDomainAvailability", { domain: bad }), bad).toMatchObject({
          available: false,
          reason,
          message: expect.any(String),
        });
      }

      const { branded_domain: added } = await call(client, "createBrandedDomain", {
        domain: domain.toUpperCase(),
        name: "Acme",
      });
      const recordName = `_kurz-verify.${domain}`;
      expect(added).toMatchObject({
        domain,
        name: "Acme",
        status: "pending",
        verification: {
          type: "TXT",
          name: recordName,
          value: expect.stringMatching(/^kurz-verify=[0-9a-f]{32}$/),
        },
        last_checked_at: null,
        verified_at: null,
        failure_reason: null,
        link_count: 0,
      });
      const record = added.verification as { type: "TXT"; name: string; value: string };
      expect(await call(client, "checkDomainAvailability", { domain })).toMatchObject({
        available: false,
        reason: "added",
      });
      expect((await fail(client, "createBrandedDomain", { domain })).code).toBe("CONFLICT");

      const info = await call(client, "getTxtVerificationInfo", { domain });
      expect(info).toMatchObject({ record, status: "pending" });
      expect(info.instructions).toContain(record.name);
      expect(info.instructions).toContain(record.value);
      expect((await call(client, "getTxtVerificationInfo", { domain: added.id })).record).toEqual(record);

      // Not verified: no link on it yet, and checking before publishing fails with the reason.
      const early = await fail(client, "shortenUrl", {
        url: "https://shop.example.com/brand",
        urlType: "branded",
        branded_domain: domain,
      });
      expect(early.code).toBe("INVALID_STATE");
      const unpublished = await call(client, "verifyBrandedDomain", { domain });
      expect(unpublished).toMatchObject({
        verified: false,
        branded_domain: {
          domain,
          status: "failed",
          verified_at: null,
          failure_reason: `No TXT record at ${recordName}`,
        },
      });
      expect(Date.parse(unpublished.branded_domain.last_checked_at)).not.toBeNaN();

      // A wrong value: verifyTxtRecord shows what it expected next to what it found.
      dns.setTxt(recordName, ["kurz-verify=not-the-token"]);
      const wrong = await call(client, "verifyTxtRecord", { domain });
      expect(wrong).toMatchObject({
        domain,
        verified: false,
        expected: record,
        status: "failed",
        found: expect.stringContaining("does not contain"),
      });
      expect(wrong.next_step).toContain(record.value);

      dns.setTxt(recordName, ["v=spf1 -all", record.value]);
      const checked = await call(client, "verifyTxtRecord", { domain });
      expect(checked).toMatchObject({
        domain,
        verified: true,
        expected: record,
        found: null,
        status: "verified",
      });
      expect(checked.next_step).toContain(domain);
      const verified = await call(client, "verifyBrandedDomain", { domain: added.id });
      expect(verified).toMatchObject({
        verified: true,
        branded_domain: { id: added.id, status: "verified", failure_reason: null },
      });
      expect(Date.parse(verified.branded_domain.verified_at)).not.toBeNaN();
      expect((await call(client, "getTxtVerificationInfo", { domain })).status).toBe("verified");

      const renamed = await call(client, "updateBrandedDomain", { domain, name: "Acme short links" });
      expect(renamed.branded_domain).toMatchObject({
        id: added.id,
        name: "Acme short links",
        status: "verified",
      });
      expect((await call(client, "getUserDomains", {})).branded_domains).toEqual([renamed.branded_domain]);

      // A link on the verified domain answers on the customer's host.
      const { url } = await call(client, "shortenUrl", {
        url: "https://shop.example.com/brand?from=branded",
        urlType: "branded",
        branded_domain: domain,
        customAlias: alias,
      });
      expect(url).toMatchObject({
        id: alias,
        urlType: "branded",
        domain,
        shortUrl: `http://${domain}/${alias}`,
      });
      const redirect = await visit(domain, alias);
      expect(redirect.status).toBe(301);
      expect(redirect.location).toBe("https://shop.example.com/brand?from=branded");

      const inUse = await fail(client, "deleteBrandedDomain", { domain });
      expect(inUse).toMatchObject({ code: "INVALID_STATE", details: { linkCount: 1 } });
      await call(client, "deleteUrl", { shortCode: alias });
      const { deleted } = await call(client, "deleteBrandedDomain", { domain });
      expect(deleted).toMatchObject({ id: added.id, domain, link_count: 0 });
      expect((await call(client, "getUserDomains", {})).branded_domains).toEqual([]);
      expect((await fail(client, "getTxtVerificationInfo", { domain })).code).toBe("NOT_FOUND");
      expect((await fail(client, "verifyBrandedDomain", { domain })).code).toBe("NOT_FOUND");
      expect(await call(client, "checkDomainAvailability", { domain })).toMatchObject({ available: true });
    } finally {
      await client.close();
    }
  });

  it("sets a verified branded domain's redirects and app association files (updateDomainSettings), which the edge then serves; refuses an ambiguous or impossible call", async () => {
    const client = await connect(key);
    try {
      const domain = `go.settings-${unique()}.com`;
      const { branded_domain: added } = await call(client, "createBrandedDomain", { domain });
      dns.setTxt(added.verification.name, [added.verification.value]);
      expect((await call(client, "verifyBrandedDomain", { domain })).branded_domain.status).toBe("verified");

      const assetLinks = '[{"relation": ["delegate_permission/common.handle_all_urls"]}]';
      const { branded_domain: set, subdomain: none } = await call(client, "updateDomainSettings", {
        domain,
        root_redirect_url: "https://acme.example.org/",
        not_found_redirect_url: "https://acme.example.org/404",
        asset_links: assetLinks,
      });
      expect(none).toBeNull();
      expect(set).toMatchObject({
        domain,
        root_redirect_url: "https://acme.example.org/",
        not_found_redirect_url: "https://acme.example.org/404",
        expired_redirect_url: null,
        apple_app_site_association: null,
        asset_links: assetLinks,
      });
      expect(await getWithHost(`${edgeUrl}/`, domain)).toMatchObject({
        status: 302,
        location: "https://acme.example.org/",
      });
      expect(await visit(domain, "no-such-code")).toMatchObject({
        status: 302,
        location: "https://acme.example.org/404",
      });
      const served = await getWithHost(`${edgeUrl}/.well-known/assetlinks.json`, domain);
      expect(served.status).toBe(200);
      expect(served.body.toString()).toBe(assetLinks);

      // Only the fields given change; null clears one.
      const { branded_domain: cleared } = await call(client, "updateDomainSettings", {
        domain,
        root_redirect_url: null,
      });
      expect(cleared).toMatchObject({
        root_redirect_url: null,
        not_found_redirect_url: "https://acme.example.org/404",
        asset_links: assetLinks,
      });

      expect(
        await fail(client, "updateDomainSettings", { root_redirect_url: "https://a.example/" }),
      ).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(
        await fail(client, "updateDomainSettings", { domain, subdomain: "acme", root_redirect_url: null }),
      ).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(
        await fail(client, "updateDomainSettings", { domain, apple_app_site_association: "[]" }),
      ).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(
        await fail(client, "updateDomainSettings", { subdomain: "acme", asset_links: "[]" }),
      ).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(
        await fail(client, "updateDomainSettings", { domain, root_redirect_url: "http://10.0.0.1/" }),
      ).toMatchObject({ code: "VALIDATION_ERROR" });
    } finally {
      await client.close();
    }
  });
});
