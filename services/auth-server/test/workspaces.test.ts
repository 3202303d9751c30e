import { createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import { listAuditLog } from "../src/audit/list-audit-log";
import { runMaintenance } from "../src/maintenance/run-maintenance";
import { Browser, hiddenFields } from "./support/browser";
import {
  authorizeUrl,
  CALLBACK,
  type RegisteredClient,
  registerClient,
  tokensFor,
} from "./support/oauth-helpers";
import { type SmtpSink, startSmtpSink } from "./support/start-smtp-sink";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const PASSWORD = "a long enough password";
const SCOPE = "account:read account:write";
let server: TestAuthServer;
let smtp: SmtpSink;
let client: RegisteredClient;
let authService: GrpcClient<(typeof authV1.AuthService)["method"]> | undefined;
const grpc = () => {
  authService ??= createGrpcClient(authV1.AuthService, server.grpcAddress, {
    deadlineMs: 3000,
    auth: server.serviceAuth(),
  });
  return authService;
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestAuthServer({ SMTP_URL: smtp.url, SMTP_FROM: "Kurz <no-reply@kurz.test>" });
  client = await registerClient(server.url);
});

afterAll(async () => {
  authService?.close();
  await server?.stop();
  await smtp?.stop();
});

interface Person {
  email: string;
  browser: Browser;
  token: string;
  id: string;
}

async function signedUp(email: string, plan?: string): Promise<Person> {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, PASSWORD)).status).toBe(303);
  if (plan) await setAccountPlan({ db: server.server.ctx.db, now: server.clock.now() }, email, plan);
  const token = (await tokensFor(server.url, browser, client, SCOPE)).access_token;
  const account = (await (await call("GET", "/api/v1/account", token)).json()) as { account: { id: string } };
  return { email, browser, token, id: account.account.id };
}

function call(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
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

interface Invitation {
  id: string;
  created_at: string;
  email: string;
  role: string;
  expires_at: string;
  accept_url: string;
  emailed: boolean;
}

async function invite(
  inviter: Person,
  workspaceId: string,
  email: string,
  role: string,
): Promise<Invitation> {
  const body = await json<{ invitation: Invitation }>(
    call("POST", `/api/v1/workspaces/${workspaceId}/invitations`, inviter.token, { email, role }),
    201,
  );
  return body.invitation;
}

/** Opens the invitation's link in the person's browser and presses Join. */
async function accept(person: Person, invitation: Invitation) {
  const path = new URL(invitation.accept_url).pathname;
  const page = await person.browser.get(path);
  if (page.status !== 200 || !page.body.includes(`action="${path}/accept"`)) return page;
  return person.browser.post(`${path}/accept`, hiddenFields(page.body, `${path}/accept`));
}

const errorOf = async (response: Promise<Response>, status: number) =>
  json<{ success: false; code: string; message: string; details?: Record<string, unknown> }>(
    response,
    status,
  );

describe("workspaces, members and invitations", () => {
  let alice: Person;
  let bob: Person;
  /** Bob's token from a grant made for Alice's workspace. */
  let bobInTeam: string;

  beforeAll(async () => {
    alice = await signedUp("alice@team.test", "pro");
    bob = await signedUp("bob@team.test");
  });

  it("lists a person's own workspace, creates another on the free plan, and refuses outsiders alike for unknown ids", async () => {
    const listed = await json<{ workspaces: Array<{ id: string; role: string; plan: string }> }>(
      call("GET", "/api/v1/workspaces", alice.token),
      200,
    );
    expect(listed.workspaces).toEqual([
      expect.objectContaining({ id: alice.id, role: "owner", plan: "pro" }),
    ]);

    const created = await json<{ workspace: { id: string; name: string; role: string; plan: string } }>(
      call("POST", "/api/v1/workspaces", alice.token, { name: "  Agency  " }),
      201,
    );
    expect(created.workspace).toMatchObject({ name: "Agency", role: "owner", plan: "free" });
    expect(
      (await json<{ workspaces: unknown[] }>(call("GET", "/api/v1/workspaces", alice.token), 200)).workspaces,
    ).toHaveLength(2);

    const outsider = await errorOf(call("GET", `/api/v1/workspaces/${created.workspace.id}`, bob.token), 403);
    const unknown = await errorOf(
      call("GET", "/api/v1/workspaces/00000000-0000-4000-8000-000000000000", bob.token),
      403,
    );
    expect(outsider.code).toBe("FORBIDDEN");
    expect(unknown.message).toBe(outsider.message);
    expect(
      (await errorOf(call("POST", "/api/v1/workspaces", alice.token, { name: "\u0000" }), 400)).code,
    ).toBe("VALIDATION_ERROR");
  });

  it("acts in another workspace with Kurz-Workspace, and refuses it to a non-member", async () => {
    const agency = (
      await json<{ workspaces: Array<{ id: string; name: string }> }>(
        call("GET", "/api/v1/workspaces", alice.token),
        200,
      )
    ).workspaces.find((w) => w.name === "Agency");
    const inAgency = await json<{ account: { id: string; plan: { id: string } } }>(
      call("GET", "/api/v1/account", alice.token, undefined, { "kurz-workspace": agency?.id ?? "" }),
      200,
    );
    expect(inAgency.account).toMatchObject({ id: agency?.id, plan: { id: "free" } });
    expect(
      (
        await errorOf(
          call("GET", "/api/v1/account", bob.token, undefined, { "kurz-workspace": agency?.id ?? "" }),
          403,
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect(
      (
        await errorOf(
          call("GET", "/api/v1/account", bob.token, undefined, { "kurz-workspace": "not-a-uuid" }),
          400,
        )
      ).code,
    ).toBe("VALIDATION_ERROR");
  });

  it("invites by e-mail; the invited person joins once with the role, and only with that address", async () => {
    const invitation = await invite(alice, alice.id, bob.email, "viewer");
    expect(invitation).toMatchObject({ email: bob.email, role: "viewer", emailed: true });
    expect(invitation.accept_url).toMatch(new RegExp(`^${server.url}/auth/invitations/kurz_inv_`));
    const mail = await waitFor(
      () => smtp.received.find((m) => m.to.includes(bob.email)),
      "the invitation e-mail to reach the SMTP server",
    );
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(new URL(invitation.accept_url).pathname);

    // Someone else, signed in, cannot use it.
    const carol = await signedUp("carol@elsewhere.test");
    const wrong = await accept(carol, invitation);
    expect(wrong.body).toContain("for\n    bob@team.test only");

    const path = new URL(invitation.accept_url).pathname;
    const form = hiddenFields((await bob.browser.get(path)).body, `${path}/accept`);
    const joined = await bob.browser.post(`${path}/accept`, form);
    expect(joined.status).toBe(200);
    expect(joined.body).toContain("You are now a viewer");
    // Bob presses Join again (the answer to the first was lost): he is in, and told so.
    const again = await bob.browser.post(`${path}/accept`, form);
    expect(again.status).toBe(200);
    expect(again.body).toContain("You are now a viewer");
    // Opening the link again says the same while he is a member.
    expect((await bob.browser.get(path)).body).toContain("You are now a viewer");

    const members = await json<{ members: Array<{ user_id: string; role: string; email: string }> }>(
      call("GET", `/api/v1/workspaces/${alice.id}/members`, bob.token),
      200,
    );
    expect(members.members.map((m) => [m.email, m.role])).toEqual([
      [alice.email, "owner"],
      [bob.email, "viewer"],
    ]);
    // Bob acts in Alice's workspace by naming it.
    const asBob = await json<{ account: { id: string } }>(
      call("GET", "/api/v1/account", bob.token, undefined, { "kurz-workspace": alice.id }),
      200,
    );
    expect(asBob.account.id).toBe(alice.id);

    // A grant Bob makes for an app acts in the workspace he chooses on the consent page.
    const authorize = authorizeUrl({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: SCOPE,
      state: "s",
    });
    const offered = await bob.browser.get(authorize);
    // Just joined, Alice's workspace is the one Bob used last: preselected.
    expect(offered.body).toContain(`<option value="${alice.id}" selected>`);
    expect(offered.body).toContain(`<option value="${bob.id}">`);
    bobInTeam = (await tokensFor(server.url, bob.browser, client, SCOPE, alice.id)).access_token;
    const inTeam = await json<{ account: { id: string } }>(call("GET", "/api/v1/account", bobInTeam), 200);
    expect(inTeam.account.id).toBe(alice.id);
    // Choosing his own on a consent page makes it the one preselected next.
    await tokensFor(server.url, bob.browser, client, SCOPE, bob.id);
    expect((await bob.browser.get(authorize)).body).toContain(`<option value="${bob.id}" selected>`);
    // A workspace that is not his is refused on the page.
    const page = await bob.browser.get(authorize);
    const refused = await bob.browser.post("/auth/consent", {
      ...hiddenFields(page.body, "/auth/consent"),
      workspace_id: "00000000-0000-4000-8000-000000000000",
      decision: "allow",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Choose one of your workspaces.");
  });

  it("enforces roles on member management, keeps an owner, and takes a removal effect on the next request", async () => {
    const viewerRefused = await errorOf(
      call("PATCH", `/api/v1/workspaces/${alice.id}/members/${alice.id}`, bob.token, { role: "viewer" }),
      403,
    );
    expect(viewerRefused).toMatchObject({
      code: "FORBIDDEN",
      details: { role: "viewer", required_role: "admin" },
    });
    // A viewer's role does not allow account:write in the workspace (API keys): refused by role.
    const keyRefused = await errorOf(
      call(
        "POST",
        "/api/v1/api-keys",
        bob.token,
        { name: "k", permissions: ["account:read"] },
        { "kurz-workspace": alice.id },
      ),
      403,
    );
    expect(keyRefused).toMatchObject({
      code: "FORBIDDEN",
      details: { role: "viewer", required_role: "admin" },
    });

    await json(
      call("PATCH", `/api/v1/workspaces/${alice.id}/members/${bob.id}`, alice.token, { role: "admin" }),
      200,
    );
    // An admin makes the workspace's API keys, with a role ceiling up to his own.
    const inAlice = { "kurz-workspace": alice.id };
    const made = await json<{ api_key: { key: string; role: string; created_by: string } }>(
      call(
        "POST",
        "/api/v1/api-keys",
        bob.token,
        { name: "team", permissions: ["mcp", "account:read", "account:write"], role: "viewer" },
        inAlice,
      ),
      201,
    );
    expect(made.api_key).toMatchObject({ role: "viewer", created_by: bob.id });
    const verified = await grpc().verifyApiKey({ apiKey: made.api_key.key });
    expect(verified.account?.id).toBe(alice.id);
    expect(verified.permissions).toEqual(["mcp", "account:read"]);
    const tooHigh = await errorOf(
      call(
        "POST",
        "/api/v1/api-keys",
        bob.token,
        { name: "k", permissions: ["account:read"], role: "owner" },
        inAlice,
      ),
      403,
    );
    expect(tooHigh.details).toEqual({ role: "admin", required_role: "owner" });
    // An admin manages members but cannot make owners or touch the owner.
    expect(
      (
        await errorOf(
          call("PATCH", `/api/v1/workspaces/${alice.id}/members/${bob.id}`, bob.token, { role: "owner" }),
          403,
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect(
      (await errorOf(call("DELETE", `/api/v1/workspaces/${alice.id}/members/${alice.id}`, bob.token), 403))
        .code,
    ).toBe("FORBIDDEN");
    // The last owner can neither leave nor step down.
    expect(
      (await errorOf(call("DELETE", `/api/v1/workspaces/${alice.id}/members/${alice.id}`, alice.token), 409))
        .code,
    ).toBe("INVALID_STATE");
    expect(
      (
        await errorOf(
          call("PATCH", `/api/v1/workspaces/${alice.id}/members/${alice.id}`, alice.token, { role: "admin" }),
          409,
        )
      ).code,
    ).toBe("INVALID_STATE");

    // Bob's token was issued before; the removal holds from his next request.
    await json(call("GET", "/api/v1/account", bob.token, undefined, { "kurz-workspace": alice.id }), 200);
    await json(call("DELETE", `/api/v1/workspaces/${alice.id}/members/${bob.id}`, alice.token), 200);
    expect(
      (
        await errorOf(
          call("GET", "/api/v1/account", bob.token, undefined, { "kurz-workspace": alice.id }),
          403,
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect((await errorOf(call("GET", `/api/v1/workspaces/${alice.id}/members`, bob.token), 403)).code).toBe(
      "FORBIDDEN",
    );
    // So is the grant that acts there.
    expect((await errorOf(call("GET", "/api/v1/account", bobInTeam), 403)).code).toBe("FORBIDDEN");
    // His own workspace is untouched.
    await json(call("GET", "/api/v1/account", bob.token), 200);
  });

  it("counts members and pending invitations against the plan, replaces a repeated invitation, and withdraws one", async () => {
    // Pro: 3 people. Alice alone now; two pending invitations fill it.
    const first = await invite(alice, alice.id, "dana@team.test", "member");
    const replaced = await invite(alice, alice.id, "dana@team.test", "admin");
    await invite(alice, alice.id, "erin@team.test", "member");
    const full = await errorOf(
      call("POST", `/api/v1/workspaces/${alice.id}/invitations`, alice.token, {
        email: "finn@team.test",
        role: "viewer",
      }),
      403,
    );
    expect(full).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: 3, used: 3, plan: "pro" } });

    const pending = await json<{ invitations: Array<{ id: string; email: string; role: string }> }>(
      call("GET", `/api/v1/workspaces/${alice.id}/invitations`, alice.token),
      200,
    );
    expect(pending.invitations.map((i) => [i.email, i.role])).toEqual([
      ["dana@team.test", "admin"],
      ["erin@team.test", "member"],
    ]);
    expect(pending.invitations.some((i) => i.id === first.id)).toBe(false);
    expect(JSON.stringify(pending)).not.toContain("accept_url");

    await json(call("DELETE", `/api/v1/workspaces/${alice.id}/invitations/${replaced.id}`, alice.token), 200);
    expect(
      (
        await errorOf(
          call("DELETE", `/api/v1/workspaces/${alice.id}/invitations/${replaced.id}`, alice.token),
          404,
        )
      ).code,
    ).toBe("NOT_FOUND");
    // The replaced and the withdrawn links no longer work.
    const dana = await signedUp("dana@team.test");
    expect((await accept(dana, first)).status).toBe(410);
    expect((await accept(dana, replaced)).status).toBe(410);
    // A free workspace holds its owner alone.
    const free = await errorOf(
      call("POST", `/api/v1/workspaces/${bob.id}/invitations`, bob.token, {
        email: "x@team.test",
        role: "viewer",
      }),
      403,
    );
    expect(free).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: 1, used: 1, plan: "free" } });
  });

  it("expires an invitation after seven days", async () => {
    const gina = await signedUp("gina@team.test");
    const invitation = await invite(alice, alice.id, gina.email, "member");
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(7 * 86_400_000);
    server.clock.advance(7 * 86_400_000 + 1_000);
    const page = await accept(gina, invitation);
    expect(page.status).toBe(410);
    expect(page.body).toContain("has expired");
  });
});

describe("the audit log", () => {
  interface Entry {
    action: string;
    surface: string;
    actor: {
      type: string;
      id: string | null;
      email: string | null;
      client_id: string | null;
      address: string | null;
    };
    target: { type: string; id: string };
    changes: Record<string, { before: unknown; after: unknown }>;
  }
  const log = async (person: Person, query = "", headers: Record<string, string> = {}) =>
    json<{ entries: Entry[]; next_cursor: string | null }>(
      call("GET", `/api/v1/audit-log${query}`, person.token, undefined, headers),
      200,
    );

  it("holds one entry per change, with who, through what and from where; filters, pages and exports it; for admins and owners", async () => {
    const zed = await signedUp("zed@audit.test", "pro");
    const yan = await signedUp("yan@audit.test");
    await json(call("PATCH", `/api/v1/workspaces/${zed.id}`, zed.token, { name: "Zed & Co" }), 200);
    const forYan = await invite(zed, zed.id, yan.email, "member");
    expect((await accept(yan, forYan)).status).toBe(200);
    await json(
      call("PATCH", `/api/v1/workspaces/${zed.id}/members/${yan.id}`, zed.token, { role: "admin" }),
      200,
    );
    const key = await json<{ api_key: { id: string; key: string } }>(
      call("POST", "/api/v1/api-keys", zed.token, { name: "CI", permissions: ["account:read"] }),
      201,
    );
    await json(call("DELETE", `/api/v1/api-keys/${key.api_key.id}`, zed.token), 200);
    await invite(zed, zed.id, "x@audit.test", "viewer");
    const again = await invite(zed, zed.id, "x@audit.test", "member");
    await json(call("DELETE", `/api/v1/workspaces/${zed.id}/invitations/${again.id}`, zed.token), 200);
    // A refused change leaves no entry.
    await errorOf(
      call("PATCH", `/api/v1/workspaces/${zed.id}/members/${yan.id}`, yan.token, { role: "owner" }),
      403,
    );

    const all = (await log(zed, "?limit=100")).entries;
    expect(all.map((e) => e.action).reverse()).toEqual([
      "workspace.created",
      "plan.changed",
      "workspace.renamed",
      "invitation.created",
      "invitation.accepted",
      "member.role_changed",
      "api_key.created",
      "api_key.revoked",
      "invitation.created",
      "invitation.revoked",
      "invitation.created",
      "invitation.revoked",
    ]);
    const byAction = (action: string) => all.filter((e) => e.action === action);
    expect(byAction("plan.changed")[0]).toMatchObject({
      actor: { type: "operator", id: null },
      surface: "admin",
      changes: { plan: { before: "free", after: "pro" } },
    });
    expect(byAction("workspace.renamed")[0]).toMatchObject({
      actor: {
        type: "person",
        id: zed.id,
        email: zed.email,
        client_id: client.client_id,
        address: "127.0.0.1",
      },
      surface: "rest",
      target: { type: "workspace", id: zed.id },
      changes: { name: { before: "Test Person", after: "Zed & Co" } },
    });
    expect(byAction("invitation.accepted")[0]).toMatchObject({
      actor: { id: yan.id, email: yan.email },
      surface: "pages",
      changes: { role: { before: null, after: "member" } },
    });
    expect(byAction("member.role_changed")[0]).toMatchObject({
      target: { type: "member", id: yan.id },
      changes: { role: { before: "member", after: "admin" } },
    });
    expect(JSON.stringify(all)).not.toContain(key.api_key.key);

    // Filters and pages.
    expect((await log(zed, `?action=member.role_changed`)).entries).toHaveLength(1);
    expect((await log(zed, `?target=${yan.id}`)).entries.map((e) => e.action)).toEqual([
      "member.role_changed",
    ]);
    expect((await log(zed, `?actor=${yan.id}`)).entries.map((e) => e.action)).toEqual([
      "invitation.accepted",
    ]);
    const paged: Entry[] = [];
    let cursor: string | null = "";
    for (let pages = 0; cursor !== null && pages < 10; pages++) {
      const page = await log(zed, `?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...page.entries);
      cursor = page.next_cursor;
    }
    expect(paged).toEqual(all);
    expect((await errorOf(call("GET", "/api/v1/audit-log?start=yesterday", zed.token), 400)).code).toBe(
      "VALIDATION_ERROR",
    );
    expect((await errorOf(call("GET", "/api/v1/audit-log?cursor=bm9wZQ", zed.token), 400)).code).toBe(
      "VALIDATION_ERROR",
    );

    // The export is the same entries, as CSV any parser reads.
    const exported = await call("GET", "/api/v1/audit-log/export", zed.token);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const rows = parse(await exported.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.action)).toEqual(all.map((e) => e.action));
    expect(JSON.parse(rows.find((r) => r.action === "workspace.renamed")?.changes ?? "{}")).toEqual({
      name: { before: "Test Person", after: "Zed & Co" },
    });

    // An admin reads it; a member does not; another workspace's log is not reachable.
    const inZed = { "kurz-workspace": zed.id };
    expect((await log(yan, "", inZed)).entries.length).toBe(all.length);
    await json(
      call("PATCH", `/api/v1/workspaces/${zed.id}/members/${yan.id}`, zed.token, { role: "member" }),
      200,
    );
    expect(
      (await errorOf(call("GET", "/api/v1/audit-log", yan.token, undefined, inZed), 403)).details,
    ).toEqual({ role: "member", required_role: "admin" });
    expect((await log(yan)).entries.map((e) => e.action)).toEqual(["workspace.created"]);
  });
});

describe("the audit log's retention", () => {
  it("deletes what each workspace's plan no longer keeps (free 30 days, pro 365) at the hourly maintenance", async () => {
    const kept = await signedUp("kept@audit.test", "pro");
    const dropped = await signedUp("dropped@audit.test");
    const entriesOf = (workspaceId: string) => listAuditLog(server.server.ctx, { workspaceId, limit: 100 });
    const keptBefore = (await entriesOf(kept.id)).length;
    expect(keptBefore).toBeGreaterThan(0);
    expect((await entriesOf(dropped.id)).length).toBe(1);

    server.clock.advance(31 * 86_400_000);
    await runMaintenance(server.server.ctx);
    expect(await entriesOf(dropped.id)).toEqual([]);
    expect((await entriesOf(kept.id)).length).toBe(keptBefore);
  });
});
