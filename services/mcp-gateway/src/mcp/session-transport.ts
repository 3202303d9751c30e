import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type JSONRPCMessage,
  type JSONRPCRequest,
  JSONRPCRequestSchema,
  type MessageExtraInfo,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import type { DirectHandlers } from "./direct-handlers";
import { authInfoOf, principalOf } from "./principal-auth-info";

type Answer = (message: JSONRPCMessage) => void;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

const REQUEST_MEMBERS = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * `body` when it is a JSON-RPC request of the plainest kind — only the four members, an id that
 * is a string or a safe integer, params absent or an object without `_meta` — which the SDK's
 * (strict) request schema surely accepts: checked by hand, the common case costs no zod parse.
 * Undefined: the schema decides.
 */
function plainRequest(body: object): JSONRPCRequest | undefined {
  const message = body as Record<string, unknown>;
  for (const member of Object.keys(message)) if (!REQUEST_MEMBERS.has(member)) return undefined;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== "2.0" || typeof method !== "string") return undefined;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (params !== undefined) {
    if (params === null || typeof params !== "object" || Array.isArray(params)) return undefined;
    if ("_meta" in params) return undefined;
  }
  return message as unknown as JSONRPCRequest;
}

/**
 * A Streamable HTTP session's transport: the SDK's (JSON answers), with a direct path for what
 * nearly every request of a session is — one well-formed JSON-RPC request carrying the headers
 * the SDK's transport requires. Such a request goes to the protocol and its answer back as the
 * route's JSON body (with the session's `Mcp-Session-Id`, as the SDK answers), without the SDK transport's conversion of each request to a fetch Request
 * and of each answer to a fetch Response read back as a web stream (hono's node-server, undici):
 * the README's Bench says what that saved. Everything else — initialize, notifications, posted
 * responses, batches, the GET stream, DELETE, and any header or message the SDK would refuse —
 * goes to the SDK's transport, which answers it as it always did; the direct path takes only
 * requests the SDK would have accepted, so it changes no answer.
 */
export class SessionTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];
  /** The direct requests in flight, by JSON-RPC id: each waits for its answer from send(). */
  private readonly waiting = new Map<RequestId, Answer>();
  private closed = false;

  /**
   * @param direct Kurz's handlers of the session's server (direct-handlers.ts): a direct request
   *   they take is answered by them, without the SDK's protocol.
   */
  constructor(
    readonly sdk: StreamableHTTPServerTransport,
    private readonly direct?: DirectHandlers,
  ) {}

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  async start(): Promise<void> {
    this.sdk.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.sdk.onerror = (error) => this.onerror?.(error);
    this.sdk.onclose = () => {
      this.closed = true;
      // As the SDK's transport does with the requests it holds: nothing will answer them now.
      for (const [id, answer] of this.waiting) {
        answer({ jsonrpc: "2.0", id, error: { code: -32001, message: "Session closed" } });
      }
      this.waiting.clear();
      this.onclose?.();
    };
    await this.sdk.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // The protocol's own messages: an answer is the one kind with an id and no method.
    const isAnswer = !("method" in message) && "id" in message;
    const id = isAnswer ? message.id : options?.relatedRequestId;
    const answer = id === undefined ? undefined : this.waiting.get(id);
    if (answer === undefined) return this.sdk.send(message, options);
    // A notification about a direct request (e.g. progress) has no way to its client in a JSON
    // answer; the SDK's transport in JSON mode drops those too.
    if (!isAnswer || id === undefined) return;
    this.waiting.delete(id);
    answer(message);
  }

  close(): Promise<void> {
    return this.sdk.close();
  }

  /**
   * The request `body` is, when the direct path may answer it: a POST of one JSON-RPC request
   * (not initialize) in this session, accepting JSON and SSE, sent as JSON, naming a supported
   * protocol revision or none, its id not already in flight. Undefined: the SDK's transport
   * answers it (handleRequest).
   */
  directRequest(
    request: Pick<IncomingMessage, "method" | "headers">,
    body: unknown,
  ): JSONRPCRequest | undefined {
    if (this.closed || request.method !== "POST") return undefined;
    if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
    const headers = request.headers;
    const accept = header(headers, "accept");
    if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
    if (!isJsonContentType(header(headers, "content-type"))) return undefined;
    if (this.sdk.sessionId === undefined || header(headers, "mcp-session-id") !== this.sdk.sessionId) {
      return undefined;
    }
    const version = header(headers, "mcp-protocol-version");
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
    const message = plainRequest(body) ?? JSONRPCRequestSchema.safeParse(body).data;
    if (message === undefined || message.method === "initialize" || this.waiting.has(message.id)) {
      return undefined;
    }
    return message;
  }

  /**
   * Resolves with a direct request's answer: from Kurz's handlers when they take it, otherwise
   * from the protocol (what send() is given).
   */
  answer(message: JSONRPCRequest, request: Pick<IncomingMessage, "headers">): Promise<JSONRPCMessage> {
    // The request's credential (attachPrincipal), as the SDK's transport hands `req.auth` on.
    const authInfo = authInfoOf(request);
    const answered = this.direct?.answer(message, principalOf(authInfo));
    if (answered !== undefined) return answered;
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      const extra: MessageExtraInfo = {
        requestInfo: { headers: request.headers },
        ...(authInfo !== undefined && { authInfo }),
      };
      this.onmessage?.(message, extra);
    });
  }
}
