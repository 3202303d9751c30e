import { AppError } from "@kurz/errors";
import { ErrorCode, type Prompt } from "@modelcontextprotocol/sdk/types.js";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { PromptDefinition } from "../prompts/prompt-definition";
import type { ToolClients } from "../tools/tool-clients";
import { inputSchemaOf } from "../tools/tool-definition";
import type { HandlerInstaller } from "./handler-installer";
import { ProtocolError, protocolErrorOf } from "./protocol-error";
import { mayUse } from "./tool-listing";

/** The prompts a principal may get: those whose tool its permissions cover. */
export function promptsFor(
  principal: McpPrincipal,
  prompts: readonly PromptDefinition[],
): PromptDefinition[] {
  return prompts.filter((prompt) => mayUse(principal, prompt.tool));
}

/** A prompt as prompts/list gives it. */
export function promptListing(prompt: PromptDefinition): Prompt {
  return {
    name: prompt.name,
    title: prompt.title,
    description: prompt.description,
    arguments: prompt.arguments.map(({ name, description, required }) => ({ name, description, required })),
  };
}

/**
 * prompts/list and prompts/get on a session's server. prompts/get checks the required
 * arguments, runs the prompt's tool for the caller (input validated by the tool's own schema)
 * and answers the instructions plus the data as an embedded JSON resource. A failure is a
 * JSON-RPC error with the MCP error body in `data`: -32602 for bad arguments, an unknown prompt or
 * an argument naming nothing, -32001 for any other refusal of the tool, -32603 for a fault.
 */
export function registerPrompts(
  install: HandlerInstaller,
  context: { clients: ToolClients; principal: McpPrincipal },
  prompts: readonly PromptDefinition[],
): void {
  const available = promptsFor(context.principal, prompts);
  const byName = new Map(available.map((prompt) => [prompt.name, prompt]));
  const refuse = (error: AppError, code: number = ErrorCode.InvalidParams) => {
    throw new ProtocolError(code, error);
  };

  install("prompts/list", async () => ({ prompts: available.map(promptListing) }));

  install<{ name: string; arguments?: Record<string, string> }>("prompts/get", async (request) => {
    const prompt = byName.get(request.params.name);
    if (prompt === undefined) {
      return refuse(
        new AppError("VALIDATION_ERROR", {
          message: `Unknown prompt "${request.params.name}"`,
          details: { field: "name" },
          hint: "Call prompts/list for the prompts this key may use",
        }),
      );
    }
    const args = request.params.arguments ?? {};
    const missing = prompt.arguments.find((a) => a.required && (args[a.name] ?? "").trim() === "");
    if (missing !== undefined) {
      return refuse(
        new AppError("VALIDATION_ERROR", {
          message: `${missing.name} is required`,
          details: { field: missing.name },
          hint: `Give ${missing.name}: ${missing.description}`,
        }),
      );
    }
    const input = inputSchemaOf(prompt.tool).safeParse(prompt.toolArguments(args));
    if (!input.success) {
      const issue = input.error.issues[0];
      return refuse(
        new AppError("VALIDATION_ERROR", {
          message: `Invalid argument: ${issue?.path.join(".")}: ${issue?.message}`,
          hint: "Check the prompt's arguments (prompts/list describes them)",
        }),
      );
    }
    let data: unknown;
    try {
      data = await prompt.tool.run(context.clients, input.data);
    } catch (error) {
      // A prompt's argument naming nothing (a campaign, a test, a link) is an invalid argument.
      throw protocolErrorOf(error, { code: ErrorCode.InvalidParams });
    }
    return {
      description: prompt.description,
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: prompt.instructions(args) } },
        {
          role: "user" as const,
          content: {
            type: "resource" as const,
            resource: { uri: prompt.dataUri(args), mimeType: "application/json", text: JSON.stringify(data) },
          },
        },
      ],
    };
  });
}
