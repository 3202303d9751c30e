import type { Metadata } from "@grpc/grpc-js";

/**
 * The account a call acts for. Inside the cluster services trust the mesh, so the calling
 * account rides in metadata instead of in every request message.
 */
export const ACCOUNT_ID_METADATA_KEY = "x-kurz-account-id";

export function setCallingAccount(metadata: Metadata, accountId: string): void {
  metadata.set(ACCOUNT_ID_METADATA_KEY, accountId);
}

/** The calling account, or undefined when the call carries none (or an empty one). */
export function readCallingAccount(metadata: Metadata): string | undefined {
  const value = metadata.get(ACCOUNT_ID_METADATA_KEY)[0];
  return typeof value === "string" && value !== "" ? value : undefined;
}
