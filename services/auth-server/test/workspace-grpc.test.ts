import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type AppError, isAppError } from "@kurz/errors";
import { type CallActor, createGrpcClient, type GrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "../src/accounts/set-account-plan";
import { invitations } from "../src/db/schema";
import { Browser, hiddenFields } from "./support/browser";
import { type RegisteredClient, registerClient, tokensFor } from "./support/oauth-helpers";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const PASSWORD = "a long enough password";
const SCOPE = "account:read account:write";
let server: TestAuthServer;
let client: RegisteredClient;
let viaGateway: GrpcClient<(typeof authV1.WorkspaceService)["method"]>;
let viaLinkApi: GrpcClient<(typeof authV1.WorkspaceService)["method"]>;

beforeAll(async () => {
  server = await startTestAuthServer();
  client = await registerClient(server.url);
  const options = (service: string) => ({
    deadlineMs: 5000,
    retry: { maxAttempts: 1 },
    auth: server.serviceAuth(service),
  });
  // The MCP gateway's calls are the "mcp" surface of the audit log; any other service's "grpc".
  viaGateway = createGrpcClient(authV1.WorkspaceService, server.grpcAddress, options("mcp-gateway"));
  viaLinkApi = createGrpcClient(authV1.WorkspaceService, server.grpcAddress, options("link-api"));
});

afterAll(async () => {
  viaGateway?.close();
  viaLinkApi?.close();
  await server?.stop();
});

interface Person {
  email: string;
  browser: Browser;
  token: string;
  id: string;
  as: { actor: CallActor };
}

function rest(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signedUp(email: string, plan?: string): Promise<Person> {
  const browser = new Browser(server.url);
  expect((await browser.signUp(email, PASSWORD)).status).toBe(303);
  if (plan) await setAccountPlan({ db: server.server.ctx.db, now: server.clock.now() }, email, plan);
  const token = (await tokensFor(server.url, browser, client, SCOPE)).access_token;
  const account = (await (await rest("GET", "/api/v1/account", token)).json()) as { account: { id: string } };
  return { email, browser, token, id: account.account.id, as: { actor: { accessToken: token } } };
}

/** An MCP API key of the person's own workspace, with a role ceiling. */
async function apiKey(
  person: Person,
  role: string,
  permissions: string[],
): Promise<{ actor: CallActor; id: string }> {
  const response = await rest("POST", "/api/v1/api-keys", person.token, {
    name: `agent ${role}`,
    permissions: ["mcp", ...permissions],
    role,
  });
  expect(response.status).toBe(201);
  const { api_key } = (await response.json()) as { api_key: { id: string; key: string } };
  return { actor: { apiKey: api_key.key }, id: api_key.id };
}

/** Opens an invitation's link in the person's browser and presses Join. */
async function accept(person: Person, acceptUrl: string) {
  const path = new URL(acceptUrl).pathname;
  const page = await person.browser.get(path);
  expect(page.status).toBe(200);
  await person.browser.post(`${path}/accept`, hiddenFields(page.body, `${path}/accept`));
}

async function failure(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("WorkspaceService for a person (a forwarded access token)", () => {
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    alice = await signedUp("alice@grpc.example", "pro");
    bob = await signedUp("bob@grpc.example");
  });

  it("lists the person's workspaces, reads and renames the one the token acts in", async () => {
    const { workspaces } = await viaGateway.listWorkspaces({}, alice.as);
    expect(workspaces.map((w) => ({ id: w.id, role: w.role, plan: w.plan }))).toEqual([
      { id: alice.id, role: "owner", plan: "pro" },
    ]);

    const renamed = await viaGateway.updateWorkspace({ name: "  Alice's team " }, alice.as);
    expect(renamed.workspace).toMatchObject({ id: alice.id, name: "Alice's team", role: "owner" });
    expect((await viaGateway.getWorkspace({}, alice.as)).workspace?.name).toBe("Alice's team");

    const invalid = await failure(viaGateway.updateWorkspace({ name: "" }, alice.as));
    expect(invalid.code).toBe("VALIDATION_ERROR");
  });

  it("invites, lists and withdraws invitations, manages members, and the audit log names the person and the mcp surface", async () => {
    const { invitation } = await viaGateway.createInvitation({ email: bob.email, role: "member" }, alice.as);
    expect(invitation).toMatchObject({ email: bob.email, role: "member" });
    expect(invitation?.acceptUrl).toMatch(new RegExp(`^${server.url}/auth/invitations/`));
    expect(invitation?.emailed).toBe(false);
    const listed = await viaGateway.listInvitations({}, alice.as);
    expect(listed.invitations.map((i) => i.id)).toEqual([invitation?.id]);
    // Lists never show the link.
    expect(listed.invitations[0]?.acceptUrl).toBe("");

    await accept(bob, invitation?.acceptUrl ?? "");
    const members = await viaGateway.listMembers({}, alice.as);
    expect(members.members.map((m) => [m.email, m.role])).toEqual([
      [alice.email, "owner"],
      [bob.email, "member"],
    ]);

    const changed = await viaGateway.updateMember({ userId: bob.id, role: "viewer" }, alice.as);
    expect(changed).toMatchObject({ userId: bob.id, role: "viewer", previousRole: "member" });

    const second = await viaGateway.createInvitation(
      { email: "carol@grpc.example", role: "admin" },
      alice.as,
    );
    await viaGateway.revokeInvitation({ id: second.invitation?.id ?? "" }, alice.as);
    expect((await viaGateway.listInvitations({}, alice.as)).invitations).toEqual([]);

    const { entries } = await viaGateway.getAuditLog({ actor: alice.id, limit: 100 }, alice.as);
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "workspace.renamed",
        "invitation.created",
        "member.role_changed",
        "invitation.revoked",
      ]),
    );
    const roleChange = entries.find((e) => e.action === "member.role_changed");
    expect(roleChange).toMatchObject({
      actor: { type: "person", id: alice.id, email: alice.email, clientId: client.client_id, address: "" },
      surface: "mcp",
      targetType: "member",
      targetId: bob.id,
    });
    expect(JSON.parse(roleChange?.changesJson ?? "{}")).toEqual({
      role: { before: "member", after: "viewer" },
    });
  });

  it("records a call through another service's gRPC client as the grpc surface", async () => {
    await viaLinkApi.updateWorkspace({ name: "Renamed over gRPC" }, alice.as);

    const { entries } = await viaGateway.getAuditLog({ action: "workspace.renamed", limit: 1 }, alice.as);
    expect(entries[0]).toMatchObject({ surface: "grpc", actor: { type: "person", id: alice.id } });
  });

  it("refuses what the person's role does not allow, as REST does (FORBIDDEN with role and required_role)", async () => {
    // Bob is a viewer in Alice's workspace: his token for it may read, not manage.
    const bobInTeam = (await tokensFor(server.url, bob.browser, client, SCOPE, alice.id)).access_token;
    const asBob = { actor: { accessToken: bobInTeam } };
    expect((await viaGateway.listMembers({}, asBob)).members).toHaveLength(2);

    // A viewer's role strips account:write from his token there: refused before any operation.
    const refused = await failure(viaGateway.updateMember({ userId: alice.id, role: "viewer" }, asBob));
    expect(refused.code).toBe("INSUFFICIENT_SCOPE");
    const log = await failure(viaGateway.getAuditLog({}, asBob));
    expect(log.code).toBe("FORBIDDEN");
    expect(log.details).toEqual({ role: "viewer", required_role: "admin" });

    // Removed, Bob's token for the team is refused on its next call: no longer a member.
    await viaGateway.removeMember({ userId: bob.id }, alice.as);
    const gone = await failure(viaGateway.listMembers({}, asBob));
    expect(gone.code).toBe("FORBIDDEN");
    expect(gone.details).toMatchObject({ workspace_id: alice.id });
  });

  it("answers NOT_FOUND for an unknown member or invitation, and INVALID_STATE for the last owner", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await failure(viaGateway.updateMember({ userId: unknown, role: "admin" }, alice.as))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(viaGateway.removeMember({ userId: "not-a-uuid" }, alice.as))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(viaGateway.revokeInvitation({ id: unknown }, alice.as))).code).toBe("NOT_FOUND");
    expect((await failure(viaGateway.revokeInvitation({ id: "x" }, alice.as))).code).toBe("NOT_FOUND");
    expect((await failure(viaGateway.removeMember({ userId: alice.id }, alice.as))).code).toBe(
      "INVALID_STATE",
    );
  });

  it("pages the audit log with a cursor and filters it by time", async () => {
    const first = await viaGateway.getAuditLog({ limit: 2 }, alice.as);
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBe("");
    const next = await viaGateway.getAuditLog({ limit: 2, cursor: first.nextCursor }, alice.as);
    const all = await viaGateway.getAuditLog({ limit: 4 }, alice.as);
    expect([...first.entries, ...next.entries].map((e) => e.id)).toEqual(all.entries.map((e) => e.id));

    const future = timestampFromDate(new Date(server.clock.now().getTime() + 3_600_000));
    expect((await viaGateway.getAuditLog({ start: future }, alice.as)).entries).toEqual([]);
    expect((await viaGateway.getAuditLog({ end: future, limit: 100 }, alice.as)).nextCursor).toBe("");

    expect((await failure(viaGateway.getAuditLog({ limit: 101 }, alice.as))).code).toBe("VALIDATION_ERROR");
    expect((await failure(viaGateway.getAuditLog({ cursor: "nope" }, alice.as))).code).toBe(
      "VALIDATION_ERROR",
    );
  });
});

describe("WorkspaceService for an MCP API key (its exchanged internal token)", () => {
  let owner: Person;

  beforeAll(async () => {
    owner = await signedUp("owner@keys.example", "pro");
  });

  it("lists only the key's own workspace, with its role ceiling as the role", async () => {
    const key = await apiKey(owner, "admin", ["account:read", "account:write"]);

    const { workspaces } = await viaGateway.listWorkspaces({}, key);
    expect(workspaces.map((w) => [w.id, w.role])).toEqual([[owner.id, "admin"]]);
    expect((await viaGateway.getWorkspace({}, key)).workspace?.role).toBe("admin");
  });

  it("invites and manages members with the key's ceiling, recorded under the key on the mcp surface", async () => {
    const key = await apiKey(owner, "admin", ["account:read", "account:write"]);

    const { invitation } = await viaGateway.createInvitation(
      { email: "dana@keys.example", role: "member" },
      key,
    );
    expect(invitation?.acceptUrl).toMatch(/\/auth\/invitations\//);
    // Never above its ceiling: an admin key makes no owner.
    const above = await failure(
      viaGateway.createInvitation({ email: "eve@keys.example", role: "owner" }, key),
    );
    expect(above.code).toBe("FORBIDDEN");
    expect(above.details).toEqual({ role: "admin", required_role: "owner" });

    const dana = await signedUp("dana@keys.example");
    await accept(dana, invitation?.acceptUrl ?? "");
    expect(await viaGateway.updateMember({ userId: dana.id, role: "admin" }, key)).toMatchObject({
      role: "admin",
      previousRole: "member",
    });
    // An admin key cannot change the owner.
    expect((await failure(viaGateway.updateMember({ userId: owner.id, role: "admin" }, key))).code).toBe(
      "FORBIDDEN",
    );
    await viaGateway.removeMember({ userId: dana.id }, key);

    const { entries } = await viaGateway.getAuditLog({ actor: key.id }, key);
    expect(entries.map((e) => e.action)).toEqual([
      "member.removed",
      "member.role_changed",
      "invitation.created",
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: { type: "api_key", id: key.id, email: "" }, surface: "mcp" });
    }
    // The invitation names the person who made the key as its inviter.
    const [row] = await server.server.ctx.db
      .select({ invitedBy: invitations.invitedBy })
      .from(invitations)
      .where(eq(invitations.id, invitation?.id ?? ""));
    expect(row?.invitedBy).toBe(owner.id);
  });

  it("refuses what a lower ceiling does not allow, and a key without the scope", async () => {
    const member = await apiKey(owner, "member", ["account:read"]);
    expect((await viaGateway.listMembers({}, member)).members.length).toBeGreaterThan(0);
    const log = await failure(viaGateway.getAuditLog({}, member));
    expect(log.code).toBe("FORBIDDEN");
    expect(log.details).toEqual({ role: "member", required_role: "admin" });

    // A member's ceiling strips account:write from the key's scopes.
    const writer = await apiKey(owner, "member", ["account:read", "account:write"]);
    const refused = await failure(
      viaGateway.createInvitation({ email: "x@keys.example", role: "viewer" }, writer),
    );
    expect(refused.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("stops a key revoked after its exchange on the next call", async () => {
    const key = await apiKey(owner, "admin", ["account:read"]);
    expect((await viaGateway.listMembers({}, key)).members.length).toBeGreaterThan(0);

    expect((await rest("DELETE", `/api/v1/api-keys/${key.id}`, owner.token)).status).toBe(200);
    // The internal token is still valid for minutes; the key is read on every call.
    expect((await failure(viaGateway.listMembers({}, key))).code).toBe("AUTHENTICATION_REQUIRED");
  });
});

describe("WorkspaceService refuses calls that act for nobody", () => {
  it("refuses a service's own token (FORBIDDEN) and an unauthenticated call", async () => {
    expect((await failure(viaGateway.listWorkspaces({}))).code).toBe("FORBIDDEN");
    const bare = createGrpcClient(authV1.WorkspaceService, server.grpcAddress, {
      deadlineMs: 3000,
      retry: { maxAttempts: 1 },
    });
    try {
      expect((await failure(bare.listWorkspaces({}))).code).toBe("AUTHENTICATION_REQUIRED");
    } finally {
      bare.close();
    }
  });
});
