import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { HandlerInstaller, KurzMethod } from "./handler-installer";

/** The v1 SDK names a method by its request schema. */
const SCHEMAS = {
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
  "resources/list": ListResourcesRequestSchema,
  "resources/templates/list": ListResourceTemplatesRequestSchema,
  "resources/read": ReadResourceRequestSchema,
  "prompts/list": ListPromptsRequestSchema,
  "prompts/get": GetPromptRequestSchema,
  "completion/complete": CompleteRequestSchema,
} as const satisfies Record<KurzMethod, unknown>;

/** Kurz's handlers on a session's server of the SDK v1 (protocol revisions up to 2025-11-25). */
export function installOnSdkV1(server: Server): HandlerInstaller {
  return (method, handler) => {
    server.setRequestHandler(SCHEMAS[method] as typeof ListToolsRequestSchema, handler as never);
  };
}
