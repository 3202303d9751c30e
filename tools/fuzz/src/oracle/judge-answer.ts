import type { Finding, FuzzAnswer, FuzzCase } from "../fuzz-case";
import { findLeak } from "./leak-patterns";

/** The longest a request may take, whatever it asks. */
export const ANSWER_LIMIT_MS = 5_000;

function isKurzErrorBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  return b.success === false && typeof b.error === "string" && typeof b.code === "string";
}

/**
 * A JSON-RPC error object; its `data`, when there is one, must be the Kurz body
 * (docs/api/errors.md#mcp-error-body).
 */
function isJsonRpcError(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  const error = b.error as Record<string, unknown> | undefined;
  if (b.jsonrpc !== "2.0" || !error || typeof error !== "object") return false;
  if (typeof error.code !== "number" || typeof error.message !== "string") return false;
  return error.data === undefined || isKurzErrorBody(error.data);
}

/**
 * A failed tool call is a result with `isError` whose text is the Kurz body
 * (docs/api/errors.md#mcp-error-body): one that is not fails the case. Undefined when the answer
 * holds no failed tool call.
 */
function badToolError(body: unknown): string | undefined {
  const result = (body as { result?: { isError?: unknown; content?: unknown } } | null)?.result;
  if (result?.isError !== true) return undefined;
  const text = Array.isArray(result.content)
    ? (result.content[0] as { text?: unknown } | undefined)?.text
    : undefined;
  try {
    const parsed: unknown = typeof text === "string" ? JSON.parse(text) : undefined;
    const b = parsed as Record<string, unknown> | undefined;
    if (isKurzErrorBody(parsed) && typeof b?.hint === "string" && typeof b?.retryable === "boolean")
      return undefined;
  } catch {
    // Not JSON: reported below.
  }
  return `tool error is not {success:false, error, code, hint, retryable}: ${String(text).slice(0, 160)}`;
}

function isOAuthErrorBody(body: unknown): boolean {
  return !!body && typeof body === "object" && typeof (body as Record<string, unknown>).error === "string";
}

/**
 * What the answer to one case breaks: a 5xx; no whole answer within ANSWER_LIMIT_MS; internals
 * in the body or headers; an error answer that is not the Kurz error body (OAuth's body on the
 * OAuth endpoints; an HTML page where pages answer). Empty when the answer keeps every promise.
 */
export function judgeAnswer(fuzzCase: FuzzCase, answer: FuzzAnswer): Finding[] {
  const findings: Finding[] = [];
  if (answer.timedOut || answer.ms > ANSWER_LIMIT_MS) {
    findings.push({ kind: "hang", detail: `no complete answer within ${ANSWER_LIMIT_MS} ms` });
    return findings;
  }
  if (answer.status >= 500)
    findings.push({ kind: "5xx", detail: `${answer.status} ${answer.body.slice(0, 200)}` });
  const leak = findLeak(answer.body) ?? findLeak(Object.values(answer.headers).join("\n"));
  if (leak) findings.push({ kind: "leak", detail: leak });
  // (A body longer than the part kept, e.g. a batch of tool lists, cannot be parsed whole.)
  const json = (answer.headers["content-type"] ?? "").includes("json");
  if (fuzzCase.mcp && answer.status < 400 && json && !answer.truncated) {
    try {
      const bad = badToolError(JSON.parse(answer.body));
      if (bad) findings.push({ kind: "bad error body", detail: bad });
    } catch {
      findings.push({ kind: "bad error body", detail: `not JSON: ${answer.body.slice(0, 120)}` });
    }
  }
  if (answer.status >= 400 && answer.body !== "" && fuzzCase.method !== "HEAD") {
    const type = answer.headers["content-type"] ?? "";
    if (type.includes("json")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        findings.push({ kind: "bad error body", detail: `not JSON: ${answer.body.slice(0, 120)}` });
        return findings;
      }
      const fine =
        isKurzErrorBody(parsed) ||
        (fuzzCase.oauth === true && isOAuthErrorBody(parsed)) ||
        (fuzzCase.mcp === true && isJsonRpcError(parsed));
      if (!fine) findings.push({ kind: "bad error body", detail: answer.body.slice(0, 200) });
    } else if (!(fuzzCase.page && type.includes("text/html"))) {
      findings.push({
        kind: "bad error body",
        detail: `${type || "no content-type"}: ${answer.body.slice(0, 120)}`,
      });
    }
  }
  return findings;
}
