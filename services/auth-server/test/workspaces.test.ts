import { createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
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

    const joined = await accept(bob, invitation);
    expect(joined.status).toBe(200);
    expect(joined.body).toContain("You are now a viewer");
    const again = await accept(bob, invitation);
    expect(again.status).toBe(410);

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
