import { randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "./decode-webhook-secret";

// 256 bits: as strong as the HMAC-SHA256 output it keys, inside the spec's 24-64 byte range.
const SECRET_BYTES = 32;

/** A new endpoint secret, `whsec_` + padded standard base64 as Standard Webhooks libraries expect. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}
