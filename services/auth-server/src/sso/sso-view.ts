import type { WorkspaceSsoRow } from "../db/schema";

/** Where the domain's proof goes: `_kurz-sso.<domain>`. */
export const txtNameOf = (domain: string) => `_kurz-sso.${domain}`;
/** What the TXT record must say. */
export const txtValueOf = (token: string) => `kurz-sso-verification=${token}`;

export interface SsoView {
  issuer: string;
  client_id: string;
  /** The secret itself is never answered. */
  client_secret_set: true;
  domain: string;
  enforced: boolean;
  verification: {
    status: "pending" | "verified";
    txt_name: string;
    txt_value: string;
    verified_at: string | null;
    /** Only in a verify answer that did not find the record: why. */
    problem?: string;
  };
  created_at: string;
  updated_at: string;
}

/** The REST shape of a workspace's SSO settings (never the client secret). */
export function ssoView(row: WorkspaceSsoRow, problem?: string): SsoView {
  return {
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: true,
    domain: row.domain,
    enforced: row.enforced,
    verification: {
      status: row.verifiedAt ? "verified" : "pending",
      txt_name: txtNameOf(row.domain),
      txt_value: txtValueOf(row.verificationToken),
      verified_at: row.verifiedAt?.toISOString() ?? null,
      ...(problem ? { problem } : {}),
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
