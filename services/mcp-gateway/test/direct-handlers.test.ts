import { AppError } from "@kurz/errors";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createProtocolServer } from "../src/mcp/create-protocol-server";
import { DirectHandlers } from "../src/mcp/direct-handlers";
import type { PromptDefinition } from "../src/prompts/prompt-definition";
import type { ResourceTemplateDefinition } from "../src/resources/resource-definition";
import { defineTool, READ_ONLY } from "../src/tools/tool-definition";
import { testServerOptions } from "./support/test-server-options";

// Definitions of the test's own: what is compared is the protocol around them, not a service.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers its input; a tool of this test only.",
  input: { text: z.string().max(10), times: z.number().int().min(1).default(1) },
  output: { text: z.string(), nested: z.object({ list: z.array(z.number()) }) },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  run: async (_clients, args) => ({ text: args.text.repeat(args.times), nested: { list: [1, 2] } }),
});
const missing = defineTool({
  ...echo,
  name: "missing",
  run: async () => {
    throw new AppError("URL_NOT_FOUND", { message: "No such link" });
  },
});
const broken = defineTool({
  ...echo,
  name: "broken",
  run: async () => {
    throw new Error("a fault of the service");
  },
});
const note: ResourceTemplateDefinition = {
  name: "note",
  title: "Note",
  description: "A resource of this test only.",
  uriTemplate: "kurz://notes/{id}",
  scope: "shorturl:read",
  read: async (_context, params) => {
    if (params.id === "gone") throw new AppError("URL_NOT_FOUND", { message: "No such note" });
    return { id: params.id };
  },
};
const review: PromptDefinition = {
  name: "review",
  title: "Review",
  description: "A prompt of this test only.",
  arguments: [{ name: "text", description: "Echoed", required: true }],
  tool: echo,
  toolArguments: (args) => ({ text: args.text }),
  instructions: (args) => `Review ${args.text}`,
  dataUri: (args) => `kurz://echo/${args.text}`,
};

const call = (id: number | string, method: string, params?: Record<string, unknown>): JSONRPCRequest => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

/**
 * A session's requests answered by Kurz's handlers directly (direct-handlers.ts) must be answered
 * byte for byte as the SDK's protocol answers them: each request here goes both ways.
 */
describe("Kurz's handlers answering without the SDK's protocol", () => {
  const direct = new DirectHandlers();
  let sdkAnswer: (request: JSONRPCRequest) => Promise<JSONRPCMessage>;

  beforeAll(async () => {
    const server = createProtocolServer(
      testServerOptions({
        tools: [echo, missing, broken] as never,
        resources: [note],
        prompts: [review],
        pageSize: 2,
      }),
      direct,
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const waiting = new Map<unknown, (message: JSONRPCMessage) => void>();
    clientSide.onmessage = (message) => {
      if ("id" in message) waiting.get(message.id)?.(message);
    };
    await clientSide.start();
    sdkAnswer = (request) =>
      new Promise((resolve) => {
        waiting.set(request.id, resolve);
        void clientSide.send(request);
      });
  });

  const both = async (request: JSONRPCRequest) => {
    const answered = direct.answer(request);
    expect(answered, `${request.method} is taken directly`).toBeDefined();
    const [mine, sdks] = await Promise.all([answered, sdkAnswer(request)]);
    return { mine: JSON.stringify(mine), sdks: JSON.stringify(sdks) };
  };

  it.each([
    ["a tool's result", call(1, "tools/call", { name: "echo", arguments: { text: "hi", times: 2 } })],
    ["a string id", call("s-1", "tools/call", { name: "echo", arguments: { text: "hi" } })],
    ["a tool's input refused", call(2, "tools/call", { name: "echo", arguments: { text: "far too long" } })],
    ["a tool's error body", call(3, "tools/call", { name: "missing", arguments: { text: "x" } })],
    ["a fault of the service", call(4, "tools/call", { name: "broken", arguments: { text: "x" } })],
    ["an unknown tool", call(5, "tools/call", { name: "made-up", arguments: {} })],
    ["no arguments", call(6, "tools/call", { name: "echo" })],
    ["unknown arguments", call(18, "tools/call", { name: "echo", arguments: { text: "x", loud: true } })],
    ["a page of tools", call(7, "tools/list")],
    ["the next page", call(8, "tools/list", { cursor: Buffer.from("2").toString("base64url") })],
    ["a bad cursor", call(9, "tools/list", { cursor: "nope" })],
    ["resource templates", call(10, "resources/templates/list", {})],
    ["a resource", call(11, "resources/read", { uri: "kurz://notes/n1" })],
    ["a missing resource", call(12, "resources/read", { uri: "kurz://notes/gone" })],
    ["an unknown URI", call(13, "resources/read", { uri: "kurz://elsewhere/1" })],
    ["prompts", call(14, "prompts/list", {})],
    ["a prompt", call(15, "prompts/get", { name: "review", arguments: { text: "hi" } })],
    ["a prompt's missing argument", call(16, "prompts/get", { name: "review", arguments: {} })],
    [
      "a completion",
      call(17, "completion/complete", {
        ref: { type: "ref/prompt", name: "review" },
        argument: { name: "text", value: "h" },
      }),
    ],
  ])("%s: the same answer", async (_name, request) => {
    const { mine, sdks } = await both(request);
    expect(mine).toBe(sdks);
  });

  it("leaves to the SDK params that fail the method's schema, a `_meta` or `task`, and methods not Kurz's", () => {
    for (const request of [
      call(20, "tools/call", { name: 7 }),
      call(21, "tools/call", { name: "echo", arguments: [1] }),
      call(22, "resources/read", {}),
      call(23, "prompts/get", { name: "review", arguments: { text: 1 } }),
      call(24, "tools/call", { name: "echo", arguments: { text: "x" }, _meta: { progressToken: 1 } }),
      call(25, "tools/call", { name: "echo", arguments: { text: "x" }, task: { ttl: 1000 } }),
      call(26, "ping"),
      call(27, "logging/setLevel", { level: "error" }),
      call(28, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: {} }),
    ]) {
      expect(direct.answer(request), JSON.stringify(request)).toBeUndefined();
    }
  });
});
