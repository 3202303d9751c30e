import { deriveKey, openSecret, sealSecret } from "../keys/secret-box";

/** Seals the providers' client secrets at rest; opened only to call the provider's token endpoint. */
export interface SsoSecretBox {
  seal(workspaceId: string, secret: string): string;
  open(workspaceId: string, sealed: string): string;
}

/**
 * AES-256-GCM (keys/secret-box.ts, as signing keys) under a key derived from the
 * key-encryption key for this purpose only; the workspace id is the associated data, so a sealed
 * secret copied onto another workspace's row does not open.
 */
export function createSsoSecretBox(keyEncryptionKey: Buffer): SsoSecretBox {
  const key = deriveKey(keyEncryptionKey, "sso client secret");
  const context = (workspaceId: string) => `workspace_sso:${workspaceId}`;
  return {
    seal: (workspaceId, secret) => sealSecret(key, secret, context(workspaceId)),
    open: (workspaceId, sealed) => openSecret(key, sealed, context(workspaceId)),
  };
}
