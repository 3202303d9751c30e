import type { Scope } from "@kurz/auth-verifier";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { PlanFeature } from "../auth/mcp-plan";
import type { ToolClients } from "./tool-clients";

/**
 * One MCP tool: what an agent reads (name, title, a description that says when to use it and what
 * it changes, typed input with bounds and defaults, annotations, the output's schema) and what it
 * does (`run`, calling the owning service over gRPC for the key's account). `scope` is the key
 * permission the tool needs, and `alsoNeeds` the others its calls need (e.g. a QR report reads
 * the code, then its analytics): a key without all of them does not see the tool (a read-only
 * key sees only the read tools), and the owning services check them again on the call.
 * `planFeature` is the plan feature the tool's action needs, for a tool that creates or runs
 * something (createWebhook, startAbTest): on a plan without it the tool is not listed and calling
 * it is PLAN_REQUIRED. Housekeeping tools (list, get, pause, complete, delete) name none: a
 * downgraded account keeps them, whatever its plan (docs/api/mcp.md#tools-and-the-plan).
 */
export interface ToolDefinition<
  In extends z.ZodRawShape = z.ZodRawShape,
  Out extends z.ZodRawShape = z.ZodRawShape,
> {
  name: string;
  title: string;
  description: string;
  input: In;
  output: Out;
  annotations: Required<
    Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">
  >;
  scope: Scope;
  alsoNeeds?: readonly Scope[];
  planFeature?: PlanFeature;
  run(clients: ToolClients, args: z.output<z.ZodObject<In>>): Promise<z.output<z.ZodObject<Out>>>;
}

/** Declares a tool with its input and output types inferred from the schemas. */
export function defineTool<In extends z.ZodRawShape, Out extends z.ZodRawShape>(
  tool: ToolDefinition<In, Out>,
): ToolDefinition<In, Out> {
  return tool;
}

/** Annotations of a tool that only reads. */
export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

const inputSchemas = new WeakMap<ToolDefinition, z.ZodObject>();

/**
 * A tool's input as one zod object, built once per tool: zod compiles an object schema on its
 * first parse, so building it per call would pay that compilation on every call. Strict: an
 * argument the tool does not have is refused, never dropped, and its published inputSchema says
 * `additionalProperties: false`.
 */
export function inputSchemaOf(tool: ToolDefinition): z.ZodObject {
  let schema = inputSchemas.get(tool);
  if (schema === undefined) {
    schema = z.strictObject(tool.input);
    inputSchemas.set(tool, schema);
  }
  return schema;
}
