import { AppError } from "@kurz/errors";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { DirectHandlers } from "./direct-handlers";
import type { HandlerInstaller, KurzMethod } from "./handler-installer";
import { principalOf } from "./principal-auth-info";
import { ProtocolError } from "./protocol-error";

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

/** The first failed check of a request's params, as JSON-RPC's invalid-params error. */
function invalidParams(method: string, error: z.ZodError): ProtocolError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") ?? "";
  return new ProtocolError(
    ErrorCode.InvalidParams,
    new AppError("VALIDATION_ERROR", {
      message: `${method}: ${field === "" ? "" : `params.${field}: `}${issue?.message ?? "invalid params"}`,
      details: { field: field === "" ? "params" : `params.${field}` },
      hint: `Send ${method} with params as the MCP specification defines them`,
    }),
  );
}

type RequestSchema = z.ZodObject<{ method: z.ZodLiteral<string>; params: z.ZodType }>;

/** Each method's request schema with any params, built once (a session's server is built per session). */
const ANY_PARAMS = Object.fromEntries(
  Object.entries(SCHEMAS).map(([method, schema]) => [
    method,
    (schema as unknown as RequestSchema).extend({ params: z.unknown().optional() }),
  ]),
) as unknown as Record<KurzMethod, RequestSchema>;

/**
 * Kurz's handlers on a session's server of the SDK v1 (protocol revisions up to 2025-11-25).
 * The SDK parses a request's params before the handler and answers a failure as -32603 Internal
 * error; here the SDK is given the method with any params, and the params are checked against
 * the method's schema first, so bad params are -32602 Invalid params with the MCP error body (as
 * JSON-RPC says). tools/call is the exception: the SDK's Server checks its params itself first
 * (-32602, the SDK's message, no body). Methods the SDK answers itself (logging/setLevel) keep
 * its -32603. With `direct`, each handler is kept there too, taking the requests whose params
 * pass the method's schema (the SDK answers the rest, as above).
 */
export function installOnSdkV1(server: Server, direct?: DirectHandlers): HandlerInstaller {
  return (method, handler) => {
    const schema = SCHEMAS[method] as unknown as RequestSchema;
    direct?.set(method, (params, principal) => {
      const checked = schema.shape.params.safeParse(params);
      return checked.success ? handler({ params: checked.data as never, principal }) : undefined;
    });
    server.setRequestHandler(
      ANY_PARAMS[method] as unknown as typeof ListToolsRequestSchema,
      (async (request: { params?: unknown }, extra: { authInfo?: AuthInfo }) => {
        const params = schema.shape.params.safeParse(request.params);
        if (!params.success) throw invalidParams(method, params.error);
        return handler({ params: params.data as never, principal: principalOf(extra.authInfo) });
      }) as never,
    );
  };
}
