import type { ApiError } from "./api-error";

/** Reads `/customAlias`, `body.customAlias`, `/tags/0` or `customAlias` as the field `customAlias`. */
function fieldOfPath(path: string): string | undefined {
  const parts = path.split(/[/.[\]]/).filter(Boolean);
  const field = parts[0] === "body" || parts[0] === "query" ? parts[1] : parts[0];
  return field || undefined;
}

/**
 * The fields an API error is about, by the API's own field names, each with its message: the
 * validation issues (`details.issues`), auth-server's `details.fields` ({ field: problem }), a
 * single `details.field`, or the alias of ALIAS_EXISTS.
 * Empty when the error concerns the request as a whole.
 */
export function fieldErrorsOf(error: ApiError): Map<string, string> {
  const found = new Map<string, string>();
  const details = error.details ?? {};
  const issues = Array.isArray(details["issues"]) ? (details["issues"] as unknown[]) : [];
  for (const issue of issues) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = typeof path === "string" ? fieldOfPath(path) : undefined;
    if (field && typeof message === "string" && !found.has(field)) found.set(field, message);
  }
  if (found.size > 0) return found;
  const fields = details["fields"];
  if (typeof fields === "object" && fields !== null && !Array.isArray(fields)) {
    for (const [field, problem] of Object.entries(fields)) {
      found.set(field, typeof problem === "string" && problem !== "" ? problem : error.message);
    }
    if (found.size > 0) return found;
  }
  if (typeof details["field"] === "string") found.set(details["field"], error.message);
  else if (error.code === "ALIAS_EXISTS" || typeof details["customAlias"] === "string") {
    found.set("customAlias", error.message);
  }
  return found;
}
