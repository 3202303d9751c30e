import type { Role } from "@kurz/auth-verifier";
import type { InvitationRow } from "../db/schema";

/** An invitation as REST shows it; `accept_url` only when just created (its secret is not kept). */
export function invitationView(row: InvitationRow, extra: { acceptUrl?: string; emailed?: boolean } = {}) {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ...(extra.acceptUrl === undefined ? {} : { accept_url: extra.acceptUrl }),
    ...(extra.emailed === undefined ? {} : { emailed: extra.emailed }),
  };
}

/** The link a person opens to accept: on auth-server's pages, under the public base URL. */
export function acceptUrlOf(issuer: string, secret: string): string {
  return `${issuer}/auth/invitations/${encodeURIComponent(secret)}`;
}
