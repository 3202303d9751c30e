import type { Finding, FuzzAnswer, FuzzCase } from "../fuzz-case";
import { findLeak } from "./leak-patterns";

/** The longest a request may take, whatever it asks. */
export const ANSWER_LIMIT_MS = 5_000;

function isKurzErrorBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  return b.success === false && typeof b.error === "string" && typeof b.code === "string";
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
      const fine = isKurzErrorBody(parsed) || (fuzzCase.oauth === true && isOAuthErrorBody(parsed));
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
