/** One request the fuzzer sends, and what it knows about it. */
export interface FuzzCase {
  /** What coverage is counted by: `POST /api/v1/urls`, `raw absolute-form`, `GET /auth/login`. */
  route: string;
  method: string;
  /** The request target as sent, byte for byte (it may hold malformed escapes on purpose). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The strings the case sent, so stored U+FFFD the client did send is not held against us. */
  sent: string;
  /** Whether the answer may be an HTML page (the log-in pages, the redirector's pages). */
  page?: boolean;
  /** Whether errors are OAuth's `{ error, error_description }` (RFC 6749 §5.2), not Kurz's body. */
  oauth?: boolean;
  /**
   * An MCP request: errors are JSON-RPC error objects (their `data`, when present, the Kurz body),
   * and a failed tool call is a result with `isError` whose text is the Kurz body
   * (docs/api/errors.md#mcp-error-body).
   */
  mcp?: boolean;
}

/** The answer to one case. */
export interface FuzzAnswer {
  /** 0 when no answer came (timeout, reset). */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How long until the whole answer was read. */
  ms: number;
  /** Set when no complete answer came within the time limit. */
  timedOut?: boolean;
  /** Set when the body was longer than what was kept of it (`body` is its beginning). */
  truncated?: boolean;
}

/** A broken promise found by the oracle. */
export interface Finding {
  kind: "5xx" | "hang" | "leak" | "bad error body" | "stored junk";
  detail: string;
}

/** A case as a one-line command to replay it by hand. */
export function replayLine(base: string, fuzzCase: FuzzCase): string {
  const headers = Object.entries(fuzzCase.headers)
    .map(
      ([name, value]) =>
        ` -H ${JSON.stringify(`${name}: ${value.length > 80 ? `${value.slice(0, 80)}…` : value}`)}`,
    )
    .join("");
  const body = fuzzCase.body
    ? ` --data-binary ${JSON.stringify(fuzzCase.body.length > 300 ? `${fuzzCase.body.toString("latin1", 0, 300)}…` : fuzzCase.body.toString("latin1"))}`
    : "";
  const target = fuzzCase.target.length > 200 ? `${fuzzCase.target.slice(0, 200)}…` : fuzzCase.target;
  return `curl -sS -X ${fuzzCase.method} --path-as-is${headers}${body} ${JSON.stringify(`${base}${target}`)}`;
}
