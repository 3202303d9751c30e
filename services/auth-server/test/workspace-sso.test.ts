import { createDatabase } from "@kurz/relational";
import {
  createTestDatabase,
  postgresBackend,
  startTestDnsServer,
  type TestDatabase,
  type TestDnsServer,
} from "@kurz/testing";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import * as schema from "../src/db/schema";
import { MIGRATIONS_FOLDER } from "../src/server";
import { Browser, hiddenFields } from "./support/browser";
import { migrationsUpTo } from "./support/migrations-up-to";
import {
  authorizeUrl,
  CALLBACK,
  type RegisteredClient,
  registerClient,
  tokensFor,
} from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";
import {
  signInAtProvider,
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from "./support/start-test-openid-provider";

const PASSWORD = "a long enough password";
const SCOPE = "account:read account:write";
let server: TestAuthServer;
let dns: TestDnsServer;
let provider: TestOpenIdProvider;
let client: RegisteredClient;

beforeAll(async () => {
  dns = await startTestDnsServer();
  server = await startTestAuthServer({ DNS_SERVERS: dns.address, SSO_ALLOWED_TARGETS: "127.0.0.1/32" });
  provider = await startTestOpenIdProvider({ redirectUri: `${server.url}/auth/sso/callback` });
  client = await registerClient(server.url);
});

afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await dns?.stop();
});

interface Person {
  email: string;
  browser: Browser;
  token: string;
  id: string;
}

function call(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Response | Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const errorOf = (response: Promise<Response>, status: number) =>
  json<{ code: string; message: string; details?: Record<string, unknown> }>(response, status);

async function signedUp(email: string, plan?: string): Promise<Person> {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, PASSWORD)).status).toBe(303);
  if (plan) await setAccountPlan({ db: server.server.ctx.db, now: server.clock.now() }, email, plan);
  const token = (await tokensFor(server.url, browser, client, SCOPE)).access_token;
  const account = await json<{ account: { id: string } }>(call("GET", "/api/v1/account", token), 200);
  return { email, browser, token, id: account.account.id };
}

/** Invites `email` into the owner's workspace with `role`; the person signs up and joins. */
async function member(owner: Person, email: string, role: string): Promise<Person> {
  const person = await signedUp(email);
  const { invitation } = await json<{ invitation: { accept_url: string } }>(
    call("POST", `/api/v1/workspaces/${owner.id}/invitations`, owner.token, { email, role }),
    201,
  );
  const path = new URL(invitation.accept_url).pathname;
  const page = await person.browser.get(path);
  expect(
    (await person.browser.post(`${path}/accept`, hiddenFields(page.body, `${path}/accept`))).status,
  ).toBe(200);
  return person;
}

interface SsoView {
  issuer: string;
  client_id: string;
  client_secret_set: true;
  domain: string;
  enforced: boolean;
  verification: {
    status: string;
    txt_name: string;
    txt_value: string;
    verified_at: string | null;
    problem?: string;
  };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  domain: "Acme.Test",
  enforced: false,
  ...overrides,
});

const auditOf = (workspaceId: string) =>
  server.server.ctx.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.workspaceId, workspaceId))
    .orderBy(asc(schema.auditLog.id));

/** The page a browser lands on after the provider sent it back to `callback`. */
const back = (browser: Browser, callback: string) => browser.get(callback);

/** Starts single sign-on for `email` in `browser` and answers the provider's authorization URL. */
async function start(browser: Browser, email: string, next?: string): Promise<string> {
  const query = new URLSearchParams({ email, ...(next ? { continue: next } : {}) });
  const started = await browser.get(`/auth/sso/start?${query}`);
  expect(started.status, started.body).toBe(302);
  expect(started.location?.startsWith(`${provider.issuer}/`)).toBe(true);
  return started.location ?? "";
}

describe("a workspace's single sign-on", () => {
  let owner: Person;
  let admin: Person;

  beforeAll(async () => {
    owner = await signedUp("olga@acme.test", "enterprise");
    admin = await member(owner, "adam@acme.test", "admin");
    provider.accounts.set("newbie", { email: "Newbie@acme.test", email_verified: true, name: "New Bie" });
    provider.accounts.set("pat", { email: "pat@acme.test", email_verified: true, name: "Pat" });
    provider.accounts.set("unverified", { email: "una@acme.test", email_verified: false });
    provider.accounts.set("outsider", { email: "otto@elsewhere.test", email_verified: true });
  });

  it("is refused below the Enterprise plan with PLAN_REQUIRED", async () => {
    const pro = await signedUp("pia@pro.test", "pro");
    const refused = await errorOf(
      call("PUT", `/api/v1/workspaces/${pro.id}/sso`, pro.token, settings({ domain: "pro.test" })),
      403,
    );
    expect(refused).toMatchObject({
      code: "PLAN_REQUIRED",
      details: { plan: "pro", required: "enterprise", feature: "sso" },
    });
    expect(
      (await errorOf(call("POST", `/api/v1/workspaces/${pro.id}/sso/verify`, pro.token), 404)).code,
    ).toBe("NOT_FOUND");
  });

  it("refuses an issuer that is no OpenID provider, naming the field", async () => {
    const put = (issuer: string) =>
      errorOf(call("PUT", `/api/v1/workspaces/${owner.id}/sso`, owner.token, settings({ issuer })), 400);
    expect(await put("not a url")).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "issuer" } });
    expect(await put(`${server.url}/nothing-here`)).toMatchObject({
      details: { field: "issuer", reason: "not_openid_provider" },
    });
    // A private address outside SSO_ALLOWED_TARGETS: the SSRF guard refuses it before connecting.
    expect(await put("http://10.0.0.1")).toMatchObject({
      details: { field: "issuer", reason: "https_required" },
    });
    expect(await put("https://10.0.0.1")).toMatchObject({
      details: { field: "issuer", reason: "unreachable" },
    });
    expect(
      (
        await errorOf(
          call(
            "PUT",
            `/api/v1/workspaces/${owner.id}/sso`,
            owner.token,
            settings({ domain: "not a domain" }),
          ),
          400,
        )
      ).details,
    ).toMatchObject({ field: "domain" });
    expect((await errorOf(call("GET", `/api/v1/workspaces/${owner.id}/sso`, owner.token), 404)).code).toBe(
      "NOT_FOUND",
    );
  });

  it("is saved by owners and read by admins, never shows or audits the client secret, and admins cannot change it", async () => {
    const saved = await json<{ sso: SsoView }>(
      call("PUT", `/api/v1/workspaces/${owner.id}/sso`, owner.token, settings()),
      200,
    );
    expect(saved.sso).toMatchObject({
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret_set: true,
      domain: "acme.test",
      enforced: false,
      verification: { status: "pending", txt_name: "_kurz-sso.acme.test", verified_at: null },
    });
    expect(saved.sso.verification.txt_value).toMatch(/^kurz-sso-verification=[0-9a-f]{32}$/);
    const read = await json<{ sso: SsoView }>(
      call("GET", `/api/v1/workspaces/${owner.id}/sso`, admin.token),
      200,
    );
    expect(read.sso).toEqual(saved.sso);
    expect(JSON.stringify(read)).not.toContain(provider.clientSecret);

    const refused = await errorOf(
      call("PUT", `/api/v1/workspaces/${owner.id}/sso`, admin.token, settings()),
      403,
    );
    expect(refused).toMatchObject({ code: "FORBIDDEN", details: { role: "admin", required_role: "owner" } });
    expect((await errorOf(call("DELETE", `/api/v1/workspaces/${owner.id}/sso`, admin.token), 403)).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await errorOf(call("POST", `/api/v1/workspaces/${owner.id}/sso/verify`, admin.token), 403)).code,
    ).toBe("FORBIDDEN");

    // An update may leave the secret out to keep it; the token stays while the domain does.
    const kept = await json<{ sso: SsoView }>(
      call(
        "PUT",
        `/api/v1/workspaces/${owner.id}/sso`,
        owner.token,
        settings({ client_secret: undefined, client_id: provider.clientId }),
      ),
      200,
    );
    expect(kept.sso.verification.txt_value).toBe(saved.sso.verification.txt_value);
    const [row] = await server.server.ctx.db
      .select()
      .from(schema.workspaceSso)
      .where(eq(schema.workspaceSso.workspaceId, owner.id));
    expect(row?.clientSecretSealed).not.toContain(provider.clientSecret);
    expect(server.server.ctx.sso.secrets.open(owner.id, row?.clientSecretSealed ?? "")).toBe(
      provider.clientSecret,
    );

    const entries = await auditOf(owner.id);
    const configured = entries.find((entry) => entry.action === "sso.configured");
    expect(configured).toMatchObject({ actorId: owner.id, targetType: "workspace_sso", targetId: owner.id });
    expect(configured?.changes).toMatchObject({
      domain: { before: null, after: "acme.test" },
      client_secret: { before: null, after: "(changed)" },
    });
    expect(JSON.stringify(entries)).not.toContain(provider.clientSecret);
  });

  it("lets one workspace hold a domain", async () => {
    const rival = await signedUp("rita@rival.test", "enterprise");
    const taken = await errorOf(
      call("PUT", `/api/v1/workspaces/${rival.id}/sso`, rival.token, settings()),
      409,
    );
    expect(taken).toMatchObject({ code: "CONFLICT", details: { field: "domain", reason: "domain_taken" } });
  });

  it("turns the domain from pending to verified once its TXT record is published", async () => {
    const verify = () =>
      json<{ sso: SsoView }>(call("POST", `/api/v1/workspaces/${owner.id}/sso/verify`, owner.token), 200);
    const before = await verify();
    expect(before.sso.verification.status).toBe("pending");
    expect(before.sso.verification.problem).toContain("_kurz-sso.acme.test");
    // Before verification nobody signs in through it.
    const page = await new Browser(server.url).get("/auth/sso/start?email=newbie%40acme.test");
    expect(page.status).toBe(400);
    expect(page.body).toContain("Single sign-on is not set up");

    dns.setTxt(before.sso.verification.txt_name, ["v=spf1 -all", before.sso.verification.txt_value]);
    const after = await verify();
    expect(after.sso.verification).toMatchObject({ status: "verified" });
    expect(after.sso.verification.verified_at).not.toBeNull();
    expect((await auditOf(owner.id)).map((entry) => entry.action)).toContain("sso.domain_verified");
  });

  it("signs a new person in through the provider, makes them a member, and continues the authorization request", async () => {
    const browser = new Browser(server.url);
    const authorize = authorizeUrl({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: SCOPE,
      state: "s1",
    });
    // The log-in page's button: the same flow, through a page that moves on to the provider.
    const login = await browser.get(`/auth/login?return_to=${encodeURIComponent(authorize)}`);
    expect(login.body).toContain("Continue with single sign-on");
    const chosen = await browser.post("/auth/login", {
      ...hiddenFields(login.body, "/auth/login"),
      email: "newbie@acme.test",
      sso: "1",
    });
    expect(chosen.status).toBe(200);
    const authorizationUrl =
      /<a class="button" href="([^"]+)"/.exec(chosen.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(authorizationUrl.startsWith(`${provider.issuer}/`)).toBe(true);

    const callback = await signInAtProvider(new Browser(provider.issuer), authorizationUrl, "newbie");
    expect(callback.startsWith(`${server.url}/auth/sso/callback?`)).toBe(true);
    const landed = await back(browser, callback);
    expect(landed.status, landed.body).toBe(302);
    expect(landed.location).toBe(authorize);

    const token = (await tokensFor(server.url, browser, client, SCOPE)).access_token;
    const me = await json<{ account: { email: string } }>(call("GET", "/api/v1/account", token), 200);
    expect(me.account.email).toBe("newbie@acme.test");
    const { workspaces } = await json<{ workspaces: Array<{ id: string; role: string }> }>(
      call("GET", "/api/v1/workspaces", token),
      200,
    );
    expect(workspaces).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: owner.id, role: "member" })]),
    );
    const [person] = await server.server.ctx.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.email, "newbie@acme.test"));
    expect(person?.passwordHash).toBeNull();
    const joined = (await auditOf(owner.id)).find((entry) => entry.action === "member.joined_through_sso");
    expect(joined).toMatchObject({
      actorId: person?.id,
      surface: "pages",
      targetType: "member",
      targetId: person?.id,
    });
    expect(joined?.changes).toMatchObject({ role: { before: null, after: "member" } });

    // A person without a password cannot log in with one.
    expect((await new Browser(server.url).logIn("newbie@acme.test", PASSWORD)).status).toBe(401);
  });

  it("treats an existing person with the e-mail as the same person", async () => {
    const pat = await signedUp("pat@acme.test");
    const browser = new Browser(server.url);
    const landed = await back(
      browser,
      await signInAtProvider(new Browser(provider.issuer), await start(browser, "pat@acme.test"), "pat"),
    );
    expect(landed.location).toBe("/account");
    const token = (await tokensFor(server.url, browser, client, SCOPE)).access_token;
    expect(
      (await json<{ account: { id: string } }>(call("GET", "/api/v1/account", token), 200)).account.id,
    ).toBe(pat.id);
    // Signing in again joins nobody twice.
    const again = await back(
      browser,
      await signInAtProvider(new Browser(provider.issuer), await start(browser, "pat@acme.test"), "pat"),
    );
    expect(again.status).toBe(302);
    expect(
      (await auditOf(owner.id)).filter(
        (entry) => entry.action === "member.joined_through_sso" && entry.targetId === pat.id,
      ),
    ).toHaveLength(1);
  });

  it("refuses an e-mail of another domain and one the provider has not verified", async () => {
    for (const [login, message] of [
      ["outsider", "another domain"],
      ["unverified", "has not verified your e-mail address"],
    ] as const) {
      const browser = new Browser(server.url);
      const page = await back(
        browser,
        await signInAtProvider(new Browser(provider.issuer), await start(browser, "newbie@acme.test"), login),
      );
      expect(page.status).toBe(403);
      expect(page.body).toContain(message);
      expect(browser.cookies.has("kurz_session")).toBe(false);
    }
    const [una] = await server.server.ctx.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.email, "una@acme.test"));
    expect(una).toBeUndefined();
  });

  it("refuses a forged, a replayed and a foreign callback, and one after the flow's lifetime", async () => {
    const browser = new Browser(server.url);
    const authorizationUrl = await start(browser, "newbie@acme.test");
    const forged = await browser.get("/auth/sso/callback?code=forged&state=forged");
    expect(forged.status).toBe(400);
    expect(forged.body).toContain("does not belong to the log-in you started");

    const callback = await signInAtProvider(new Browser(provider.issuer), authorizationUrl, "newbie");
    // Another browser (an attacker handing the victim's callback on) has no flow cookie.
    expect((await new Browser(server.url).get(callback)).status).toBe(400);
    expect((await back(browser, callback)).status).toBe(302);
    const replayed = await browser.get(callback);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toContain("already used");

    const late = new Browser(server.url);
    const lateCallback = await signInAtProvider(
      new Browser(provider.issuer),
      await start(late, "newbie@acme.test"),
      "newbie",
    );
    server.clock.advance(11 * 60_000);
    const expired = await late.get(lateCallback);
    expect(expired.status).toBe(400);
    expect(expired.body).toContain("took too long");
  });

  it("judges the ID token's expiry on the service clock", async () => {
    const browser = new Browser(server.url);
    const callback = await signInAtProvider(
      new Browser(provider.issuer),
      await start(browser, "newbie@acme.test"),
      "newbie",
    );
    // The provider's ID tokens live 60 s (plus oauth4webapi's 30 s tolerance); the flow 10 minutes.
    server.clock.advance(3 * 60_000);
    const page = await browser.get(callback);
    expect(page.status).toBe(502);
    expect(page.body).toContain("could not be verified");
  });

  it("shows a clear page when consent is denied or the provider is down", async () => {
    const browser = new Browser(server.url);
    const denied = await back(
      browser,
      await signInAtProvider(
        new Browser(provider.issuer),
        await start(browser, "newbie@acme.test"),
        "newbie",
        "deny",
      ),
    );
    expect(denied.status).toBe(403);
    expect(denied.body).toContain("cancelled or refused");

    provider.goDown();
    try {
      const page = await new Browser(server.url).get("/auth/sso/start?email=newbie%40acme.test");
      expect(page.status).toBe(502);
      expect(page.body).toContain("could not be reached");
    } finally {
      provider.comeBack();
    }
  });

  it("when enforced, refuses password log-in and sign-up for the domain, and only for it", async () => {
    await json(
      call(
        "PUT",
        `/api/v1/workspaces/${owner.id}/sso`,
        owner.token,
        settings({ client_secret: undefined, enforced: true }),
      ),
      200,
    );
    const login = await new Browser(server.url).logIn("pat@acme.test", PASSWORD);
    expect(login.status).toBe(403);
    expect(login.body).toContain("through single sign-on");
    const signup = await new Browser(server.url).signUp("someone@acme.test", PASSWORD);
    expect(signup.status).toBe(403);
    expect(signup.body).toContain("through single sign-on");
    expect((await new Browser(server.url).logIn("pia@pro.test", PASSWORD)).status).toBe(303);
    const updated = (await auditOf(owner.id)).filter((entry) => entry.action === "sso.updated").at(-1);
    expect(updated?.changes).toEqual({ enforced: { before: false, after: true } });
  });

  it("is removed by its owner, and password log-in works again", async () => {
    await json(call("DELETE", `/api/v1/workspaces/${owner.id}/sso`, owner.token), 200);
    expect((await errorOf(call("GET", `/api/v1/workspaces/${owner.id}/sso`, owner.token), 404)).code).toBe(
      "NOT_FOUND",
    );
    expect((await new Browser(server.url).logIn("pat@acme.test", PASSWORD)).status).toBe(303);
    expect((await auditOf(owner.id)).map((entry) => entry.action)).toContain("sso.deleted");
  });
});

const postgres = await postgresBackend();
const stores = [
  { name: "PGlite", adminUrl: undefined as string | undefined },
  ...(postgres.available ? [{ name: "PostgreSQL", adminUrl: postgres.value.adminUrl }] : []),
];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

describe.each(stores)("migration 0006_workspace_sso on $name", (store) => {
  it("keeps existing people and their passwords, allows people without one, and one workspace per domain", async () => {
    let url: string | undefined;
    if (store.adminUrl) {
      const database = await createTestDatabase(store.adminUrl, "auth_migration_workspace_sso");
      databases.push(database);
      url = database.url;
    }
    const connection = await createDatabase(url ? { url } : {});
    try {
      await connection.migrate(migrationsUpTo("0005_audit_log"));
      const { db } = connection;
      const at = new Date("2026-03-04T05:06:07.000Z");
      const alice = "0190f0a0-0000-7000-8000-00000000000a";
      const bob = "0190f0a0-0000-7000-8000-00000000000b";
      await db.execute(sql`insert into accounts (id, email, name, password_hash, created_at, updated_at)
        values (${alice}, 'alice@example.com', 'Alice', 'hash-a', ${at}, ${at})`);
      await db.execute(sql`insert into workspaces (id, name, plan, created_at, updated_at)
        values (${alice}, 'Alice', 'enterprise', ${at}, ${at}), (${bob}, 'Bob', 'enterprise', ${at}, ${at})`);

      await connection.migrate(MIGRATIONS_FOLDER);

      await db
        .insert(schema.accounts)
        .values({ id: bob, email: "bob@example.com", passwordHash: null, createdAt: at, updatedAt: at });
      expect(
        await db
          .select({ email: schema.accounts.email, hash: schema.accounts.passwordHash })
          .from(schema.accounts)
          .orderBy(asc(schema.accounts.email)),
      ).toEqual([
        { email: "alice@example.com", hash: "hash-a" },
        { email: "bob@example.com", hash: null },
      ]);
      const row = {
        issuer: "https://login.example.com",
        clientId: "c",
        clientSecretSealed: "v1.x.y",
        domain: "example.com",
        verificationToken: "t",
        createdAt: at,
        updatedAt: at,
      };
      await db.insert(schema.workspaceSso).values({ ...row, workspaceId: alice });
      await expect(db.insert(schema.workspaceSso).values({ ...row, workspaceId: bob })).rejects.toThrow();
      expect((await db.select().from(schema.workspaceSso))[0]).toMatchObject({
        enforced: false,
        verifiedAt: null,
      });
    } finally {
      await connection.close();
    }
  });
});
