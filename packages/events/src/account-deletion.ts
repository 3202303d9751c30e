import { AppError } from "@kurz/errors";
import { authV1 } from "@kurz/proto";
import { decodeEnvelope, decodePayload } from "./envelope";

/**
 * The account an `account.deleted` event says is gone, or undefined for every other account
 * event: each service then deletes what it holds of it. A message that does not decode, or one
 * without an account, is refused with VALIDATION_ERROR (parked, not retried forever).
 */
export function accountDeletionOf(value: Uint8Array): string | undefined {
  const envelope = decodeEnvelope(value);
  if (envelope.type !== "account.deleted") return undefined;
  let deleted: authV1.AccountDeleted | undefined;
  try {
    deleted = decodePayload(envelope, authV1.AccountDeletedSchema);
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", { message: "account.deleted does not decode", cause: error });
  }
  if (!deleted?.accountId) {
    throw new AppError("VALIDATION_ERROR", { message: "account.deleted without an account" });
  }
  return deleted.accountId;
}
