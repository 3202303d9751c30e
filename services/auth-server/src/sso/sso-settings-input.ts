import { AppError } from "@kurz/errors";

export interface SsoSettingsInput {
  /** Normalised: no trailing slash on a bare origin, no fragment. */
  issuer: string;
  clientId: string;
  /** Undefined: keep the stored one (an update that does not change it). */
  clientSecret: string | undefined;
  /** Lower-cased. */
  domain: string;
  enforced: boolean;
}

const MAX_URL = 2_048;
const MAX_CLIENT_FIELD = 512;
// RFC 1035 labels, at least two of them, the last alphabetic: an e-mail domain people use.
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

function refuse(field: string, message: string): never {
  throw new AppError("VALIDATION_ERROR", {
    message: `${field} ${message}`,
    details: { field, fields: { [field]: message } },
  });
}

function text(
  body: Record<string, unknown>,
  field: string,
  max: number,
  required: boolean,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === "") {
    if (required) refuse(field, "is required");
    return undefined;
  }
  if (typeof value !== "string") refuse(field, "must be a string");
  const trimmed = value.trim();
  if (trimmed.length === 0 && required) refuse(field, "is required");
  if (trimmed.length > max) refuse(field, `must be at most ${max} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) refuse(field, "must not contain control characters");
  return trimmed;
}

/** An e-mail domain, lower-cased, or VALIDATION_ERROR naming `domain`. */
export function normalizeSsoDomain(value: string): string {
  const domain = value.trim().toLowerCase().replace(/\.$/, "");
  if (!DOMAIN.test(domain)) refuse("domain", "must be an e-mail domain such as example.com");
  return domain;
}

/**
 * The body of PUT /api/v1/workspaces/{id}/sso, checked field by field (VALIDATION_ERROR naming
 * the field). The issuer is only checked for form here; discoverProvider asks the provider.
 */
export function parseSsoSettings(body: unknown, options: { secretRequired: boolean }): SsoSettingsInput {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("VALIDATION_ERROR", { message: "The body must be a JSON object" });
  }
  const fields = body as Record<string, unknown>;
  const issuerText = text(fields, "issuer", MAX_URL, true) ?? "";
  let issuer: URL;
  try {
    issuer = new URL(issuerText);
  } catch {
    refuse("issuer", "must be an absolute URL, e.g. https://login.example.com");
  }
  if (issuer.protocol !== "https:" && issuer.protocol !== "http:") refuse("issuer", "must use https");
  if (issuer.username || issuer.password) refuse("issuer", "must not contain a user name or password");
  if (issuer.search || issuer.hash) refuse("issuer", "must not have a query or fragment");
  const enforced = fields.enforced ?? false;
  if (typeof enforced !== "boolean") refuse("enforced", "must be true or false");
  return {
    issuer: issuer.href.replace(/\/$/, ""),
    clientId: text(fields, "client_id", MAX_CLIENT_FIELD, true) ?? "",
    clientSecret: text(fields, "client_secret", MAX_CLIENT_FIELD, options.secretRequired),
    domain: normalizeSsoDomain(text(fields, "domain", 253, true) ?? ""),
    enforced,
  };
}
