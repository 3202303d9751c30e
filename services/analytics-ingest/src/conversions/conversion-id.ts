import { createHash } from "node:crypto";

/**
 * The id of a conversion: a UUID (version 8, "custom") derived from what makes a conversion the
 * same one — account, click, event name and the caller's idempotency key — so a retried request
 * gets the same id and is stored once.
 */
export function conversionIdOf(
  accountId: string,
  clickId: string,
  eventName: string,
  idempotencyKey: string,
): string {
  const bytes = createHash("sha256")
    .update([accountId, clickId.toLowerCase(), eventName, idempotencyKey].join("\u0000"))
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creation time a UUIDv7 carries (its first 48 bits), or undefined for other versions. */
export function uuidV7Time(uuid: string): number | undefined {
  if (uuid[14] !== "7") return undefined;
  return Number.parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);
}
