import {
  ErrorCode,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpPrincipal } from "../auth/mcp-principal";
import type { KurzMethod } from "./handler-installer";

/**
 * A handler taken here: its answer, or undefined when the request's params are not ones it takes
 * (the SDK's protocol answers those, with its own errors).
 */
export type DirectHandler = (params: unknown, principal?: McpPrincipal) => Promise<object> | undefined;

/**
 * Kurz's handlers of one session's server, answering a session's request without the SDK's
 * protocol: the same handlers the SDK's server calls (install-on-sdk-v1.ts installs each on
 * both), answered as the SDK's Protocol answers them — `{result, jsonrpc, id}`, or a thrown
 * error's `{code, message, data}` — so no answer changes, only what it costs. The SDK checks a
 * request several times over with zod (the message's kind three ways, the method's schema, for
 * tools/call the request again and the result) and keeps an abort controller per request; here
 * the params are checked once. The README's Bench says what that saved.
 *
 * Requests whose params carry `_meta` or `task` are the SDK's (progress, related tasks, task
 * augmentation are its protocol's business), as is every method not installed here (initialize,
 * ping, logging/setLevel). A request taken here is answered even if the client cancels it
 * meanwhile (the specification lets a receiver ignore a cancellation).
 */
export class DirectHandlers {
  private readonly handlers = new Map<string, DirectHandler>();

  set(method: KurzMethod, handler: DirectHandler): void {
    this.handlers.set(method, handler);
  }

  /**
   * The answer to `request` for `principal` (the credential it carried; absent: the session's
   * opener), or undefined when the SDK's protocol is to answer it.
   */
  answer(
    request: JSONRPCRequest,
    principal?: McpPrincipal,
  ): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> | undefined {
    const params = request.params;
    if (params !== undefined && ("_meta" in params || "task" in params)) return undefined;
    const pending = this.handlers.get(request.method)?.(params, principal);
    if (pending === undefined) return undefined;
    return pending.then(
      (result) => ({ result, jsonrpc: "2.0" as const, id: request.id }) as JSONRPCResultResponse,
      (thrown: unknown) => {
        const error = (thrown ?? {}) as { code?: unknown; message?: string; data?: unknown };
        return {
          jsonrpc: "2.0" as const,
          id: request.id,
          error: {
            code: Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
            message: error.message ?? "Internal error",
            ...(error.data !== undefined && { data: error.data }),
          },
        };
      },
    );
  }
}
