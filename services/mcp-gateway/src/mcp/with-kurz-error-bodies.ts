import type { ErrorBody } from "./error-body";

/** What an agent should do about the SDK's own refusals of a 2026-07-28 request, by JSON-RPC code. */
const HINTS: Record<number, { code: string; hint: string; retryable: boolean }> = {
  [-32700]: { code: "INVALID_JSON", hint: "Send one JSON-RPC request as JSON", retryable: false },
  [-32600]: { code: "VALIDATION_ERROR", hint: "Send a JSON-RPC 2.0 request object", retryable: false },
  [-32601]: {
    code: "VALIDATION_ERROR",
    hint: "Call server/discover for the methods and capabilities this server offers",
    retryable: false,
  },
  [-32602]: {
    code: "VALIDATION_ERROR",
    hint: "Carry the revision in params._meta (io.modelcontextprotocol/protocolVersion) and in the MCP-Protocol-Version header, with valid params",
    retryable: false,
  },
  [-32020]: {
    code: "VALIDATION_ERROR",
    hint: "Name the same revision in the MCP-Protocol-Version header and in params._meta",
    retryable: false,
  },
  [-32022]: {
    code: "VALIDATION_ERROR",
    hint: "Use a revision this server supports (error.data lists them), or initialize for 2025-11-25 and earlier",
    retryable: false,
  },
};

const INTERNAL = {
  code: "INTERNAL",
  hint: "Try again later; if it keeps failing, report it",
  retryable: true,
};

function isErrorBody(value: unknown): value is ErrorBody {
  const body = value as Partial<ErrorBody> | null;
  return body !== null && typeof body === "object" && body.success === false && typeof body.code === "string";
}

/** One JSON-RPC message with its error's `data` made an MCP error body (the SDK's members kept beside it). */
function withBody(message: unknown): unknown {
  const error = (message as { error?: { code?: unknown; message?: unknown; data?: unknown } } | null)?.error;
  if (error === undefined || error === null || typeof error !== "object" || isErrorBody(error.data))
    return message;
  const known = typeof error.code === "number" ? (HINTS[error.code] ?? INTERNAL) : INTERNAL;
  const extra =
    error.data !== null && typeof error.data === "object" ? (error.data as Record<string, unknown>) : {};
  const body: ErrorBody = {
    success: false,
    error: typeof error.message === "string" ? error.message : "The MCP request was refused",
    ...known,
  };
  return { ...(message as object), error: { ...error, data: { ...extra, ...body } } };
}

/**
 * The 2026-07-28 leg's answer with every JSON-RPC error carrying the MCP error body in `data`, as
 * the rest of the server's refusals do: the SDK v2 refuses a malformed envelope, a header/body
 * mismatch or an unsupported revision itself, with its own `data` (which the SDK's clients read to
 * negotiate: its members stay). Anything but a JSON answer passes as it is.
 */
export async function withKurzErrorBodies(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  // A result holds no JSON-RPC error member (the SDK writes JSON without spaces; an error in a
  // tool result's text is escaped): only answers that may carry one are parsed.
  if (!text.includes('"error":{')) return new Response(text, response);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const rewritten = Array.isArray(parsed) ? parsed.map(withBody) : withBody(parsed);
  return new Response(JSON.stringify(rewritten), { status: response.status, headers: response.headers });
}
