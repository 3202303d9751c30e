import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpKey, startTestDnsServer, type TestDnsServer, waitFor } from "@kurz/testing";
import { WEBHOOK_EVENT_TYPES } from "@kurz/webhook-dispatcher";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFlowPlan } from "./support/set-flow-plan";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

// biome-ignore lint/suspicious/noExplicitAny: structured results under test
type Structured = Record<string, any>;

const KEY_PERMISSIONS = [
  "shorturl:read",
  "shorturl:create",
  "shorturl:update",
  "shorturl:delete",
  "qrcode:read",
  "qrcode:create",
  "qrcode:update",
  "qrcode:delete",
  "campaign:read",
  "campaign:write",
  "domain:read",
  "domain:write",
  "abtest:read",
  "abtest:write",
  "conversion:write",
  "webhook:read",
  "webhook:write",
];
const SCOPE = [...KEY_PERMISSIONS, "account:read", "account:write"].join(" ");
/** Every type an endpoint may select (webhook.test comes from testWebhook alone). */
const EVERY_TYPE = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test");
const HUMAN = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

interface Delivered {
  id: string;
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads under test
  data: any;
}

/** A receiver on 127.0.0.1 that verifies every request with standardwebhooks before keeping it. */
async function startVerifyingReceiver() {
  let secret = "";
  const delivered: Delivered[] = [];
  const rejected: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const payload = new Webhook(secret).verify(
          body,
          request.headers as Record<string, string>,
        ) as Delivered;
        delivered.push({ ...payload, id: String(request.headers["webhook-id"]) });
        response.writeHead(204).end();
      } catch (error) {
        rejected.push(String(error));
        response.writeHead(400).end("bad signature");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/kurz`,
    delivered,
    rejected,
    useSecret(value: string) {
      secret = value;
    },
    ofType: (type: string) => delivered.filter((hit) => hit.type === type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

describe("webhooks end to end in embedded mode (real actions through MCP and REST, a verifying receiver)", () => {
  let flow: FlowKurz;
  let dns: TestDnsServer;
  let receiver: Awaited<ReturnType<typeof startVerifyingReceiver>>;
  let client: Client;
  let accessToken: string;
  let email: string;
  /** The OAuth app's refresh token and credentials (rotated on each refresh). */
  let app: { refreshToken: string; clientId: string; clientSecret: string };

  beforeAll(async () => {
    dns = await startTestDnsServer();
    receiver = await startVerifyingReceiver();
    flow = await startFlowKurz("webhook-flow", {
      DNS_SERVERS: dns.address,
      WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
    });
    const user = await signUpOnPlan(flow, SCOPE, "business");
    accessToken = user.accessToken;
    email = user.email;
    app = { refreshToken: user.refreshToken ?? "", clientId: user.clientId, clientSecret: user.clientSecret };
    const key = await createMcpKey(flow.edgeUrl, user.accessToken, ["mcp", ...KEY_PERMISSIONS]);
    client = new Client({ name: "kurz-webhook-flow", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${flow.edgeUrl}/mcp`), {
        requestInit: { headers: { "x-mcp-key": key } },
      }),
    );
  });

  afterAll(async () => {
    await client?.close();
    await flow?.stop();
    await dns?.stop();
    await receiver?.close();
  });

  /**
   * A poll through MCP reads once a second: every read is one of the Business plan's 300 MCP
   * requests a minute, which faster polls beside the test's own calls could spend.
   */
  const MCP_POLL_MS = 1_000;

  async function call(name: string, args: Record<string, unknown>): Promise<Structured> {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent as Structured;
  }

  async function fail(name: string, args: Record<string, unknown>): Promise<Structured> {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name} should fail`).toBe(true);
    return JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Structured;
  }

  /** A person's browser following a short link (through the edge, the short host in Host). */
  const visit = (code: string) =>
    new Promise<{ status: number; location: string | null }>((resolve, reject) => {
      const outgoing = http.request(
        `${flow.edgeUrl}/${code}`,
        { headers: { host: flow.shortHost, "user-agent": HUMAN, referer: "https://news.example.org/post" } },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });

  it("delivers every event type from real actions, signed, each once", async () => {
    // Refusals first: nothing may be created.
    expect(
      (await fail("createWebhook", { url: "https://10.1.2.3/hooks", event_types: ["link.created"] })).code,
    ).toBe("VALIDATION_ERROR");
    expect(
      (await fail("createWebhook", { url: "http://example.com/hooks", event_types: ["link.created"] })).code,
    ).toBe("VALIDATION_ERROR");
    expect((await call("listWebhooks", {})).total).toBe(0);

    const { webhook } = await call("createWebhook", {
      url: receiver.url,
      event_types: EVERY_TYPE,
      description: "every event",
    });
    expect(webhook.secret).toMatch(/^whsec_/);
    receiver.useSecret(webhook.secret);
    expect((await call("listWebhooks", {})).webhooks[0]).not.toHaveProperty("secret");

    // webhook.test
    const { delivery: testDelivery } = await call("testWebhook", { id: webhook.id });
    expect(testDelivery).toMatchObject({ event_type: "webhook.test", status: "pending", attempts: 0 });

    // link.created / updated / clicked / deleted
    const alias = `wh-${unique()}`;
    await call("shortenUrl", { url: "https://shop.example.com/a", customAlias: alias, is_dynamic: true });
    await call("updateUrl", { shortCode: alias, url: "https://shop.example.com/b" });
    const clicked = await visit(alias);
    expect(clicked.status).toBe(302);

    // conversion.recorded: a link with conversion tracking, a visit, its click id
    const convAlias = `wh-conv-${unique()}`;
    const created = await fetch(`${flow.edgeUrl}/api/v1/urls`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: "https://shop.example.com/buy",
        customAlias: convAlias,
        conversion_tracking: true,
      }),
    });
    expect(created.status).toBe(201);
    const landing = await visit(convAlias);
    const clickId = new URL(landing.location ?? "").searchParams.get("svc_click_id") ?? "";
    expect(clickId).not.toBe("");

    // qr.created / updated / scanned / deleted
    const { qrCode } = await call("generateQr", {
      type: "url",
      content: "https://shop.example.com/qr",
      dynamic: true,
    });
    await call("updateQrCode", { id: qrCode.id, content: "https://shop.example.com/qr2" });
    await call("trackQrScan", { id: qrCode.id, userAgent: HUMAN });

    // campaign.created / updated / deleted
    const { campaign } = await call("createCampaign", { name: "Webhook campaign" });
    await call("updateCampaign", { id: campaign.id, name: "Webhook campaign, renamed" });

    // domain.verified
    const domain = `links.acme-${unique()}.com`;
    const { branded_domain: added } = await call("createBrandedDomain", { domain });
    dns.setTxt(added.verification.name, [added.verification.value]);
    expect((await call("verifyBrandedDomain", { domain })).verified).toBe(true);

    // abtest.started / completed
    const { test } = await call("createAbTest", {
      name: "Webhook test",
      short_code: `wh-ab-${unique()}`,
      variants: [
        { name: "A", destination_url: "https://shop.example.com/ab-a" },
        { name: "B", destination_url: "https://shop.example.com/ab-b" },
      ],
    });
    await call("startAbTest", { id: test.id });
    await call("completeAbTest", { id: test.id });

    // Conversions arrive once the click is stored (analytics-ingest); retried until then.
    await waitFor(
      () =>
        client.callTool({
          name: "recordConversion",
          arguments: {
            svc_click_id: clickId,
            event_name: "purchase",
            value: 49.9,
            currency: "EUR",
            idempotency_key: clickId,
          },
        }),
      {
        until: (result) => !result.isError,
        what: "the conversion to be recorded (its click stored first)",
        intervalMs: MCP_POLL_MS,
        timeoutMs: 60_000,
      },
    );

    await call("deleteCampaign", { id: campaign.id });
    await call("deleteQrCode", { id: qrCode.id });
    await call("deleteUrl", { shortCode: alias });

    const everyType = [...EVERY_TYPE, "webhook.test"].sort();
    await waitFor(() => [...new Set(receiver.delivered.map((hit) => hit.type))].sort(), {
      until: (types) => types.join() === everyType.join(),
      what: `a delivery of every event type (${everyType.join(", ")})`,
      timeoutMs: 60_000,
    });
    expect(receiver.rejected).toEqual([]);

    const linkCreated = receiver.ofType("link.created").find((hit) => hit.data.short_code === alias);
    expect(linkCreated?.data).toMatchObject({
      short_code: alias,
      short_url: `http://${flow.shortHost}/${alias}`,
    });
    const click = receiver.ofType("link.clicked").find((hit) => hit.data.short_code === alias);
    expect(click?.data).toMatchObject({
      short_code: alias,
      is_bot: false,
      browser: "Firefox",
      os: "Linux",
      referrer_host: "news.example.org",
    });
    expect(click?.data).not.toHaveProperty("ip");
    expect(click?.data).not.toHaveProperty("user_agent");
    expect(receiver.ofType("domain.verified")[0]?.data).toMatchObject({ domain });
    expect(receiver.ofType("conversion.recorded")[0]?.data).toMatchObject({ event_name: "purchase" });
    // At-least-once, but an event's webhook-id is one: no id twice among successes here.
    const ids = receiver.delivered.map((hit) => hit.id);
    expect(new Set(ids).size).toBe(ids.length);

    // The delivery log tells the same story, once the last attempts are recorded: a delivery's
    // record is written after its receiver answered (the receiver can have every event a moment
    // before the log has every outcome).
    const pending = async () => {
      const page = await call("listWebhookDeliveries", { id: webhook.id, limit: 100 });
      return page.deliveries.filter((delivery: Structured) => delivery.status === "pending").length;
    };
    await waitFor(pending, {
      until: (count) => count === 0,
      what: "no pending delivery in the log",
      intervalMs: MCP_POLL_MS,
    });
    const log = await call("listWebhookDeliveries", { id: webhook.id, limit: 100 });
    expect(log.deliveries.every((delivery: Structured) => delivery.status === "succeeded")).toBe(true);
    expect(log.deliveries[0].last_attempt).toMatchObject({ status_code: 204, failure_kind: null });
  });

  it("sends only the selected types, and nothing once disabled or deleted", async () => {
    const before = receiver.delivered.length;
    const existing = (await call("listWebhooks", {})).webhooks as Structured[];
    for (const endpoint of existing) await call("deleteWebhook", { id: endpoint.id });
    const { webhook } = await call("createWebhook", { url: receiver.url, event_types: ["link.deleted"] });
    receiver.useSecret(webhook.secret);
    const kept = `wh-keep-${unique()}`;
    await call("shortenUrl", { url: "https://shop.example.com/k", customAlias: kept });
    await visit(kept);
    await call("deleteUrl", { shortCode: kept });
    await waitFor(() => receiver.delivered.slice(before).map((hit) => hit.type), {
      until: (types) => types.length >= 1,
      what: "the link.deleted delivery",
    });
    expect(receiver.delivered.at(-1)?.type).toBe("link.deleted");

    await call("updateWebhook", { id: webhook.id, enabled: false });
    // A witness subscribed to the same type: an event's deliveries to every endpoint are queued
    // in one transaction, so once the witness has the deletion, whatever the disabled endpoint
    // was given is in its delivery log (and, signed with the other secret, would be refused).
    const { webhook: witness } = await call("createWebhook", {
      url: receiver.url,
      event_types: ["link.deleted"],
    });
    receiver.useSecret(witness.secret);
    const gone = `wh-gone-${unique()}`;
    await call("shortenUrl", { url: "https://shop.example.com/g", customAlias: gone });
    await call("deleteUrl", { shortCode: gone });
    expect((await fail("testWebhook", { id: webhook.id })).code).toBe("INVALID_STATE");
    await waitFor(() => receiver.ofType("link.deleted").filter((hit) => hit.data.short_code === gone), {
      until: (hits) => hits.length >= 1,
      what: "the witness endpoint's delivery of the deletion",
    });
    const log = await call("listWebhookDeliveries", { id: webhook.id, limit: 100 });
    expect(log.deliveries).toHaveLength(1);
    for (const endpoint of [webhook, witness]) await call("deleteWebhook", { id: endpoint.id });
    expect(receiver.delivered.length - before).toBe(2);
    expect(receiver.rejected).toEqual([]);
    expect((await call("listWebhooks", {})).total).toBe(0);
  });

  /** The REST API with the person's OAuth token (its scopes stay what they were at sign-in). */
  async function rest(method: string, path: string, body?: unknown, token = accessToken) {
    const response = await fetch(`${flow.edgeUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Structured) : {} };
  }

  /**
   * The app refreshes its token (client_secret_post, the rotated refresh token kept): a token
   * minted now, on the account's current plan.
   */
  async function refreshedToken(): Promise<{ accessToken: string; scope: string }> {
    const response = await fetch(`${flow.edgeUrl}/mcp/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: app.refreshToken,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
    });
    const body = (await response.json()) as Structured;
    expect(response.status, JSON.stringify(body)).toBe(200);
    app.refreshToken = body.refresh_token;
    return { accessToken: body.access_token, scope: body.scope };
  }

  it("pauses endpoints on a downgrade (reason plan), still lets them be listed, disabled and deleted with a token minted after it, and resumes them on the upgrade", async () => {
    for (const endpoint of (await call("listWebhooks", {})).webhooks as Structured[]) {
      await call("deleteWebhook", { id: endpoint.id });
    }
    const { webhook: kept } = await call("createWebhook", {
      url: receiver.url,
      event_types: ["link.created"],
    });
    const { webhook: spare } = await call("createWebhook", {
      url: receiver.url,
      event_types: ["link.created"],
    });
    const { webhook: off } = await call("createWebhook", {
      url: receiver.url,
      event_types: ["link.created"],
    });
    await call("updateWebhook", { id: off.id, enabled: false });
    receiver.useSecret(kept.secret);

    await setFlowPlan(flow, email, "pro");
    const paused = await waitFor(() => rest("GET", `/webhooks/${kept.id}`), {
      until: (answer) => answer.body.webhook?.disabled_reason === "plan",
      what: "the endpoint paused for the plan",
    });
    expect(paused.body.webhook.enabled).toBe(false);
    const duringPause = `wh-paused-${unique()}`;
    expect(
      (await rest("POST", "/urls", { url: "https://shop.example.com/p", customAlias: duringPause })).status,
    ).toBe(201);

    // The stranding regression: a token minted after the downgrade (the app refreshes, as it
    // does every hour) still holds the webhook scopes; the plan does not narrow them.
    const fresh = await refreshedToken();
    expect(fresh.scope.split(" ")).toEqual(expect.arrayContaining(["webhook:read", "webhook:write"]));
    const housekeeping = (method: string, path: string, body?: unknown) =>
      rest(method, path, body, fresh.accessToken);

    // Whatever the plan: list, read, disable and delete; anything else needs webhooks.
    const listed = await housekeeping("GET", "/webhooks");
    expect(listed.status).toBe(200);
    expect((listed.body.webhooks as Structured[]).map((endpoint) => endpoint.disabled_reason).sort()).toEqual(
      [null, "plan", "plan"],
    );
    expect((await housekeeping("GET", `/webhooks/${kept.id}`)).body.webhook.disabled_reason).toBe("plan");
    expect((await housekeeping("GET", `/webhooks/${kept.id}/deliveries`)).status).toBe(200);
    expect(
      (await housekeeping("PATCH", `/webhooks/${kept.id}`, { event_types: ["link.deleted"] })).body.code,
    ).toBe("PLAN_REQUIRED");
    expect((await housekeeping("PATCH", `/webhooks/${kept.id}`, { enabled: true })).body.code).toBe(
      "PLAN_REQUIRED",
    );
    expect((await housekeeping("POST", `/webhooks/${kept.id}/test`)).body.code).toBe("PLAN_REQUIRED");
    const refusedCreate = await housekeeping("POST", "/webhooks", {
      url: receiver.url,
      event_types: ["link.created"],
    });
    expect(refusedCreate.status).toBe(403);
    expect(refusedCreate.body.code).toBe("PLAN_REQUIRED");
    // Through MCP the same: createWebhook is not listed on Pro, and calling it is PLAN_REQUIRED.
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("createWebhook");
    expect((await fail("createWebhook", { url: receiver.url, event_types: ["link.created"] })).code).toBe(
      "PLAN_REQUIRED",
    );
    expect((await housekeeping("PATCH", `/webhooks/${spare.id}`, { enabled: false })).status).toBe(200);
    expect((await housekeeping("DELETE", `/webhooks/${off.id}`)).status).toBe(200);

    await setFlowPlan(flow, email, "business");
    const resumed = await waitFor(() => rest("GET", `/webhooks/${kept.id}`), {
      until: (answer) => answer.body.webhook?.enabled === true,
      what: "the endpoint resumed on the upgrade",
    });
    expect(resumed.body.webhook.disabled_reason).toBeNull();
    // Disabled by the account during the pause: the upgrade leaves it off.
    expect((await rest("GET", `/webhooks/${spare.id}`)).body.webhook).toMatchObject({
      enabled: false,
      disabled_reason: null,
    });

    const afterUpgrade = `wh-resumed-${unique()}`;
    await call("shortenUrl", { url: "https://shop.example.com/r", customAlias: afterUpgrade });
    await waitFor(
      () => receiver.ofType("link.created").filter((hit) => hit.data.short_code === afterUpgrade),
      {
        until: (hits) => hits.length === 1,
        what: "the resumed endpoint's delivery",
      },
    );
    // Link events of an account are handled in order: the one created while paused was skipped.
    expect(receiver.ofType("link.created").filter((hit) => hit.data.short_code === duringPause)).toEqual([]);
    for (const endpoint of [kept, spare]) await call("deleteWebhook", { id: endpoint.id });
  });

  it("after a downgrade to Free, a token refreshed then still lists, reads and deletes the account's paused A/B test; resuming and creating one are PLAN_REQUIRED", async () => {
    const created = await rest("POST", "/ab-tests", {
      name: "Downgrade check",
      short_code: `ab-down-${unique()}`,
      variants: [
        { name: "A", destination_url: "https://shop.example.com/a" },
        { name: "B", destination_url: "https://shop.example.com/b" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.test.id as string;
    expect((await rest("POST", `/ab-tests/${id}/start`)).body.test.status).toBe("running");

    await setFlowPlan(flow, email, "free");
    try {
      await waitFor(() => rest("GET", `/ab-tests/${id}`), {
        until: (answer) => answer.body.test?.status === "paused",
        what: "the test paused for the plan",
      });
      // Free grants the A/B test scopes too: the plan is enforced by abtest-engine, not by scopes.
      const fresh = await refreshedToken();
      expect(fresh.scope.split(" ")).toEqual(expect.arrayContaining(["abtest:read", "abtest:write"]));
      const asFresh = (method: string, path: string, body?: unknown) =>
        rest(method, path, body, fresh.accessToken);

      const listed = await asFresh("GET", "/ab-tests");
      expect(listed.status).toBe(200);
      expect((listed.body.tests as Structured[]).map((test) => test.id)).toContain(id);
      expect((await asFresh("GET", `/ab-tests/${id}/analytics`)).status).toBe(200);
      expect((await asFresh("POST", `/ab-tests/${id}/resume`)).body.code).toBe("PLAN_REQUIRED");
      const refusedCreate = await asFresh("POST", "/ab-tests", {
        name: "Not on Free",
        variants: [
          { destination_url: "https://shop.example.com/c" },
          { destination_url: "https://shop.example.com/d" },
        ],
      });
      expect(refusedCreate.status).toBe(403);
      expect(refusedCreate.body.code).toBe("PLAN_REQUIRED");
      expect((await asFresh("DELETE", `/ab-tests/${id}`)).status).toBe(200);
      expect((await asFresh("GET", `/ab-tests/${id}`)).status).toBe(404);
    } finally {
      await setFlowPlan(flow, email, "business");
    }
  });
});
