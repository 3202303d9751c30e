import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { PlanFeature } from "../auth/mcp-plan";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { ToolDefinition } from "../tools/tool-definition";

/**
 * The JSON Schema of a tool's input or output, from its zod shape. Inputs are strict
 * (`additionalProperties: false`): tools/call refuses an argument the tool does not have.
 */
function jsonSchemaOf(shape: z.ZodRawShape, io: "input" | "output"): Tool["inputSchema"] {
  const object = io === "input" ? z.strictObject(shape) : z.object(shape);
  const schema = z.toJSONSchema(object, { io, unrepresentable: "any" }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: "object" } as Tool["inputSchema"];
}

/** The tools/list entry of a tool (computed once per tool and kept). */
const listings = new WeakMap<ToolDefinition, Tool>();
export function toolListing(tool: ToolDefinition): Tool {
  let listing = listings.get(tool);
  if (listing === undefined) {
    listing = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: jsonSchemaOf(tool.input, "input"),
      outputSchema: jsonSchemaOf(tool.output, "output"),
      annotations: { title: tool.title, ...tool.annotations },
    };
    listings.set(tool, listing);
  }
  return listing;
}

/** Every scope a tool's calls need. */
function scopesOf(tool: ToolDefinition): readonly string[] {
  return tool.alsoNeeds === undefined ? [tool.scope] : [tool.scope, ...tool.alsoNeeds];
}

/** Whether a principal's permissions name every scope a tool needs. */
export function permits(principal: McpPrincipal, tool: ToolDefinition): boolean {
  return scopesOf(tool).every((scope) => principal.permissions.has(scope));
}

/**
 * Whether the account's plan includes the feature a tool's action needs (its planFeature): a
 * tool that creates or runs what the plan lacks is not listed, and calling it is PLAN_REQUIRED.
 * Scopes are not the plan's to narrow: list, get, pause, complete and delete stay usable on every
 * plan, so a downgraded account can clean up what its plan paused.
 */
export function planAllows(principal: McpPrincipal, tool: { planFeature?: PlanFeature }): boolean {
  const plan = principal.plan;
  return plan === undefined || tool.planFeature === undefined || plan.features.has(tool.planFeature);
}

/** Whether a principal may use a tool: its permissions cover every scope, its plan the feature. */
export function mayUse(principal: McpPrincipal, tool: ToolDefinition): boolean {
  return permits(principal, tool) && planAllows(principal, tool);
}

/** The tools a key may use, in the registry's order. */
export function toolsFor(principal: McpPrincipal, tools: readonly ToolDefinition[]): ToolDefinition[] {
  return tools.filter((tool) => mayUse(principal, tool));
}
