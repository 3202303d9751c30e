import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** The first answer to a key, as kept for 24 h. */
export interface StoredAnswer {
  /** The request's fingerprint (fingerprintRequestBody): a replay must match it. */
  fingerprint: string;
  status: number;
  /** The answer's own headers a replay repeats (KEPT_HEADERS): its content type first of all. */
  headers: Record<string, string>;
  /** The answer's bytes; absent when they were not kept (over the size bound, or a stream). */
  body?: Buffer;
  /** Wall-clock time of the answer (ms since the epoch): the 24 h run from it. */
  answeredAt: number;
}

interface SealedRecord {
  v: 1;
  fingerprint: string;
  status: number;
  headers: Record<string, string>;
  body?: string;
  answeredAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The answer as stored: AES-256-GCM over its JSON, `iv | tag | ciphertext`. */
export function sealStoredAnswer(answer: StoredAnswer, sealingKey: Buffer): Buffer {
  const record: SealedRecord = {
    v: 1,
    fingerprint: answer.fingerprint,
    status: answer.status,
    headers: answer.headers,
    ...(answer.body === undefined ? {} : { body: answer.body.toString("base64") }),
    answeredAt: answer.answeredAt,
  };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealingKey, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(record), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/**
 * The stored answer, or undefined when the bytes do not open with this key (a record of an
 * older shape, a damaged one): the key is then treated as never used, as after its expiry.
 */
export function openStoredAnswer(bytes: Buffer, sealingKey: Buffer): StoredAnswer | undefined {
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  let record: SealedRecord;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    record = JSON.parse(text.toString("utf8")) as SealedRecord;
  } catch {
    return undefined;
  }
  if (record.v !== 1) return undefined;
  return {
    fingerprint: record.fingerprint,
    status: record.status,
    headers: record.headers ?? {},
    ...(record.body === undefined ? {} : { body: Buffer.from(record.body, "base64") }),
    answeredAt: record.answeredAt,
  };
}
