import { AppError } from "@kurz/errors";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { ToolClients } from "../tools/tool-clients";
import { inputSchemaOf, type ToolDefinition } from "../tools/tool-definition";
import { errorBody } from "./error-body";
import type { HandlerInstaller } from "./handler-installer";
import { ProtocolError } from "./protocol-error";
import type { ToolCallMetrics } from "./tool-call-metrics";
import { toolErrorResult } from "./tool-error-result";
import { permits, planAllows, toolListing, toolsFor } from "./tool-listing";

export interface ToolHandlerOptions {
  tools: readonly ToolDefinition[];
  /** The owning services' clients, acting for the principal (clientsActingFor). */
  clients: ToolClients;
  principal: McpPrincipal;
  metrics: ToolCallMetrics;
  /** Tools per tools/list page; 0 = all in one page (the default). */
  pageSize: number;
  /**
   * Sends a log message to the client (`notifications/message`, the `logging` capability; the
   * SDK drops what is below the level the client set with logging/setLevel). Absent: no logs.
   */
  log?: ToolCallLog;
}

/** A log message about a tool call: its level and the structured data the client gets. */
export type ToolCallLog = (level: "warning" | "error", data: Record<string, unknown>) => void;

function decodeCursor(cursor: string, total: number): number {
  const offset = Number(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!Number.isInteger(offset) || offset < 0 || offset > total) {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      new AppError("VALIDATION_ERROR", {
        message: "Invalid cursor",
        details: { field: "cursor" },
        hint: "Pass the nextCursor of the previous page as it came",
      }),
    );
  }
  return offset;
}

/** The first message of a failed input check, with the parameter it concerns. */
function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") ?? "";
  return new AppError("VALIDATION_ERROR", {
    message: field === "" ? (issue?.message ?? "Invalid arguments") : `${field}: ${issue?.message}`,
    details: {
      field,
      issues: error.issues.slice(0, 5).map((i) => ({ path: i.path.join("."), message: i.message })),
    },
    hint: "Correct the named parameter (see the tool's inputSchema) and call the tool again",
  });
}

/**
 * tools/list and tools/call, ours rather than the SDK's so that order, paging, the key's read-only
 * narrowing, input validation and the error body (docs/api/errors.md#mcp-error-body, as a tool
 * result with isError) are the same in every protocol revision. Tools the key's permissions do not
 * cover are neither listed nor callable.
 */
export function installTools(install: HandlerInstaller, options: ToolHandlerOptions): void {
  const tools = toolsFor(options.principal, options.tools);
  // The tools the key's permissions name, its plan's or not: one that creates or runs what the
  // plan lacks is not listed, and calling it is PLAN_REQUIRED (the owning service would say the
  // same; the gateway answers without the call).
  const byName = new Map(
    options.tools.filter((tool) => permits(options.principal, tool)).map((tool) => [tool.name, tool]),
  );

  install<{ cursor?: string } | undefined>("tools/list", async (request) => {
    const start =
      request.params?.cursor === undefined ? 0 : decodeCursor(request.params.cursor, tools.length);
    const end = options.pageSize > 0 ? Math.min(tools.length, start + options.pageSize) : tools.length;
    return {
      tools: tools.slice(start, end).map(toolListing),
      ...(end < tools.length ? { nextCursor: Buffer.from(String(end)).toString("base64url") } : {}),
    };
  });

  install<{ name: string; arguments?: Record<string, unknown> }>("tools/call", async (request) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      // A protocol error (MCP specification: tools, error handling), not a tool result: there is no
      // tool to have failed. Not the name sent as a metric label: made-up names would grow its
      // series.
      options.metrics.record("(unknown)", "unknown_tool", "VALIDATION_ERROR", seconds());
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        new AppError("VALIDATION_ERROR", {
          message: `Unknown tool: ${request.params.name}`,
          details: { field: "name" },
          hint: "Call tools/list for the tools this key may use (a read-only key sees only read tools)",
        }),
      );
    }
    if (!planAllows(options.principal, tool)) {
      options.metrics.record(tool.name, "tool_error", "PLAN_REQUIRED", seconds());
      const feature = tool.planFeature === "webhooks" ? "webhooks" : "A/B tests";
      return toolErrorResult(
        new AppError("PLAN_REQUIRED", {
          message: `${tool.name} is not part of the account's plan: it does not include ${feature}`,
          details: { feature: tool.planFeature === "webhooks" ? "webhooks" : "ab_tests" },
          hint: `Upgrade the account's plan to use ${feature}; listing, reading, pausing and deleting work on every plan (tools/list names the tools the plan includes)`,
        }),
      );
    }
    const args = request.params.arguments ?? {};
    // Refused, not dropped: a dropped `password` or `isDynamic` would create a public, static
    // link while the agent believes it asked for something else.
    const unknown = Object.keys(args).filter((name) => !Object.hasOwn(tool.input, name));
    if (unknown.length > 0) {
      options.metrics.record(tool.name, "invalid_arguments", "VALIDATION_ERROR", seconds());
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        new AppError("VALIDATION_ERROR", {
          message: `${tool.name} has no argument${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}`,
          details: { field: "arguments", unknown },
          hint: `Use only the arguments of ${tool.name}'s inputSchema (${Object.keys(tool.input).join(", ") || "none"})`,
        }),
      );
    }
    const parsed = inputSchemaOf(tool).safeParse(args);
    if (!parsed.success) {
      options.metrics.record(tool.name, "invalid_arguments", "VALIDATION_ERROR", seconds());
      return toolErrorResult(validationError(parsed.error));
    }
    try {
      const result = await tool.run(options.clients, parsed.data);
      options.metrics.record(tool.name, "ok", undefined, seconds());
      return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      options.metrics.record(
        tool.name,
        "tool_error",
        error instanceof AppError ? error.code : "INTERNAL",
        seconds(),
      );
      const result = toolErrorResult(error);
      // The same error body, for a client's log view: a fault of Kurz is an error, any other a warning.
      const body = errorBody(error);
      options.log?.(body.code === "INTERNAL" ? "error" : "warning", { tool: tool.name, ...body });
      return result;
    }
  });
}
