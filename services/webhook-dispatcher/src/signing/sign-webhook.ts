import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { LRUCache } from "lru-cache";
import { decodeWebhookSecret } from "./decode-webhook-secret";

/** One delivery attempt, as the receiver will see it. */
export interface WebhookMessage {
  /** Message id: identical on every retry, so receivers can use it as an idempotency key. */
  id: string;
  /** Unix seconds of this attempt: each retry is signed afresh, or receivers reject it as stale. */
  timestampSeconds: number;
  /** The exact bytes sent as the body: a re-serialised copy of the same JSON would not verify. */
  body: string | Uint8Array;
}

// Unix seconds pass 10^11 in the year 5138; anything larger is a milliseconds value, which every
// receiver would reject as "too new" with no hint of why.
const MAX_TIMESTAMP_SECONDS = 1e11;

/** Keys already decoded and imported, by secret: every attempt of an endpoint signs with the same. */
const KEYS = new LRUCache<string, KeyObject>({ max: 10_000 });

function keyOf(secret: string): KeyObject {
  let key = KEYS.get(secret);
  if (key === undefined) {
    key = createSecretKey(decodeWebhookSecret(secret));
    KEYS.set(secret, key);
  }
  return key;
}

/**
 * The `webhook-signature` header value: one `v1,<base64 HMAC-SHA256>` per secret, space-separated,
 * so that during a rotation receivers holding either the new or the old secret can verify.
 */
export function signWebhook(message: WebhookMessage, secrets: readonly string[]): string {
  if (secrets.length === 0) {
    throw new Error("signWebhook needs at least one secret: receivers cannot verify an empty header");
  }
  const { id, timestampSeconds, body } = message;
  if (
    !Number.isSafeInteger(timestampSeconds) ||
    timestampSeconds < 0 ||
    timestampSeconds >= MAX_TIMESTAMP_SECONDS
  ) {
    throw new Error(`webhook timestamp must be whole unix seconds, got ${timestampSeconds} (milliseconds?)`);
  }
  return secrets
    .map((secret) => {
      const signature = createHmac("sha256", keyOf(secret))
        .update(`${id}.${timestampSeconds}.`)
        .update(body)
        .digest("base64");
      return `v1,${signature}`;
    })
    .join(" ");
}
