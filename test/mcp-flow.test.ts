import { TestClock } from "@kurz/clock";
import type { RunningKurz } from "@kurz/embedded";
import { createMcpKey, setPlanAsOperator, signInWithOAuth, waitFor } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

/** Calls a tool that must succeed and returns its structured result. */
function succeeding(client: Client) {
  return async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    // biome-ignore lint/suspicious/noExplicitAny: structured results under test
    return result.structuredContent as Record<string, any>;
  };
}

const LINK_SCOPES = ["shorturl:read", "shorturl:create", "shorturl:update", "shorturl:delete"];
const AB_SCOPES = ["abtest:read", "abtest:write"];
const CAMPAIGN_SCOPES = ["campaign:read", "campaign:write", "analytics:read", "conversion:write"];
const SCOPE = [...LINK_SCOPES, ...AB_SCOPES, ...CAMPAIGN_SCOPES, "account:read", "account:write"].join(" ");

describe("MCP server end to end in embedded mode (the SDK's client, real services)", () => {
  let flow: FlowKurz;
  let kurz: RunningKurz;
  let dataDir: string;
  let edgeUrl: string;
  let shortHost: string;
  let proKey: string;
  let proToken: string;
  let readOnlyKey: string;
  let freeKey: string;
  let freeToken: string;
  let limitedKey: string;
  /** Every service's clock: the rate window is crossed by moving it, not by waiting a minute. */
  const clock = new TestClock();
  /**
   * A poll through MCP reads once a second: each read is one of the plan's MCP requests a minute
   * (Business: 300), which a read every 50 ms beside the tests' own calls could spend.
   */
  const MCP_POLL_MS = 1_000;

  beforeAll(async () => {
    flow = await startFlowKurz("mcp-flow", { TOKEN_REVOCATION_CACHE_MS: "500" }, { clock });
    ({ kurz, dataDir, edgeUrl, shortHost } = flow);
    // Business: 300 MCP requests a minute, room for every test below (Pro's 60 is tested apart).
    const pro = await signInWithOAuth(edgeUrl, SCOPE, {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
          email,
          plan: "business",
        }),
    });
    proToken = pro.accessToken;
    proKey = await createMcpKey(edgeUrl, pro.accessToken, [
      "mcp",
      ...LINK_SCOPES,
      ...AB_SCOPES,
      ...CAMPAIGN_SCOPES,
    ]);
    readOnlyKey = await createMcpKey(edgeUrl, pro.accessToken, ["mcp", "shorturl:read"]);
    // A plan without MCP refuses to make a key; an account moved back to Free keeps its keys,
    // which the server must then refuse.
    const plan = (email: string, to: "pro" | "free") =>
      setPlanAsOperator({
        dataDir,
        authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
        email,
        plan: to,
      });
    const downgraded = await signInWithOAuth(edgeUrl, SCOPE, { afterSignUp: (email) => plan(email, "pro") });
    freeKey = await createMcpKey(edgeUrl, downgraded.accessToken, ["mcp", ...LINK_SCOPES]);
    freeToken = downgraded.accessToken;
    await plan(downgraded.email, "free");
    const limited = await signInWithOAuth(edgeUrl, SCOPE, { afterSignUp: (email) => plan(email, "pro") });
    limitedKey = await createMcpKey(edgeUrl, limited.accessToken, ["mcp", "shorturl:read"]);
  });

  afterAll(async () => {
    await flow?.stop();
  });

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: "kurz-flow", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
        requestInit: { headers: { "x-mcp-key": key } },
      }),
    );
    return client;
  }

  /** A browser's visit (a bot would get an A/B test's control without a cookie). */
  function visit(code: string): Promise<Response> {
    return fetch(`${edgeUrl}/${code}`, {
      redirect: "manual",
      headers: {
        host: shortHost,
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      },
    });
  }

  it("lists the tools and runs a link's whole life through them: the created link redirects, the deleted one 404s", async () => {
    const client = await connect(proKey);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names.slice(0, 5)).toEqual(["shortenUrl", "listUrls", "getUrl", "updateUrl", "deleteUrl"]);
      for (const tool of tools) {
        expect(tool.description?.length ?? 0).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe("object");
        expect(tool.outputSchema?.type).toBe("object");
        expect(tool.annotations).toMatchObject({
          readOnlyHint: expect.any(Boolean),
          destructiveHint: expect.any(Boolean),
        });
      }

      const alias = `mcp-${Date.now().toString(36)}`;
      const check = await client.callTool({ name: "checkAliasAvailability", arguments: { alias } });
      expect(check.structuredContent).toMatchObject({ alias, available: true });

      const created = await client.callTool({
        name: "shortenUrl",
        arguments: {
          url: "https://shop.example.com/mcp?ref=agent",
          customAlias: alias,
          name: "From an agent",
          is_dynamic: true,
        },
      });
      expect(created.isError).toBeFalsy();
      const url = (created.structuredContent as { url: { id: string; shortUrl: string } }).url;
      expect(url.id).toBe(alias);
      expect(JSON.parse((created.content as Array<{ text: string }>)[0]!.text)).toEqual(
        created.structuredContent,
      );
      const redirect = await visit(alias);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("location")).toBe("https://shop.example.com/mcp?ref=agent");

      const taken = await client.callTool({
        name: "shortenUrl",
        arguments: { url: "https://a.example/", customAlias: alias },
      });
      expect(taken.isError).toBe(true);
      expect(JSON.parse((taken.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
        success: false,
        code: "ALIAS_EXISTS",
        retryable: false,
        hint: expect.any(String),
      });

      const bad = await client.callTool({ name: "shortenUrl", arguments: { url: "not a url" } });
      expect(bad.isError).toBe(true);
      expect(JSON.parse((bad.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
        code: "VALIDATION_ERROR",
      });

      const updated = await client.callTool({
        name: "updateUrl",
        arguments: { shortCode: alias, url: "https://shop.example.com/changed", tags: ["agent"] },
      });
      expect(updated.structuredContent).toMatchObject({
        url: { originalUrl: "https://shop.example.com/changed", tags: ["agent"] },
      });
      const got = await client.callTool({ name: "getUrl", arguments: { shortCode: alias } });
      expect(got.structuredContent).toMatchObject({
        url: { id: alias, name: "From an agent", is_dynamic: true },
      });
      const listed = await client.callTool({ name: "listUrls", arguments: { search: "agent" } });
      expect((listed.structuredContent as { urls: Array<{ id: string }> }).urls.map((u) => u.id)).toContain(
        alias,
      );
      const recent = await client.callTool({ name: "getRecentUrls", arguments: { limit: 1 } });
      expect((recent.structuredContent as { urls: Array<{ id: string }> }).urls[0]!.id).toBe(alias);
      const counted = await client.callTool({ name: "getUserUrlCount", arguments: {} });
      expect(counted.structuredContent).toMatchObject({ total: 1, dynamic: 1 });
      const summary = await client.callTool({ name: "getUserUrlStats", arguments: {} });
      expect(summary.structuredContent).toMatchObject({ total_links: 1, dynamic_links: 1, total_clicks: 0 });
      const { link_limit, links_remaining } = summary.structuredContent as Record<string, number | null>;
      // Business has a finite link limit: one of it is used.
      expect(link_limit).toBeGreaterThan(0);
      expect(links_remaining).toBe((link_limit as number) - 1);

      await waitFor(async () => (await visit(alias)).headers.get("location"), {
        until: (location) => location === "https://shop.example.com/changed",
        what: "the changed destination to reach the redirector",
      });
      const deleted = await client.callTool({ name: "deleteUrl", arguments: { shortCode: alias } });
      expect(deleted.structuredContent).toMatchObject({ deleted: { id: alias } });
      await waitFor(async () => (await visit(alias)).status, {
        until: (status) => status === 404,
        what: "the deleted link to answer 404",
      });
      const gone = await client.callTool({ name: "getUrl", arguments: { shortCode: alias } });
      expect(JSON.parse((gone.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
        code: "URL_NOT_FOUND",
      });

      // Many at once: each item on its own, answered at its index.
      const bulk = await client.callTool({
        name: "bulkShortenUrls",
        arguments: {
          urls: [
            { url: "https://shop.example.com/bulk-1", tags: ["bulk"] },
            { url: "http://127.0.0.1/admin" },
            { url: "https://shop.example.com/bulk-3" },
          ],
        },
      });
      const made = bulk.structuredContent as {
        results: Array<{ index: number; success: boolean; url?: { id: string }; error?: { code: string } }>;
        created: number;
        failed: number;
      };
      expect(made).toMatchObject({ created: 2, failed: 1 });
      expect(made.results.map((r) => r.error?.code ?? "ok")).toEqual(["ok", "VALIDATION_ERROR", "ok"]);
      const codes = [made.results[0]!.url!.id, made.results[2]!.url!.id];
      await waitFor(async () => (await visit(codes[1]!)).headers.get("location"), {
        until: (location) => location === "https://shop.example.com/bulk-3",
        what: "a bulk-made link to redirect",
      });
      const removed = await client.callTool({
        name: "bulkDeleteUrls",
        arguments: { shortCodes: [...codes, "no-such-code"] },
      });
      expect(removed.structuredContent).toMatchObject({ deleted: 2, failed: 1 });
      expect(
        (removed.structuredContent as { results: Array<{ error?: { code: string } }> }).results[2]?.error
          ?.code,
      ).toBe("URL_NOT_FOUND");
    } finally {
      await client.close();
    }
  });

  it("routes a link's visitors by rules set through the tools, and simulateRedirect explains where one goes", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const alias = `rules-${Date.now().toString(36)}`;
      await call("shortenUrl", {
        url: "https://shop.example.com/all",
        customAlias: alias,
        is_dynamic: true,
        og_title: "Spring sale",
      });
      await call("setRedirectRules", {
        shortCode: alias,
        rules: [
          {
            id: "linux",
            name: "Linux desktops",
            destination_url: "https://shop.example.com/linux",
            conditions: [{ type: "os", values: ["linux"] }],
          },
        ],
      });
      // The redirector gets the change through the link events: its Linux visitor follows the rule.
      await waitFor(async () => (await visit(alias)).headers.get("location"), {
        until: (location) => location === "https://shop.example.com/linux",
        what: "the rule to route the Linux visitor",
      });
      const simulated = await call("simulateRedirect", {
        shortCode: alias,
        user_agent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      });
      expect(simulated).toMatchObject({
        destination_url: "https://shop.example.com/linux",
        status_code: 302,
        matched: "rule",
        rule: { id: "linux", name: "Linux desktops", index: 0 },
      });
      expect(simulated.explanation.join("\n")).toMatch(/rule 1 'Linux desktops': os linux — yes/);
      const crawler = await call("simulateRedirect", {
        shortCode: alias,
        user_agent: "Slackbot-LinkExpanding 1.0",
      });
      expect(crawler).toMatchObject({ matched: "preview", status_code: 200 });

      await call("updateUrl", { shortCode: alias, rules: [] });
      expect(await call("simulateRedirect", { shortCode: alias })).toMatchObject({
        matched: "default",
        destination_url: "https://shop.example.com/all",
      });
      const refused = await client.callTool({
        name: "setRedirectRules",
        arguments: {
          shortCode: alias,
          rules: [
            {
              id: "x",
              destination_url: "https://shop.example.com/x",
              conditions: [{ type: "country", values: ["Narnia"] }],
            },
          ],
        },
      });
      expect(refused.isError).toBe(true);
      expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(/ISO 3166-1 alpha-2/);
    } finally {
      await client.close();
    }
  });

  it("imports another shortener's export through importLinks, follows it with getImportStatus to the end, and lists the imported links", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const suffix = Date.now().toString(36);
      const [first, second] = [`imp-a-${suffix}`, `imp-b-${suffix}`];
      const tag = `imported-${suffix}`;
      const csv = [
        "url,alias,name,tags",
        `https://shop.example.com/imported-1,${first},Imported one,spring`,
        `https://shop.example.com/imported-2,${second},Imported two,`,
        "not a url,,Broken row,",
      ].join("\n");

      const started = await call("importLinks", { content: csv, tags: [tag] });
      expect(started.import).toMatchObject({ status: "queued", format: "generic", dry_run: false });
      const id = started.import.id as string;

      // link-api's worker applies it in the background; each read is one MCP request of the minute.
      const finished = await waitFor(() => call("getImportStatus", { import_id: id }), {
        until: (status) => ["completed", "failed", "cancelled"].includes(status.import.status),
        what: "the import to finish",
        intervalMs: MCP_POLL_MS,
      });
      expect(finished.import).toMatchObject({
        status: "completed",
        progress: { processed: 3, total: 3 },
        created: 2,
        skipped: 0,
        failed: 1,
      });
      expect(finished.errors).toEqual([{ row: 3, code: expect.any(String), message: expect.any(String) }]);

      const listed = await call("listUrls", { tag, limit: 10 });
      expect(listed.urls.map((url: { id: string }) => url.id).sort()).toEqual([first, second].sort());
      await waitFor(async () => (await visit(first)).headers.get("location"), {
        until: (location) => location === "https://shop.example.com/imported-1",
        what: "an imported link to redirect",
      });

      const again = await call("getImportStatus", { import_id: id, max_errors: 0 });
      expect(again).toMatchObject({ errors: [], moreErrors: 1 });
      const foreign = await client.callTool({
        name: "getImportStatus",
        arguments: { import_id: "0193a4c2-7b1e-7c3a-9d1e-2b4c6d8e0f12" },
      });
      expect(foreign.isError).toBe(true);
      expect(JSON.parse((foreign.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
        code: "NOT_FOUND",
      });
    } finally {
      await client.close();
    }
  });

  it("runs an A/B test's life through the A/B tools: the running link splits, the winner becomes its destination", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const alias = `mcp-ab-${Date.now().toString(36)}`;
      const { test } = await call("createAbTest", {
        name: "Agent test",
        short_code: alias,
        variants: [
          { name: "Old", destination_url: "https://shop.example.com/old" },
          { name: "New", destination_url: "https://shop.example.com/new" },
        ],
      });
      expect(test).toMatchObject({ status: "draft", rotator: true, traffic_split_mode: "equal" });
      const renamed = await call("updateAbTest", { id: alias, name: "Agent test (renamed)" });
      expect(renamed.test.name).toBe("Agent test (renamed)");
      expect((await call("getAbTest", { id: test.id })).test.variants).toHaveLength(2);
      expect((await call("startAbTest", { id: alias })).test.status).toBe("running");
      await waitFor(async () => (await visit(alias)).headers.get("set-cookie") ?? "", {
        until: (cookie) => /^kz_ab_/.test(cookie),
        what: "the started test's split cookie",
      });
      const analytics = await call("getAbTestAnalytics", { id: alias, days: 3 });
      expect(analytics.verdict).toBe("insufficient_data");
      expect(analytics.variants).toHaveLength(2);
      expect(analytics.reason.length).toBeGreaterThan(10);
      expect((await call("pauseAbTest", { id: alias })).test.status).toBe("paused");
      expect((await call("resumeAbTest", { id: alias })).test.status).toBe("running");
      const listed = await call("listAbTests", { status: "running" });
      expect(listed.tests.map((t: { id: string }) => t.id)).toContain(test.id);
      const newVariant = test.variants.find((v: { name: string }) => v.name === "New");
      const done = await call("completeAbTest", { id: alias, winner_variant_id: newVariant.id });
      expect(done).toMatchObject({
        test: { status: "completed", winner_variant_id: newVariant.id },
        statistically_supported: false,
      });
      await waitFor(async () => (await visit(alias)).headers.get("location") ?? "", {
        // The test's link tracks conversions: the click id rides along.
        until: (location) => /^https:\/\/shop\.example\.com\/new\?svc_click_id=/.test(location),
        what: "the winner to become the destination",
      });
      const again = await client.callTool({ name: "startAbTest", arguments: { id: alias } });
      expect(JSON.parse((again.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
        code: "INVALID_STATE",
      });
      expect(await call("deleteAbTest", { id: test.id })).toEqual({ deleted: true, id: test.id });
    } finally {
      await client.close();
    }
  });

  it("files links under a campaign through the campaign tools and counts their visits in its analytics", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const { campaign } = await call("createCampaign", { name: "Agent campaign", tags: ["spring"] });
      expect(campaign).toMatchObject({ name: "Agent campaign", tags: ["spring"], link_count: 0 });
      const alias = `mcp-cmp-${Date.now().toString(36)}`;
      await call("shortenUrl", { url: "https://shop.example.com/campaign", customAlias: alias });
      const assigned = await call("assignUrlToCampaign", { id: campaign.id, shortCode: alias });
      expect(assigned).toMatchObject({
        campaign: { link_count: 1 },
        url: { id: alias, campaign_id: campaign.id },
      });
      expect(
        (await call("getCampaignUrls", { id: campaign.id })).urls.map((u: { id: string }) => u.id),
      ).toEqual([alias]);
      expect(
        (await call("updateCampaign", { id: campaign.id, description: "Spring" })).campaign.description,
      ).toBe("Spring");
      expect((await call("getCampaign", { id: campaign.id })).campaign.link_count).toBe(1);
      expect(
        (await call("listCampaigns", { search: "Agent" })).campaigns.map((c: { id: string }) => c.id),
      ).toContain(campaign.id);
      for (let i = 0; i < 3; i++) expect((await visit(alias)).status).toBe(301);
      await waitFor(
        async () => (await call("getCampaignAnalytics", { id: campaign.id, period: "7d" })).counts.clicks,
        {
          until: (clicks) => clicks === 3,
          what: "the campaign's 3 clicks to be counted",
          intervalMs: MCP_POLL_MS,
        },
      );
      const removed = await call("removeUrlFromCampaign", { id: campaign.id, shortCode: alias });
      expect(removed).toMatchObject({ campaign: { link_count: 0 }, url: { campaign_id: null } });
      expect((await call("deleteCampaign", { id: campaign.id })).deleted.id).toBe(campaign.id);
      expect((await visit(alias)).status).toBe(301);
    } finally {
      await client.close();
    }
  });

  it("reports a link's visits through every analytics tool and records a conversion for one of them", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const code = `mcp-an-${Date.now().toString(36)}`;
      const created = await fetch(`${edgeUrl}/api/v1/urls`, {
        method: "POST",
        headers: { authorization: `Bearer ${proToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          url: "https://shop.example.com/analytics?utm_source=newsletter",
          customAlias: code,
          conversion_tracking: true,
        }),
      });
      expect(created.status).toBe(201);
      const clickIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        // The link is tagged utm_source=newsletter; the last visit arrives with its own source.
        const answer = await visit(i === 2 ? `${code}?utm_source=mcp-test` : code);
        clickIds.push(new URL(answer.headers.get("location") ?? "").searchParams.get("svc_click_id") ?? "");
      }
      await waitFor(async () => (await call("getStats", { shortUrlId: code })).counts.clicks, {
        until: (clicks) => clicks === 3,
        what: "the link's 3 clicks to be counted",
        intervalMs: MCP_POLL_MS,
      });
      expect((await call("getCompleteAnalytics", { shortUrlId: code })).counts.clicks).toBe(3);
      expect((await call("getDeviceAnalytics", { shortUrlId: code })).browsers[0]).toMatchObject({
        clicks: 3,
      });
      // No rules on the link: every click went to its default destination.
      expect(await call("getRuleAnalytics", { shortUrlId: code })).toMatchObject({
        rules: [{ rule_id: null, clicks: 3, bots: 0, share: 1 }],
        total_clicks: 3,
      });
      expect((await call("getGeographicStats", { shortUrlId: code })).countries).toEqual(expect.any(Array));
      expect((await call("getReferrersData", { shortUrlId: code })).categories).toEqual(expect.any(Array));
      const glance = await call("getUrlStats", { shortUrlId: code });
      expect(glance).toMatchObject({
        last_7_days: { clicks: 3 },
        last_30_days: { clicks: 3 },
        last_year: { clicks: 3 },
      });
      const sources = await call("getUrlAnalytics", { shortUrlId: code });
      expect(
        sources.source_categories.reduce((sum: number, e: { clicks: number }) => sum + e.clicks, 0),
      ).toBe(3);
      // Counted under the link's own tag, but where the visit named its own source, under that.
      expect(sources.utm_sources).toEqual([
        expect.objectContaining({ key: "newsletter", clicks: 2 }),
        expect.objectContaining({ key: "mcp-test", clicks: 1 }),
      ]);
      expect((await call("getUtmAnalytics", { shortUrlId: code })).sources).toEqual([
        expect.objectContaining({ key: "newsletter", clicks: 2 }),
        expect.objectContaining({ key: "mcp-test", clicks: 1 }),
      ]);
      const timeline = await call("getClicksTimeline", { shortUrlId: code, granularity: "day" });
      expect(timeline.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0)).toBe(3);
      expect(
        (await call("getTopPerformingUrls", { period: "7d" })).urls.map((u: { code: string }) => u.code),
      ).toContain(code);
      expect((await call("getOverviewStats", { period: "7d" })).counts.clicks).toBeGreaterThanOrEqual(3);
      expect((await call("getUserLocationAnalytics", { period: "7d" })).countries).toEqual(expect.any(Array));
      expect((await call("getUserDeviceAnalytics", { period: "7d" })).browsers.length).toBeGreaterThan(0);
      const tagged = (await call("getUrlsWithUtm", { period: "7d" })).urls.find(
        (u: { code: string }) => u.code === code,
      );
      expect(tagged).toMatchObject({ tagged_clicks: 3, top_source: "newsletter" });
      expect((await call("getTrafficQuality", { shortUrlId: code })).counts.clicks).toBe(3);
      const details = await call("getClickDetails", { shortUrlId: code });
      expect(details.total).toBe(3);
      expect(details.clicks.map((c: { code: string }) => c.code)).toEqual([code, code, code]);
      expect(
        (await call("getRecentActivity", { limit: 5 })).clicks.map((c: { code: string }) => c.code),
      ).toContain(code);
      const hosts = (await call("getBrandAnalytics", { period: "7d" })).domains;
      expect(
        hosts.reduce((sum: number, d: { counts: { clicks: number } }) => sum + d.counts.clicks, 0),
      ).toBeGreaterThanOrEqual(3);
      const conversion = await call("recordConversion", {
        svc_click_id: clickIds[0],
        event_name: "purchase",
        value: 49.9,
        currency: "EUR",
      });
      expect(conversion).toMatchObject({ link: code, event_name: "purchase", value: 49.9, currency: "EUR" });
      await waitFor(async () => (await call("getCompleteAnalytics", { shortUrlId: code })).conversions, {
        until: (conversions) => conversions === 1,
        what: "the conversion to be counted",
        intervalMs: MCP_POLL_MS,
      });
    } finally {
      await client.close();
    }
  });

  it("speaks the 2024-11-05 HTTP+SSE transport, the key on the stream and on every message post", async () => {
    const client = new Client({ name: "kurz-sse-flow", version: "1.0.0" });
    await client.connect(
      new SSEClientTransport(new URL(`${edgeUrl}/mcp/sse`), {
        requestInit: { headers: { "x-mcp-key": proKey } },
      }),
    );
    const call = succeeding(client);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).slice(0, 3)).toEqual(["shortenUrl", "listUrls", "getUrl"]);
      const alias = `mcp-sse-${Date.now().toString(36)}`;
      await call("shortenUrl", { url: "https://shop.example.com/over-sse", customAlias: alias });
      expect((await visit(alias)).headers.get("location")).toBe("https://shop.example.com/over-sse");
      expect((await call("getUrl", { shortCode: alias })).url).toMatchObject({ id: alias });
      await call("deleteUrl", { shortCode: alias });
      await waitFor(async () => (await visit(alias)).status, {
        until: (status) => status === 404,
        what: "the deleted link to answer 404",
      });
    } finally {
      await client.close();
    }

    const noKey = await fetch(`${edgeUrl}/mcp/sse`, { headers: { accept: "text/event-stream" } });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
    // A raw stream: its first event names the message URL; only the stream's account may post there.
    const aborter = new AbortController();
    const stream = await fetch(`${edgeUrl}/mcp/sse`, {
      headers: { accept: "text/event-stream", "x-mcp-key": proKey },
      signal: aborter.signal,
    });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let events = "";
    while (!events.includes("\n\n")) events += new TextDecoder().decode((await reader.read()).value);
    const endpoint = /event: endpoint\ndata: (\S+)/.exec(events)?.[1] ?? "";
    expect(endpoint).toMatch(/^\/mcp\/messages\?sessionId=[0-9a-f-]{36}$/);
    const postAs = (key: string, body: unknown) =>
      fetch(`${edgeUrl}${endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-mcp-key": key },
        body: JSON.stringify(body),
      });
    // Another key of the stream's account is answered, for that key (its own scopes).
    const otherKey = await postAs(readOnlyKey, { jsonrpc: "2.0", id: 1, method: "ping" });
    expect(otherKey.status).toBe(202);
    const notJsonRpc = await postAs(proKey, { hello: "world" });
    expect(notJsonRpc.status).toBe(400);
    expect(((await notJsonRpc.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "VALIDATION_ERROR",
    });
    const unknownSession = await fetch(
      `${edgeUrl}/mcp/messages?sessionId=00000000-0000-4000-8000-000000000000`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-mcp-key": proKey },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      },
    );
    expect(unknownSession.status).toBe(404);
    aborter.abort();
    await reader.cancel().catch(() => undefined);
  });

  it("accepts our OAuth access tokens for clients that speak only MCP authorization (RFC 9728 metadata, 401 challenge)", async () => {
    const metadata = await fetch(`${edgeUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    const described = (await metadata.json()) as Record<string, unknown>;
    expect(described).toMatchObject({
      resource: `${edgeUrl}/mcp`,
      authorization_servers: [edgeUrl],
      bearer_methods_supported: ["header"],
    });
    expect(described.scopes_supported).toContain("shorturl:create");
    // The authorization server it names publishes its endpoints, registration included (RFC 8414).
    const server = (await (
      await fetch(`${edgeUrl}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, string>;
    expect(server.issuer).toBe(edgeUrl);
    expect(server.registration_endpoint).toMatch(/\/mcp\/oauth\/register$/);

    const challenged = await fetch(`${edgeUrl}/mcp/tools`);
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${edgeUrl}/.well-known/oauth-protected-resource/mcp", ApiKey header="x-mcp-key"`,
    );

    // A person who connects an agent through OAuth: the token's scopes are the tools it sees.
    const user = await signInWithOAuth(edgeUrl, LINK_SCOPES.join(" "), {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
          email,
          plan: "pro",
        }),
    });
    const client = new Client({ name: "kurz-oauth-flow", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${user.accessToken}` } },
      }),
    );
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("shortenUrl");
      expect(names).not.toContain("getStats");
      const alias = `mcp-oauth-${Date.now().toString(36)}`;
      await succeeding(client)("shortenUrl", { url: "https://shop.example.com/oauth", customAlias: alias });
      expect((await visit(alias)).headers.get("location")).toBe("https://shop.example.com/oauth");
    } finally {
      await client.close();
    }

    const asBearer = (token: string) =>
      fetch(`${edgeUrl}/mcp/tools`, { headers: { authorization: `Bearer ${token}` } });
    const freePlan = await asBearer(freeToken);
    expect(freePlan.status).toBe(403);
    expect(((await freePlan.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "PLAN_REQUIRED",
    });
    const forged = await asBearer(`${user.accessToken.slice(0, -6)}AAAAAA`);
    expect(forged.status).toBe(401);
    // Revoked (RFC 7009): refused once the verifier's "not revoked" belief runs out.
    const revoked = await fetch(`${edgeUrl}/mcp/oauth/revoke`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${user.clientId}:${user.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ token: user.accessToken, token_type_hint: "access_token" }),
    });
    expect(revoked.status).toBe(200);
    await waitFor(async () => (await asBearer(user.accessToken)).status, {
      until: (status) => status === 401,
      what: "the revoked access token to be refused",
      intervalMs: MCP_POLL_MS,
    });
  });

  it("serves resources (account usage, a link, its analytics) and prompts that embed a report's data", async () => {
    const client = await connect(proKey);
    const call = succeeding(client);
    try {
      const alias = `mcp-res-${Date.now().toString(36)}`;
      // Filed under a campaign before its visit: a click carries the campaign it had then.
      const { campaign } = await call("createCampaign", { name: "Prompted campaign" });
      await call("shortenUrl", {
        url: "https://shop.example.com/resource",
        customAlias: alias,
        campaign_id: campaign.id,
      });
      const { resources } = await client.listResources();
      expect(resources[0]).toMatchObject({ uri: "kurz://account/usage", mimeType: "application/json" });
      expect(resources.map((r) => r.uri)).toContain(`kurz://links/${alias}`);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        "kurz://account/usage",
        "kurz://links/{shortCode}",
        "kurz://links/{shortCode}/analytics",
      ]);
      const read = async (uri: string) => {
        const { contents } = await client.readResource({ uri });
        expect(contents[0]).toMatchObject({ uri, mimeType: "application/json" });
        return JSON.parse((contents[0] as { text: string }).text);
      };
      const usage = await read("kurz://account/usage");
      const links = (await call("getUserUrlCount", {})).total;
      expect(usage).toMatchObject({
        plan: "business",
        mcp_requests_per_minute: 300,
        usage: { links: { used: links, remaining: usage.usage.links.limit - links } },
      });
      expect(await read(`kurz://links/${alias}`)).toMatchObject({
        url: { id: alias, originalUrl: "https://shop.example.com/resource" },
      });
      await visit(alias);
      await waitFor(async () => (await read(`kurz://links/${alias}/analytics`)).counts.clicks, {
        until: (clicks) => clicks === 1,
        what: "the visit in the link's analytics resource",
        intervalMs: MCP_POLL_MS,
      });
      await expect(client.readResource({ uri: "kurz://links/no-such-link" })).rejects.toMatchObject({
        code: -32002,
        data: { code: "URL_NOT_FOUND", uri: "kurz://links/no-such-link" },
      });
      // The code once in the message: the SDK's client adds the "MCP error <code>:" prefix itself.
      await expect(client.readResource({ uri: "https://example.com/" })).rejects.toMatchObject({
        code: -32002,
        message: "MCP error -32002: No resource at https://example.com/",
      });

      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual([
        "campaign-performance-report",
        "ab-test-review",
        "link-performance-review",
      ]);
      const report = await client.getPrompt({
        name: "campaign-performance-report",
        arguments: { campaignId: campaign.id, period: "7d" },
      });
      expect(report.messages[0]!.content).toMatchObject({ type: "text", text: expect.stringMatching(/7d/) });
      const embedded = report.messages[1]!.content as {
        type: string;
        resource: { uri: string; text: string };
      };
      expect(embedded.type).toBe("resource");
      expect(embedded.resource.uri).toBe(`kurz://campaigns/${campaign.id}/analytics`);
      expect(JSON.parse(embedded.resource.text)).toMatchObject({ counts: { clicks: 1 } });
      const review = await client.getPrompt({
        name: "link-performance-review",
        arguments: { shortCode: alias },
      });
      expect(
        JSON.parse((review.messages[1]!.content as { resource: { text: string } }).resource.text),
      ).toMatchObject({ counts: { clicks: 1 } });
      await expect(client.getPrompt({ name: "ab-test-review", arguments: {} })).rejects.toMatchObject({
        code: -32602,
        data: { code: "VALIDATION_ERROR", details: { field: "testId" } },
      });
      await expect(
        client.getPrompt({ name: "ab-test-review", arguments: { testId: "no-such-test" } }),
      ).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }

    const listed = await fetch(`${edgeUrl}/mcp/prompts`, { headers: { "x-mcp-key": proKey } });
    expect(((await listed.json()) as { prompts: unknown[] }).prompts).toHaveLength(3);
    const narrowed = await fetch(`${edgeUrl}/mcp/prompts`, { headers: { "x-mcp-key": readOnlyKey } });
    expect(((await narrowed.json()) as { prompts: unknown[] }).prompts).toEqual([]);
    const resourcesAnswer = await fetch(`${edgeUrl}/mcp/resources`, {
      headers: { "x-mcp-key": readOnlyKey },
    });
    expect(await resourcesAnswer.json()).toMatchObject({
      resources: expect.arrayContaining([expect.objectContaining({ uri: "kurz://account/usage" })]),
      resourceTemplates: expect.arrayContaining([
        expect.objectContaining({ uriTemplate: "kurz://links/{shortCode}" }),
      ]),
    });
    expect((await fetch(`${edgeUrl}/mcp/resources`)).status).toBe(401);
  });

  it("completes prompt arguments and resource-template variables from the caller's own links, campaigns and tests", async () => {
    // A fresh account: its links, campaigns and tests are exactly those made here.
    const owner = await signUpOnPlan(flow, SCOPE, "business");
    const key = await createMcpKey(edgeUrl, owner.accessToken, [
      "mcp",
      ...LINK_SCOPES,
      ...AB_SCOPES,
      ...CAMPAIGN_SCOPES,
    ]);
    const client = await connect(key);
    const call = succeeding(client);
    const complete = async (
      ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
      name: string,
      value: string,
    ) => (await client.complete({ ref, argument: { name, value } })).completion;
    try {
      expect(client.getServerCapabilities()?.completions).toEqual({});
      const tag = Date.now().toString(36);
      for (const alias of [`cmp${tag}-spring`, `cmp${tag}-summer`, `other${tag}`]) {
        await call("shortenUrl", { url: `https://shop.example.com/${alias}`, customAlias: alias });
      }
      const { campaign } = await call("createCampaign", { name: `Spring sale ${tag}` });
      await call("createCampaign", { name: `Winter ${tag}` });
      const { test } = await call("createAbTest", {
        name: `Headline ${tag}`,
        short_code: `ab${tag}`,
        variants: [
          { name: "A", destination_url: "https://shop.example.com/a" },
          { name: "B", destination_url: "https://shop.example.com/b" },
        ],
      });

      const review = { type: "ref/prompt", name: "link-performance-review" } as const;
      expect(await complete(review, "shortCode", `cmp${tag}`)).toEqual({
        values: [`cmp${tag}-summer`, `cmp${tag}-spring`],
        total: 2,
        hasMore: false,
      });
      // Nothing typed: every link of the account (the A/B test's own among them), newest first.
      expect((await complete(review, "shortCode", "")).values).toEqual([
        `ab${tag}`,
        `other${tag}`,
        `cmp${tag}-summer`,
        `cmp${tag}-spring`,
      ]);
      const linkTemplate = { type: "ref/resource", uri: "kurz://links/{shortCode}/analytics" } as const;
      expect((await complete(linkTemplate, "shortCode", `other${tag}`)).values).toEqual([`other${tag}`]);
      expect((await complete(linkTemplate, "shortCode", "no-such-code")).values).toEqual([]);

      const report = { type: "ref/prompt", name: "campaign-performance-report" } as const;
      expect((await complete(report, "campaignId", "spring")).values).toEqual([campaign.id]);
      expect((await complete(report, "campaignId", campaign.id.slice(0, 8))).values).toEqual([campaign.id]);
      expect((await complete(report, "campaignId", "")).values).toHaveLength(2);
      expect((await complete(report, "period", "")).values).toEqual(["7d", "30d", "90d", "1y"]);
      expect((await complete(report, "period", "9")).values).toEqual(["90d"]);

      const abReview = { type: "ref/prompt", name: "ab-test-review" } as const;
      expect((await complete(abReview, "testId", "headline")).values).toEqual([test.id]);
      expect((await complete(abReview, "testId", "nothing-like-it")).values).toEqual([]);

      // An argument without suggestions answers none; an unknown prompt or template is -32602.
      expect((await complete({ type: "ref/resource", uri: "kurz://account/usage" }, "x", "")).values).toEqual(
        [],
      );
      await expect(complete({ type: "ref/prompt", name: "no-such-prompt" }, "x", "")).rejects.toMatchObject({
        code: -32602,
        data: { code: "VALIDATION_ERROR", details: { field: "ref" } },
      });
    } finally {
      await client.close();
    }

    // Another account's key completes from its own data only; a key without the prompts' scopes
    // sees no such prompt.
    const stranger = await connect(proKey);
    const readOnly = await connect(readOnlyKey);
    try {
      const review = { type: "ref/prompt", name: "link-performance-review" } as const;
      const theirs = await stranger.complete({ ref: review, argument: { name: "shortCode", value: "cmp" } });
      expect(theirs.completion.values.filter((code) => code.endsWith("-spring"))).toEqual([]);
      await expect(
        readOnly.complete({ ref: review, argument: { name: "shortCode", value: "" } }),
      ).rejects.toMatchObject({ code: -32602 });
    } finally {
      await stranger.close();
      await readOnly.close();
    }
  });

  it("logs a failed tool call to a client that asked for logs, at the level it set", async () => {
    const client = await connect(proKey);
    const logged: Array<{ level: string; data: Record<string, unknown> }> = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params as (typeof logged)[number]);
    });
    try {
      expect(client.getServerCapabilities()?.logging).toEqual({});
      // Errors only: a missing link (a warning) is not logged.
      await client.setLoggingLevel("error");
      const quiet = await client.callTool({ name: "getUrl", arguments: { shortCode: "no-such-link-1" } });
      expect(quiet.isError).toBe(true);
      await client.setLoggingLevel("warning");
      const loud = await client.callTool({ name: "getUrl", arguments: { shortCode: "no-such-link-2" } });
      expect(loud.isError).toBe(true);

      await waitFor(() => logged.length, { until: (n) => n === 1, what: "the warning logged to the client" });
      expect(logged[0]).toMatchObject({
        level: "warning",
        logger: "kurz.tools",
        data: { tool: "getUrl", code: "URL_NOT_FOUND", success: false, retryable: false },
      });
    } finally {
      await client.close();
    }
  });

  it("shows a read-only key only the read tools, and refuses the others as unknown", async () => {
    const client = await connect(readOnlyKey);
    try {
      const { tools } = await client.listTools();
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tools.map((t) => t.name)).toContain("getUrl");
      await expect(
        client.callTool({ name: "shortenUrl", arguments: { url: "https://a.example/" } }),
      ).rejects.toMatchObject({
        code: -32602,
        data: { code: "VALIDATION_ERROR", details: { field: "name" } },
      });
    } finally {
      await client.close();
    }
  });

  it("holds a Pro account to 60 MCP requests a minute, answers 429 with the seconds to wait, and admits it again once the window is over", async () => {
    // Fixed windows: a burst meets the limit within two windows' worth of requests.
    let admitted = 0;
    let refused: Response | undefined;
    for (let i = 0; i < 125 && refused === undefined; i++) {
      const answer = await fetch(`${edgeUrl}/mcp/tools`, { headers: { "x-mcp-key": limitedKey } });
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
        admitted++;
      }
    }
    expect(refused, "no 429 within 125 requests").toBeDefined();
    expect(admitted).toBeGreaterThanOrEqual(60);
    expect(admitted).toBeLessThanOrEqual(120);
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused!.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ code: "PLAN_LIMIT_EXCEEDED", retryable: true });
    expect(body.error.data.hint).toMatch(new RegExp(`Wait ${retryAfter} s`));

    // Within the window the refusal stands and counts down; past its end the key is admitted again.
    const tools = () => fetch(`${edgeUrl}/mcp/tools`, { headers: { "x-mcp-key": limitedKey } });
    if (retryAfter > 2) {
      clock.advance((retryAfter - 2) * 1000);
      const later = await tools();
      expect(later.status).toBe(429);
      expect(Number(later.headers.get("retry-after"))).toBeLessThanOrEqual(2);
      await later.arrayBuffer();
    }
    clock.advance(2_000);
    const admittedAgain = await tools();
    expect(admittedAgain.status).toBe(200);
    await admittedAgain.arrayBuffer();
  });

  it("counts each message of a JSON-RPC batch against the plan's minute, and refuses a batch of more than 100", async () => {
    clock.advance(61_000); // a fresh window for the Pro key (60 a minute)
    const post = (body: unknown, sessionId?: string) =>
      fetch(`${edgeUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-03-26",
          "x-mcp-key": limitedKey,
          ...(sessionId ? { "mcp-session-id": sessionId } : {}),
        },
        body: JSON.stringify(body),
      });
    const opened = await post({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-03-26",
        capabilities: {},
        clientInfo: { name: "batch", version: "1" },
      },
    });
    expect(opened.status).toBe(200);
    await opened.arrayBuffer();
    const sessionId = opened.headers.get("mcp-session-id") ?? "";
    const pings = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" }));

    const tooLarge = await post(pings(101), sessionId);
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { limit: 100 },
    });
    // 1 (initialize) + 59 = the minute's 60: answered, every ping of it.
    const batch = await post(pings(59), sessionId);
    expect(batch.status).toBe(200);
    expect((await batch.json()) as unknown[]).toHaveLength(59);
    // One HTTP request more is the 61st request of the minute.
    const over = await post(pings(1)[0], sessionId);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "PLAN_LIMIT_EXCEEDED",
    });
    clock.advance(61_000);
    const again = await post(pings(2), sessionId);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it("answers raw HTTP: server information without a key, every refusal with its code and hint, 2024-11-05", async () => {
    const health = await fetch(`${edgeUrl}/mcp/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", checks: { "grpc:link-api": { ok: true } } });
    const info = await fetch(`${edgeUrl}/mcp`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ name: "kurz", protocolVersion: "2024-11-05" });

    const initialize = (protocolVersion: string) => ({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    const post = (headers: Record<string, string>, body: unknown = initialize("2024-11-05")) =>
      fetch(`${edgeUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(body),
      });

    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
      success: false,
    });
    const wrongHeader = await post({ authorization: `Bearer ${proKey}` });
    expect(wrongHeader.status).toBe(401);
    expect(((await wrongHeader.json()) as { error: { data: { hint: string } } }).error.data.hint).toMatch(
      /x-mcp-key/,
    );
    const unknown = await post({ "x-mcp-key": `${proKey.slice(0, -4)}zzzz` });
    expect(unknown.status).toBe(401);
    // Revoked in the account's API keys: refused once the gateway's short trust in it ends.
    const doomedKey = await createMcpKey(edgeUrl, proToken, ["mcp", "shorturl:read"]);
    const tools = (key: string) => fetch(`${edgeUrl}/mcp/tools`, { headers: { "x-mcp-key": key } });
    expect((await tools(doomedKey)).status).toBe(200);
    const listed = (await (
      await fetch(`${edgeUrl}/api/v1/api-keys`, { headers: { authorization: `Bearer ${proToken}` } })
    ).json()) as { api_keys: Array<{ id: string; prefix: string }> };
    const doomed = listed.api_keys.find((k) => doomedKey.startsWith(k.prefix) && k.prefix.length > 8);
    const revokedKey = await fetch(`${edgeUrl}/api/v1/api-keys/${doomed?.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${proToken}` },
    });
    expect(revokedKey.status).toBeLessThan(300);
    await waitFor(async () => (await tools(doomedKey)).status, {
      until: (status) => status === 401,
      what: "the revoked key to be refused",
      intervalMs: MCP_POLL_MS,
    });
    expect(
      ((await (await tools(doomedKey)).json()) as { error: { data: unknown } }).error.data,
    ).toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
    const freePlan = await post({ "x-mcp-key": freeKey });
    expect(freePlan.status).toBe(403);
    expect(((await freePlan.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      code: "PLAN_REQUIRED",
    });

    const old = await post({ "x-mcp-key": proKey });
    expect(old.status).toBe(200);
    const text = await old.text();
    const message = JSON.parse(
      text.startsWith("{") ? text : (text.split("\n").find((l) => l.startsWith("data:")) ?? "").slice(5),
    );
    expect(message.result.protocolVersion).toBe("2024-11-05");
    expect(old.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Params that are not the method's: -32602 (the SDK's own check for tools/call; ours, with the
    // MCP error body (docs/api/errors.md), for the others, which the SDK alone would answer -32603 Internal error).
    const inSession = { "x-mcp-key": proKey, "mcp-session-id": old.headers.get("mcp-session-id") ?? "" };
    for (const [method, params] of [
      ["tools/call", {}],
      ["tools/call", { name: 7 }],
      ["prompts/get", { name: "link-performance-review", arguments: { shortCode: 5 } }],
      ["resources/read", { uri: ["x"] }],
      ["completion/complete", { ref: { type: "ref/nothing" }, argument: { name: "x", value: "" } }],
    ] as const) {
      const bad = await post(inSession, { jsonrpc: "2.0", id: 2, method, params });
      expect(bad.status, method).toBe(200);
      const { error } = (await bad.json()) as { error: { code: number; data?: unknown } };
      expect(error.code, method).toBe(-32602);
      if (method !== "tools/call") {
        expect(error.data, method).toMatchObject({
          code: "VALIDATION_ERROR",
          success: false,
          details: { field: expect.stringMatching(/^params/) },
        });
      }
    }

    const toolsWithout = await fetch(`${edgeUrl}/mcp/tools`);
    expect(toolsWithout.status).toBe(401);
    const toolsWith = await fetch(`${edgeUrl}/mcp/tools`, { headers: { "x-mcp-key": proKey } });
    expect(toolsWith.status).toBe(200);
    expect(
      ((await toolsWith.json()) as { tools: Array<{ name: string }> }).tools.map(
        (t: { name: string }) => t.name,
      ),
    ).toContain("shortenUrl");
  });
});
