import {
  createMcpKey,
  grantWithOAuth,
  hiddenFields,
  type SignedInUser,
  setPlanAsOperator,
  signInWithOAuth,
} from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";

const SCOPE = [
  "shorturl:read",
  "shorturl:create",
  "domain:read",
  "domain:write",
  "analytics:read",
  "abtest:read",
  "webhook:read",
  "account:read",
  "account:write",
].join(" ");

/** One read route of each service that serves REST. */
const READS = [
  "/api/v1/urls",
  "/api/v1/domains",
  "/api/v1/analytics/account/overview",
  "/api/v1/ab-tests",
  "/api/v1/webhooks",
];

export interface WorkspaceRolesJourneyOptions {
  edgeUrl: string;
  dataDir: string;
  authServerGrpcAddress: string;
  /** auth-server's ADMIN_SECRET when it has one (distributed mode). */
  adminSecret?: string;
  /** Called after the operator's plan change: makes every service see it at once. */
  planChanged?: () => void;
}

interface Answer {
  status: number;
  body: { code?: string; details?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * Roles across the real services (docs/api/workspaces.md): people invited to a Pro workspace as
 * viewer and member accept through the invitation page and act in it with Kurz-Workspace; each
 * service's REST routes allow what their role allows (a viewer reads everywhere and writes
 * nowhere, a member creates links and not domains, an admin adds domains), the links are the
 * workspace's, and a removal holds from the person's next request to every service, their token
 * unchanged.
 */
export async function runWorkspaceRolesJourney(options: WorkspaceRolesJourneyOptions): Promise<void> {
  const { edgeUrl } = options;
  const call = async (
    person: SignedInUser,
    method: string,
    path: string,
    body: unknown,
    workspace: string | null,
  ): Promise<Answer> => {
    const response = await fetch(`${edgeUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${person.accessToken}`,
        // null: no header, the person's own workspace.
        ...(workspace ? { "kurz-workspace": workspace } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Answer["body"]) : {} };
  };
  const idOf = async (someone: SignedInUser) =>
    ((await call(someone, "GET", "/api/v1/account", undefined, null)).body.account as { id: string }).id;

  const owner = await signInWithOAuth(edgeUrl, SCOPE, {
    afterSignUp: async (email) => {
      await setPlanAsOperator({
        dataDir: options.dataDir,
        authServerGrpcAddress: options.authServerGrpcAddress,
        email,
        plan: "pro",
        ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
      });
      options.planChanged?.();
    },
  });
  const team = await idOf(owner);
  const inTeam = (person: SignedInUser, method: string, path: string, body?: unknown) =>
    call(person, method, path, body, team);

  const join = async (role: "viewer" | "member"): Promise<SignedInUser> => {
    const invited = await signInWithOAuth(edgeUrl, SCOPE);
    const created = await inTeam(owner, "POST", `/api/v1/workspaces/${team}/invitations`, {
      email: invited.email,
      role,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = new URL((created.body.invitation as { accept_url: string }).accept_url).pathname;
    const page = await invited.browser.get(path);
    const joined = await invited.browser.post(`${path}/accept`, hiddenFields(page.body, `${path}/accept`));
    expect(joined.status, joined.body.slice(0, 400)).toBe(200);
    return invited;
  };
  const viewer = await join("viewer");
  const member = await join("member");

  // A viewer reads every service and writes nowhere.
  for (const path of READS) {
    const read = await inTeam(viewer, "GET", path);
    expect(read.status, `${path}: ${JSON.stringify(read.body)}`).toBe(200);
  }
  const write = await inTeam(viewer, "POST", "/api/v1/urls", { url: "https://example.com/viewer" });
  expect(write.status).toBe(403);
  expect(write.body).toMatchObject({
    code: "FORBIDDEN",
    details: { role: "viewer", required_role: "member" },
  });

  // A member creates the workspace's links, and does not manage its domains.
  const created = await inTeam(member, "POST", "/api/v1/urls", { url: "https://example.com/team-link" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = (created.body.url as { id: string }).id;
  expect((await inTeam(owner, "GET", `/api/v1/urls/${code}`)).status).toBe(200);
  expect((await call(member, "GET", `/api/v1/urls/${code}`, undefined, null)).status).toBe(404);
  const refused = await inTeam(member, "POST", "/api/v1/domains/branded", { domain: "go.team-example.com" });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({
    code: "FORBIDDEN",
    details: { role: "member", required_role: "admin" },
  });

  // Promoted to admin, the same person adds it.
  const promoted = await inTeam(owner, "PATCH", `/api/v1/workspaces/${team}/members/${await idOf(member)}`, {
    role: "admin",
  });
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  const domain = await inTeam(member, "POST", "/api/v1/domains/branded", { domain: "go.team-example.com" });
  expect(domain.status, JSON.stringify(domain.body)).toBe(201);

  // The viewer's agent, connected over MCP with a token granted for the team (chosen at consent):
  // its tools act there, through the gateway's gRPC calls to link-api.
  const agentToken = (await grantWithOAuth(edgeUrl, viewer.browser, "shorturl:read", { workspaceId: team }))
    .accessToken;
  const agent = new Client({ name: "viewer-agent", version: "1.0.0" });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${agentToken}` } },
    }),
  );
  const listed = await agent.callTool({ name: "listUrls", arguments: {} });
  expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
  expect(JSON.stringify(listed.structuredContent)).toContain(code);

  // An API key of the team reaches the team's links over MCP, never another workspace's: the
  // viewer's own link, by its code, is not found with it.
  const own = await call(viewer, "POST", "/api/v1/urls", { url: "https://example.com/viewer-own" }, null);
  expect(own.status, JSON.stringify(own.body)).toBe(201);
  // The team is the owner's own workspace: their token makes the key there.
  const teamKey = await createMcpKey(edgeUrl, owner.accessToken, ["mcp", "shorturl:read"]);
  const keyed = new Client({ name: "team-key-agent", version: "1.0.0" });
  await keyed.connect(
    new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
      requestInit: { headers: { "x-mcp-key": teamKey } },
    }),
  );
  try {
    const teams = await keyed.callTool({ name: "getUrl", arguments: { shortCode: code } });
    expect(teams.isError, JSON.stringify(teams.content)).toBeFalsy();
    const elsewhere = await keyed.callTool({
      name: "getUrl",
      arguments: { shortCode: (own.body.url as { id: string }).id },
    });
    expect(elsewhere.isError).toBe(true);
    expect(JSON.stringify(elsewhere.content)).toMatch(/NOT_FOUND/);
  } finally {
    await keyed.close();
  }

  // Removed, the viewer is refused by every service on the next request, with the same token.
  const removed = await inTeam(owner, "DELETE", `/api/v1/workspaces/${team}/members/${await idOf(viewer)}`);
  expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  for (const path of READS) {
    const answer = await inTeam(viewer, "GET", path);
    expect(answer.status, path).toBe(403);
    expect(answer.body.code, path).toBe("FORBIDDEN");
  }
  expect((await call(viewer, "GET", "/api/v1/urls", undefined, null)).status).toBe(200);
  // And their agent's next call over MCP, in the same session with the same token.
  try {
    const refusal = await agent.callTool({ name: "listUrls", arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    expect(refusal).toMatch(/403|FORBIDDEN/);
  } finally {
    await agent.close();
  }
}
