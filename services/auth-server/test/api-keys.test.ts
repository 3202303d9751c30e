import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type AppError, isAppError } from "@kurz/errors";
import { createEventBus, decodeEnvelope, decodePayload, type EventBus, eventTopics } from "@kurz/events";
import { createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { authV1, type eventsV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import { sha256Hex } from "../src/crypto/opaque-secret";
import { apiKeys } from "../src/db/schema";
import { Browser, hiddenFields } from "./support/browser";
import { registerClient, type TokenSet, tokensFor } from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const PASSWORD = "a long enough password";
let server: TestAuthServer;
let bus: EventBus;
let grpc: GrpcClient<(typeof authV1.AuthService)["method"]>;
const events: eventsV1.EventEnvelope[] = [];

beforeAll(async () => {
  bus = createEventBus({ clientId: "auth-server-test" });
  server = await startTestAuthServer({}, { bus });
  await bus.consume({
    groupId: "auth-server-test",
    topics: [eventTopics.account],
    handler: async (message) => {
      events.push(decodeEnvelope(message.value));
    },
  });
  grpc = createGrpcClient(authV1.AuthService, server.grpcAddress, {
    deadlineMs: 3000,
    auth: server.serviceAuth(),
  });
});

afterAll(async () => {
  grpc?.close();
  await server?.stop();
  await bus?.close();
});

async function signedUp(email: string, plan = "free"): Promise<Browser> {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, PASSWORD)).status).toBe(303);
  if (plan !== "free") await setAccountPlan({ db: server.server.ctx.db, now: new Date() }, email, plan);
  return browser;
}

async function createKeyInPage(browser: Browser, name: string, permissions: string[]) {
  const page = await browser.get("/account/api-keys");
  return browser.post("/account/api-keys", {
    ...hiddenFields(page.body, "/account/api-keys"),
    name,
    permissions,
  });
}

function secretFrom(body: string): string {
  const match = /<p class="secret"[^>]*>([^<]+)<\/p>/.exec(body);
  if (!match?.[1]) throw new Error("no secret on the page");
  return match[1];
}

async function grpcError(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("API keys in the account pages", () => {
  it("creates a key shown once, lists it by prefix only, and verifies it over gRPC", async () => {
    const browser = await signedUp("pro@example.com", "pro");
    const created = await createKeyInPage(browser, "Claude desktop", [
      "mcp",
      "shorturl:read",
      "shorturl:create",
    ]);
    expect(created.status).toBe(201);
    const secret = secretFrom(created.body);
    expect(secret).toMatch(/^kurz_[A-Za-z0-9_-]{43}$/);

    const list = await browser.get("/account/api-keys");
    expect(list.body).toContain("Claude desktop");
    expect(list.body).toContain(`${secret.slice(0, 11)}…`);
    expect(list.body).not.toContain(secret);
    const [stored] = await server.server.ctx.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, sha256Hex(secret)));
    expect(stored?.lastUsedAt).toBeNull();

    const verified = await grpc.verifyApiKey({ apiKey: secret });
    expect(verified.account?.email).toBe("pro@example.com");
    expect(verified.account?.plan?.id).toBe("pro");
    expect(verified.account?.plan?.mcpAccess).toBe(true);
    expect(verified.permissions).toEqual(["mcp", "shorturl:read", "shorturl:create"]);
    expect(verified.keyId).toBe(stored?.id);
    const [used] = await server.server.ctx.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, stored?.id ?? ""));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("revokes a key from the page; the key stops verifying", async () => {
    const browser = await signedUp("revoker@example.com", "pro");
    const secret = secretFrom((await createKeyInPage(browser, "Temporary", ["mcp"])).body);
    const list = await browser.get("/account/api-keys");
    const action = /action="(\/account\/api-keys\/[0-9a-f-]+\/revoke)"/.exec(list.body)?.[1] ?? "";
    const revoked = await browser.post(action, hiddenFields(list.body, action));
    expect(revoked.status).toBe(303);
    expect((await browser.get(revoked.location ?? "")).body).toContain("The API key was revoked.");
    const error = await grpcError(grpc.verifyApiKey({ apiKey: secret }));
    expect(error.code).toBe("AUTHENTICATION_REQUIRED");
  });

  it("refuses MCP permission on the free plan", async () => {
    const browser = await signedUp("free@example.com");
    const page = await browser.get("/account/api-keys");
    expect(page.body).toContain("MCP access is part of the Pro plan and up");
    const refused = await createKeyInPage(browser, "Wishful", ["mcp"]);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("MCP access is not part of the Free plan");
    expect(await server.server.ctx.db.select().from(apiKeys).where(eq(apiKeys.name, "Wishful"))).toHaveLength(
      0,
    );
  });

  it("offers and creates webhook and A/B test permissions on the free plan (a plan never narrows scopes)", async () => {
    const browser = await signedUp("free-scopes@example.com");
    const page = await browser.get("/account/api-keys");
    for (const scope of ["webhook:read", "webhook:write", "abtest:read", "abtest:write"]) {
      expect(page.body).toContain(`value="${scope}"`);
    }
    const created = await createKeyInPage(browser, "Housekeeping", [
      "webhook:read",
      "webhook:write",
      "abtest:read",
    ]);
    expect(created.status).toBe(201);
    const [stored] = await server.server.ctx.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.name, "Housekeeping"));
    expect(stored?.permissions).toEqual(["webhook:read", "webhook:write", "abtest:read"]);
  });

  it("refuses to create a key without a CSRF token", async () => {
    const browser = await signedUp("csrf-keys@example.com", "pro");
    const response = await browser.post("/account/api-keys", { name: "Sneaky", permissions: ["mcp"] });
    expect(response.status).toBe(403);
    expect(await server.server.ctx.db.select().from(apiKeys).where(eq(apiKeys.name, "Sneaky"))).toHaveLength(
      0,
    );
  });
});

describe("VerifyApiKey and GetAccount over gRPC", () => {
  it("refuses a key once the account's plan loses MCP access", async () => {
    const browser = await signedUp("downgrade@example.com", "business");
    const secret = secretFrom((await createKeyInPage(browser, "Agent", ["mcp"])).body);
    expect((await grpc.verifyApiKey({ apiKey: secret })).account?.plan?.id).toBe("business");
    await setAccountPlan({ db: server.server.ctx.db, now: new Date() }, "downgrade@example.com", "free");
    const error = await grpcError(grpc.verifyApiKey({ apiKey: secret }));
    expect(error.code).toBe("PLAN_REQUIRED");
  });

  it("refuses a key created without the mcp permission", async () => {
    const browser = await signedUp("nomcp@example.com", "pro");
    const secret = secretFrom((await createKeyInPage(browser, "Scripts", ["shorturl:read"])).body);
    expect((await grpcError(grpc.verifyApiKey({ apiKey: secret }))).code).toBe("FORBIDDEN");
  });

  it("refuses unknown and missing keys as AUTHENTICATION_REQUIRED", async () => {
    expect((await grpcError(grpc.verifyApiKey({ apiKey: "kurz_unknown" }))).code).toBe(
      "AUTHENTICATION_REQUIRED",
    );
    expect((await grpcError(grpc.verifyApiKey({ apiKey: "" }))).code).toBe("AUTHENTICATION_REQUIRED");
  });

  it("returns an account with its plan, and NOT_FOUND for an unknown one", async () => {
    await signedUp("lookup@example.com", "enterprise");
    const [key] = await server.server.ctx.db.select().from(apiKeys).limit(1);
    const account = await grpc.getAccount({ accountId: key?.accountId ?? "" });
    expect(account.account?.id).toBe(key?.accountId);
    const missing = await grpcError(grpc.getAccount({ accountId: "00000000-0000-4000-8000-000000000000" }));
    expect(missing.code).toBe("NOT_FOUND");
  });
});

describe("API keys over REST", () => {
  let tokens: TokenSet;
  let readOnly: TokenSet;

  beforeAll(async () => {
    const browser = await signedUp("rest@example.com", "pro");
    const client = await registerClient(server.url);
    tokens = await tokensFor(server.url, browser, client, "account:read account:write shorturl:read");
    readOnly = await tokensFor(server.url, browser, client, "account:read");
  });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("creates, lists and revokes keys with account scopes", async () => {
    const created = await call("POST", "/api/v1/api-keys", tokens.access_token, {
      name: "CI",
      permissions: ["mcp", "shorturl:read"],
    });
    expect(created.status).toBe(201);
    const { api_key } = (await created.json()) as { api_key: { id: string; key: string; prefix: string } };
    expect(api_key.key).toMatch(/^kurz_/);
    expect(api_key.key.startsWith(api_key.prefix)).toBe(true);

    const list = (await (await call("GET", "/api/v1/api-keys", readOnly.access_token)).json()) as {
      api_keys: Array<{ id: string; key?: string }>;
    };
    expect(list.api_keys.map((k) => k.id)).toContain(api_key.id);
    expect(list.api_keys.every((k) => k.key === undefined)).toBe(true);

    expect((await call("DELETE", `/api/v1/api-keys/${api_key.id}`, tokens.access_token)).status).toBe(200);
    expect((await call("DELETE", `/api/v1/api-keys/${api_key.id}`, tokens.access_token)).status).toBe(404);
  });

  it("refuses writes to a token without account:write with the insufficient-scope error", async () => {
    const response = await call("POST", "/api/v1/api-keys", readOnly.access_token, {
      name: "x",
      permissions: ["mcp"],
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      success: false,
      error: "Insufficient scope",
      required_scope: "account:write",
    });
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  it("refuses a key stronger than the token that asks for it", async () => {
    const response = await call("POST", "/api/v1/api-keys", tokens.access_token, {
      name: "escalate",
      permissions: ["shorturl:delete"],
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe("FORBIDDEN");
  });

  it("answers another account's key as not found", async () => {
    const other = await signedUp("other-rest@example.com", "pro");
    await createKeyInPage(other, "Theirs", ["mcp"]);
    const [theirs] = await server.server.ctx.db.select().from(apiKeys).where(eq(apiKeys.name, "Theirs"));
    expect((await call("DELETE", `/api/v1/api-keys/${theirs?.id}`, tokens.access_token)).status).toBe(404);
    expect((await call("DELETE", "/api/v1/api-keys/not-a-uuid", tokens.access_token)).status).toBe(404);
  });

  it("refuses a key beyond the plan's active keys with 403 QUOTA_EXCEEDED, not retryable, until one is revoked", async () => {
    const browser = await signedUp("many-keys@example.com");
    // A key may not exceed its token: the token carries the scope the keys get.
    const scope = "account:write shorturl:read";
    const token = (await tokensFor(server.url, browser, await registerClient(server.url), scope))
      .access_token;
    const create = (name: string) =>
      call("POST", "/api/v1/api-keys", token, { name, permissions: ["shorturl:read"] });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await create(`key ${i}`);
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { api_key: { id: string } }).api_key.id);
    }

    const refused = await create("one too many");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "QUOTA_EXCEEDED",
      error: "Your Free plan allows 50 active API keys",
      details: { limit: 50, used: 50, plan: "free" },
      hint: expect.stringContaining("upgrade"),
    });

    expect((await call("DELETE", `/api/v1/api-keys/${ids[0]}`, token)).status).toBe(200);
    expect((await create("after a revocation")).status).toBe(201);
  });

  it("validates the request body", async () => {
    const response = await call("POST", "/api/v1/api-keys", tokens.access_token, {
      name: "x",
      permissions: [],
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
    const unknown = await call("POST", "/api/v1/api-keys", tokens.access_token, {
      name: "x",
      permissions: ["root"],
    });
    expect(unknown.status).toBe(403);
  });

  it("refuses requests without a bearer token", async () => {
    const response = await fetch(`${server.url}/api/v1/account`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="kurz"');
  });
});

describe("account events", () => {
  it("publishes account.created, account.plan_changed and API key events on kurz.account.v1", async () => {
    await signedUp("events@example.com", "pro");
    const created = await waitFor(
      () =>
        events.find(
          (e) =>
            e.type === "account.created" &&
            decodePayload(e, authV1.AccountCreatedSchema)?.account?.email === "events@example.com",
        ),
      "account.created of events@example.com",
    );
    const accountId = created.accountId;
    expect(created.key).toBe(accountId);
    expect(created.source).toBe("auth-server");
    expect(created.payloadType).toBe("kurz.auth.v1.AccountCreated");

    const planChanged = await waitFor(
      () => events.find((e) => e.type === "account.plan_changed" && e.accountId === accountId),
      "account.plan_changed of the account",
    );
    const payload = decodePayload(planChanged, authV1.AccountPlanChangedSchema);
    expect(payload?.previousPlan).toBe("free");
    expect(payload?.plan?.id).toBe("pro");
    expect(payload?.plan?.mcpAccess).toBe(true);
    expect(planChanged.occurredAt && timestampDate(planChanged.occurredAt)).toBeInstanceOf(Date);

    const keyEvents = await waitFor(
      () => events.filter((e) => e.type.startsWith("account.api_key_")).map((e) => e.type),
      { until: (types) => types.length >= 2, what: "two API key events" },
    );
    expect(keyEvents).toContain("account.api_key_revoked");
  });
});
