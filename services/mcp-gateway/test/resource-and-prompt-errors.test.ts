import { AppError, type ErrorCode } from "@kurz/errors";
import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createProtocolServer } from "../src/mcp/create-protocol-server";
import { DirectHandlers } from "../src/mcp/direct-handlers";
import type { PromptDefinition } from "../src/prompts/prompt-definition";
import type { ResourceTemplateDefinition } from "../src/resources/resource-definition";
import { defineTool, READ_ONLY } from "../src/tools/tool-definition";
import { testServerOptions } from "./support/test-server-options";

/** Each definition of this test fails with the error code its argument names. */
const failWith = (code: string): never => {
  if (code === "fault") throw new Error("a fault of the service");
  throw new AppError(code as ErrorCode, { message: `refused: ${code}` });
};
const failing = defineTool({
  name: "failing",
  title: "Failing",
  description: "Fails with the error code it is given; a tool of this test only.",
  input: { code: z.string() },
  output: {},
  annotations: READ_ONLY,
  scope: "shorturl:read",
  run: async (_clients, args) => failWith(args.code),
});
const note: ResourceTemplateDefinition = {
  name: "note",
  title: "Note",
  description: "A resource of this test only.",
  uriTemplate: "kurz://notes/{code}",
  scope: "shorturl:read",
  read: async (_context, params) => failWith(params.code ?? ""),
};
const review: PromptDefinition = {
  name: "review",
  title: "Review",
  description: "A prompt of this test only.",
  arguments: [{ name: "code", description: "The error code", required: true }],
  tool: failing,
  toolArguments: (args) => ({ code: args.code }),
  instructions: () => "Review",
  dataUri: () => "kurz://review",
};

const direct = new DirectHandlers();
createProtocolServer(
  testServerOptions({ tools: [failing] as never, resources: [note], prompts: [review] }),
  direct,
);
const ask = (method: string, params: Record<string, unknown>) =>
  direct.answer({ jsonrpc: "2.0", id: 1, method, params } as JSONRPCRequest) as Promise<{
    error: { code: number; message: string; data: Record<string, unknown> };
  }>;

describe("a refused resource read or prompt", () => {
  it.each([
    ["VALIDATION_ERROR", -32602, -32602, false],
    ["URL_NOT_FOUND", -32002, -32602, false],
    ["INSUFFICIENT_SCOPE", -32001, -32001, false],
    ["PLAN_REQUIRED", -32001, -32001, false],
    ["QUOTA_EXCEEDED", -32001, -32001, false],
    ["DEPENDENCY_UNAVAILABLE", -32603, -32603, true],
  ] as const)(
    "%s: resources/read %i, prompts/get %i, with the tools' error body",
    async (code, read, get, retryable) => {
      const body = { success: false, code, error: `refused: ${code}`, retryable };
      expect((await ask("resources/read", { uri: `kurz://notes/${code}` })).error).toMatchObject({
        code: read,
        message: `refused: ${code}`,
        data: body,
      });
      expect((await ask("prompts/get", { name: "review", arguments: { code } })).error).toMatchObject({
        code: get,
        message: `refused: ${code}`,
        data: body,
      });
    },
  );

  it("a fault of Kurz: -32603 without its details, retryable", async () => {
    const fault = { code: "INTERNAL", error: "The request failed unexpectedly", retryable: true };
    expect((await ask("resources/read", { uri: "kurz://notes/fault" })).error).toMatchObject({
      code: -32603,
      data: fault,
    });
    expect((await ask("prompts/get", { name: "review", arguments: { code: "fault" } })).error).toMatchObject({
      code: -32603,
      data: fault,
    });
  });
});
