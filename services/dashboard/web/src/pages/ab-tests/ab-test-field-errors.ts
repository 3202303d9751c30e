import type { ApiError } from "../../api/api-error";
import type { AbTestErrors } from "./ab-test-draft";

/**
 * The create form's fields an API refusal is about: validation issues by path
 * (`/variants/1/destination_url` → `variants.1.destination_url`), a taken alias, or a link that
 * was not found. Empty when it concerns the request as a whole.
 */
export function abTestFieldErrorsOf(error: ApiError, linkMode: "existing" | "rotator"): AbTestErrors {
  const found: AbTestErrors = new Map();
  const details = error.details ?? {};
  const issues = Array.isArray(details["issues"]) ? (details["issues"] as unknown[]) : [];
  for (const issue of issues) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const parts = path.split(/[/.[\]]/).filter(Boolean);
    const key = (parts[0] === "body" ? parts.slice(1) : parts).join(".");
    if (key && !found.has(key)) found.set(key, message);
  }
  if (found.size > 0) return found;
  if (typeof details["field"] === "string") found.set(details["field"], error.message);
  else if (error.code === "ALIAS_EXISTS") found.set("short_code", error.message);
  else if (error.code === "NOT_FOUND" && linkMode === "existing") found.set("primary_url_id", error.message);
  return found;
}
