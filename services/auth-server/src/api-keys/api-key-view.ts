import type { ApiKeyRow } from "../db/schema";

/** An API key as the REST API shows it: never the secret, only its first characters. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  /** The most the key may do in its workspace. */
  role: string;
  /** The person who created it; null for keys from before workspaces' creators were kept. */
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.displayPrefix,
    permissions: row.permissions,
    role: row.role,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
