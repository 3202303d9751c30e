import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createProtocolServer } from "../src/mcp/create-protocol-server";
import { DirectHandlers } from "../src/mcp/direct-handlers";
import { toolListing } from "../src/mcp/tool-listing";
import { ALL_TOOLS } from "../src/tools/all-tools";
import { shortenUrl } from "../src/tools/links/shorten-url";
import type { ToolClients } from "../src/tools/tool-clients";
import { testServerOptions } from "./support/test-server-options";

const call = (id: number, params: Record<string, unknown>): JSONRPCRequest => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params,
});

describe("a tool's arguments", () => {
  it("are refused with -32602 naming the unknown ones, before the tool runs (shortenUrl with isDynamic and password creates nothing)", async () => {
    const created: unknown[] = [];
    const clients = {
      links: {
        createLink: async (request: unknown) => {
          created.push(request);
          throw new Error("not reached");
        },
      },
    } as unknown as ToolClients;
    const direct = new DirectHandlers();
    createProtocolServer(
      testServerOptions({
        tools: [shortenUrl] as never,
        clients,
        principal: {
          actor: { apiKey: "k" },
          keyId: "k1",
          accountId: "a1",
          permissions: new Set(["shorturl:create"]),
        },
      }),
      direct,
    );
    const answer = await direct.answer(
      call(1, {
        name: "shortenUrl",
        arguments: { url: "https://shop.example.com/spring", isDynamic: true, password: "secret" },
      }),
    );
    expect(answer).toMatchObject({
      id: 1,
      error: {
        code: -32602,
        message: "shortenUrl has no arguments isDynamic, password",
        data: {
          success: false,
          code: "VALIDATION_ERROR",
          retryable: false,
          details: { field: "arguments", unknown: ["isDynamic", "password"] },
        },
      },
    });
    expect(created).toEqual([]);
  });

  it("are published as closed: every tool's inputSchema says additionalProperties: false", () => {
    for (const tool of ALL_TOOLS) {
      expect(toolListing(tool).inputSchema.additionalProperties, tool.name).toBe(false);
    }
  });
});
