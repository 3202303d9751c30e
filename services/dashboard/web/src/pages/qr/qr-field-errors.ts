import type { ApiError } from "../../api/api-error";
import { fieldErrorsOf } from "../../api/field-errors";
import { contentFieldOf } from "./build-qr-content";
import type { QrContentType } from "./qr-code";
import { QR_FIELDS, type QrField } from "./qr-draft";

/** The form field an API field name belongs to. */
function qrFieldOf(type: QrContentType, apiField: string): QrField | undefined {
  if (apiField === "content") return contentFieldOf(type, "");
  // "dynamic and password-protected codes encode a short link: type must be url".
  if (apiField === "type") return "dynamic";
  return QR_FIELDS.find((field) => field === apiField);
}

/**
 * What an API refusal says about each field of the designer. A content refusal names the part of
 * the content (`ssid`, `address.city`), which belongs to one input of the chosen type.
 */
export function qrFieldErrorsOf(error: ApiError, type: QrContentType): Map<QrField, string> {
  const found = new Map<QrField, string>();
  const details = error.details ?? {};
  if (details["field"] === "content") {
    const issues = Array.isArray(details["issues"]) ? (details["issues"] as unknown[]) : [];
    for (const issue of issues) {
      if (typeof issue !== "object" || issue === null) continue;
      const { path, message } = issue as { path?: unknown; message?: unknown };
      const field = contentFieldOf(type, typeof path === "string" ? path : "");
      if (typeof message === "string" && !found.has(field)) found.set(field, message);
    }
    if (found.size === 0) found.set(contentFieldOf(type, ""), error.message);
    return found;
  }
  for (const [apiField, message] of fieldErrorsOf(error)) {
    const field = qrFieldOf(type, apiField);
    if (field && !found.has(field)) found.set(field, message);
  }
  return found;
}
