import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError } from "@kurz/errors";
import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createProtocolServer } from "../src/mcp/create-protocol-server";
import { DirectHandlers } from "../src/mcp/direct-handlers";
import { toolListing } from "../src/mcp/tool-listing";
import type { ToolClients } from "../src/tools/tool-clients";
import { WORKSPACE_TOOLS } from "../src/tools/workspaces/workspace-tools";
import { testServerOptions } from "./support/test-server-options";

const AT = new Date("2026-11-29T14:02:11.512Z");
const ID = "0b6f4f7e-8a51-4c6f-9d0e-2f4b7c1d9a33";

type Answer = {
  result?: {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: Array<{ text: string }>;
  };
  error?: { code: number; data: Record<string, unknown> };
};

/** The workspace tools over a fake auth-server, for a key with `permissions`; its calls recorded. */
function serve(workspaces: Record<string, (request: unknown) => Promise<unknown>>, permissions: string[]) {
  const calls: Array<{ method: string; request: unknown }> = [];
  const recorded = Object.fromEntries(
    Object.entries(workspaces).map(([method, answer]) => [
      method,
      (request: unknown) => {
        calls.push({ method, request });
        return answer(request);
      },
    ]),
  );
  const direct = new DirectHandlers();
  createProtocolServer(
    testServerOptions({
      tools: WORKSPACE_TOOLS as never,
      clients: { workspaces: recorded } as unknown as ToolClients,
      principal: { actor: { apiKey: "k" }, keyId: "k1", accountId: "a1", permissions: new Set(permissions) },
    }),
    direct,
  );
  let id = 0;
  const send = async (method: string, params: Record<string, unknown>) =>
    (await direct.answer({ jsonrpc: "2.0", id: ++id, method, params } as JSONRPCRequest)) as Answer;
  return {
    calls,
    call: (name: string, args: Record<string, unknown> = {}) => send("tools/call", { name, arguments: args }),
    list: async () =>
      ((await send("tools/list", {})) as unknown as { result: { tools: Array<{ name: string }> } }).result,
  };
}

describe("the workspace tools", () => {
  it("are eight, closed to unknown arguments, and a read-only key sees only the four that read", async () => {
    expect(WORKSPACE_TOOLS.map((tool) => tool.name)).toEqual([
      "listWorkspaces",
      "listMembers",
      "updateMemberRole",
      "removeMember",
      "inviteMember",
      "listInvitations",
      "revokeInvitation",
      "getAuditLog",
    ]);
    for (const tool of WORKSPACE_TOOLS) {
      expect(toolListing(tool).inputSchema.additionalProperties, tool.name).toBe(false);
    }
    const reader = serve({}, ["account:read"]);
    expect((await reader.list()).tools.map((tool) => tool.name)).toEqual([
      "listWorkspaces",
      "listMembers",
      "listInvitations",
      "getAuditLog",
    ]);
  });

  it("list members and workspaces in the REST API's fields", async () => {
    const { call } = serve(
      {
        listMembers: async () => ({
          members: [
            {
              userId: ID,
              email: "sam@example.com",
              name: "Sam",
              role: "admin",
              joinedAt: timestampFromDate(AT),
            },
          ],
        }),
        listWorkspaces: async () => ({
          workspaces: [
            { id: ID, name: "Team", plan: "pro", role: "owner", createdAt: timestampFromDate(AT) },
          ],
        }),
      },
      ["account:read"],
    );

    expect((await call("listMembers")).result?.structuredContent).toEqual({
      members: [
        { user_id: ID, email: "sam@example.com", name: "Sam", role: "admin", joined_at: AT.toISOString() },
      ],
    });
    expect((await call("listWorkspaces")).result?.structuredContent).toEqual({
      workspaces: [{ id: ID, name: "Team", plan: "pro", role: "owner", created_at: AT.toISOString() }],
    });
  });

  it("invite with a role and hand back the one-time accept_url", async () => {
    const { call, calls } = serve(
      {
        createInvitation: async () => ({
          invitation: {
            id: ID,
            email: "sam@example.com",
            role: "member",
            createdAt: timestampFromDate(AT),
            expiresAt: timestampFromDate(new Date(AT.getTime() + 7 * 86_400_000)),
            acceptUrl: "https://kurz.example/auth/invitations/kurz_inv_x",
            emailed: false,
          },
        }),
      },
      ["account:read", "account:write"],
    );

    const answer = await call("inviteMember", { email: "sam@example.com", role: "member" });
    expect(answer.result?.structuredContent).toMatchObject({
      invitation: { id: ID, accept_url: "https://kurz.example/auth/invitations/kurz_inv_x", emailed: false },
    });
    expect(calls).toEqual([
      { method: "createInvitation", request: { email: "sam@example.com", role: "member" } },
    ]);
    // A role that does not exist is refused before auth-server is asked.
    const boss = await call("inviteMember", { email: "sam@example.com", role: "boss" });
    expect(JSON.parse(boss.result?.content[0]?.text ?? "{}")).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(calls).toHaveLength(1);
  });

  it("read the audit log with its filters as timestamps, its changes as objects, and null at the last page", async () => {
    const { call, calls } = serve(
      {
        getAuditLog: async () => ({
          entries: [
            {
              id: ID,
              occurredAt: timestampFromDate(AT),
              actor: { type: "api_key", id: "k1", email: "", clientId: "", address: "" },
              surface: "mcp",
              action: "member.role_changed",
              targetType: "member",
              targetId: ID,
              changesJson: JSON.stringify({ role: { before: "member", after: "admin" } }),
            },
          ],
          nextCursor: "",
        }),
      },
      ["account:read"],
    );

    const answer = await call("getAuditLog", {
      action: "member.role_changed",
      start: "2026-11-29T00:00:00Z",
      limit: 10,
    });
    expect(calls[0]?.request).toEqual({
      action: "member.role_changed",
      start: timestampFromDate(new Date("2026-11-29T00:00:00Z")),
      limit: 10,
    });
    expect(answer.result?.structuredContent).toEqual({
      entries: [
        {
          id: ID,
          occurred_at: AT.toISOString(),
          actor: { type: "api_key", id: "k1", email: null, client_id: null, address: null },
          surface: "mcp",
          action: "member.role_changed",
          target: { type: "member", id: ID },
          changes: { role: { before: "member", after: "admin" } },
        },
      ],
      next_cursor: null,
    });
    const vague = await call("getAuditLog", { start: "yesterday" });
    expect(JSON.parse(vague.result?.content[0]?.text ?? "{}")).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(calls).toHaveLength(1);
  });

  it("answer auth-server's refusal as the tool error body, with the role it needs", async () => {
    const { call } = serve(
      {
        updateMember: async () => {
          throw new AppError("FORBIDDEN", {
            message:
              "Your role in this workspace (member) does not allow managing members: it needs admin or above",
            details: { role: "member", required_role: "admin" },
          });
        },
        removeMember: async () => {
          throw new AppError("NOT_FOUND", { message: "No such member in this workspace" });
        },
      },
      ["account:read", "account:write"],
    );

    const refused = await call("updateMemberRole", { user_id: ID, role: "admin" });
    expect(refused.result?.isError).toBe(true);
    expect(JSON.parse(refused.result?.content[0]?.text ?? "{}")).toMatchObject({
      success: false,
      code: "FORBIDDEN",
      retryable: false,
      details: { role: "member", required_role: "admin" },
    });
    const missing = await call("removeMember", { user_id: ID });
    expect(JSON.parse(missing.result?.content[0]?.text ?? "{}")).toMatchObject({ code: "NOT_FOUND" });
  });
});
