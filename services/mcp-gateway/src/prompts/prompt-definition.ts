import type { Completer } from "../completions/completer";
import type { ToolDefinition } from "../tools/tool-definition";

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  /** Suggests values while the user types (completion/complete). */
  complete?: Completer;
}

/**
 * An MCP prompt built on one read tool: prompts/get runs the tool for the caller (so a key that
 * may not use the tool neither sees nor gets the prompt) and returns the instructions with the
 * tool's result embedded as a resource, ready for the model to write from.
 */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgument[];
  /** The read tool whose result the prompt embeds. */
  tool: ToolDefinition;
  /** The tool's arguments from the prompt's (all strings, as prompts/get sends them). */
  toolArguments(args: Record<string, string>): Record<string, unknown>;
  /** What the model is asked to do, given the prompt's arguments. */
  instructions(args: Record<string, string>): string;
  /** The embedded data's URI, naming what it describes. */
  dataUri(args: Record<string, string>): string;
}
