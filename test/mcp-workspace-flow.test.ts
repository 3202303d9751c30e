import { Browser, createMcpKey, hiddenFields } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

// biome-ignore lint/suspicious/noExplicitAny: structured results under test
type Structured = Record<string, any>;

const SCOPE = "account:read account:write";

async function connect(flow: FlowKurz, key: string): Promise<Client> {
  const client = new Client({ name: "kurz-workspace-flow", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${flow.edgeUrl}/mcp`), {
      requestInit: { headers: { "x-mcp-key": key } },
    }),
  );
  return client;
}

describe("an agent manages a team through the MCP workspace tools (mcp-gateway → auth-server's WorkspaceService)", () => {
  let flow: FlowKurz;
  let owner: Client;
  let reader: Client;
  let ownerEmail: string;

  beforeAll(async () => {
    flow = await startFlowKurz("mcp-workspace-flow");
    const user = await signUpOnPlan(flow, SCOPE, "pro");
    ownerEmail = user.email;
    owner = await connect(
      flow,
      await createMcpKey(flow.edgeUrl, user.accessToken, ["mcp", "account:read", "account:write"]),
    );
    reader = await connect(flow, await createMcpKey(flow.edgeUrl, user.accessToken, ["mcp", "account:read"]));
  });

  afterAll(async () => {
    await owner?.close();
    await reader?.close();
    await flow?.stop();
  });

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Structured;
  };

  it("lists the tools by the key's permissions: a read-only key sees no tool that changes the team", async () => {
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["listWorkspaces", "listMembers", "listInvitations", "getAuditLog"]),
    );
    expect(names).not.toContain("inviteMember");
    expect((await owner.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["updateMemberRole", "removeMember", "inviteMember", "revokeInvitation"]),
    );
  });

  it("invites a person who joins, changes their role, removes them, and the audit log names the key on the mcp surface", async () => {
    const [workspace] = (await call(owner, "listWorkspaces")).workspaces as Structured[];
    expect(workspace).toMatchObject({ plan: "pro", role: "owner" });

    const sam = `sam-${Date.now().toString(36)}@example.com`;
    const { invitation } = await call(owner, "inviteMember", { email: sam, role: "member" });
    expect(invitation.accept_url).toMatch(/\/auth\/invitations\//);
    expect((await call(reader, "listInvitations")).invitations.map((i: Structured) => i.email)).toEqual([
      sam,
    ]);

    // Sam signs up and presses Join on the link the agent passed on.
    const browser = new Browser(flow.edgeUrl);
    expect((await browser.signUp(sam, "a long enough password")).status).toBe(303);
    const path = new URL(invitation.accept_url).pathname;
    const page = await browser.get(path);
    await browser.post(`${path}/accept`, hiddenFields(page.body, `${path}/accept`));

    const members = (await call(reader, "listMembers")).members as Structured[];
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [ownerEmail, "owner"],
      [sam, "member"],
    ]);
    const samId = members[1]?.user_id as string;
    expect(await call(owner, "updateMemberRole", { user_id: samId, role: "admin" })).toEqual({
      user_id: samId,
      role: "admin",
      previous_role: "member",
    });
    await call(owner, "removeMember", { user_id: samId });
    expect((await call(reader, "listMembers")).members).toHaveLength(1);

    const log = await call(reader, "getAuditLog", { target: samId });
    expect(log.entries.map((e: Structured) => e.action)).toEqual(["member.removed", "member.role_changed"]);
    expect(log.entries[0]).toMatchObject({ actor: { type: "api_key" }, surface: "mcp" });
  });

  it("answers a refusal as a tool error with a stable code: the last owner stays, an unknown invitation is NOT_FOUND", async () => {
    const [me] = (await call(reader, "listMembers")).members as Structured[];
    const last = await owner.callTool({ name: "removeMember", arguments: { user_id: me?.user_id } });
    expect(last.isError).toBe(true);
    expect(JSON.parse((last.content as Array<{ text: string }>)[0]?.text ?? "{}")).toMatchObject({
      code: "INVALID_STATE",
    });
    const unknown = await owner.callTool({
      name: "revokeInvitation",
      arguments: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(JSON.parse((unknown.content as Array<{ text: string }>)[0]?.text ?? "{}")).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
