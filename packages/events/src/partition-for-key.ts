const SEED = 0x9747b28c;
const M = 0x5bd1e995;

/**
 * Kafka's murmur2 (the Java client's and kafkajs' default partitioner), so a key lands on the
 * same partition number in the in-process bus as on Kafka.
 */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  let h = SEED ^ length;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length % 4;
  if (rest === 3) h ^= data[whole + 2]! << 16;
  if (rest >= 2) h ^= data[whole + 1]! << 8;
  if (rest >= 1) {
    h ^= data[whole]!;
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/** murmur2 of an ASCII string's bytes (its char codes), without encoding it first. */
function murmur2OfAscii(text: string): number {
  const length = text.length;
  let h = SEED ^ length;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k =
      text.charCodeAt(i) |
      (text.charCodeAt(i + 1) << 8) |
      (text.charCodeAt(i + 2) << 16) |
      (text.charCodeAt(i + 3) << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length % 4;
  if (rest === 3) h ^= text.charCodeAt(whole + 2) << 16;
  if (rest >= 2) h ^= text.charCodeAt(whole + 1) << 8;
  if (rest >= 1) {
    h ^= text.charCodeAt(whole);
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const encoder = new TextEncoder();

/**
 * The partition Kafka's default partitioner picks for a key. Keys are ids, so nearly always ASCII:
 * those are hashed straight from their char codes (no encoding, no allocation on the hot path).
 */
export function partitionForKey(key: string, partitionCount: number): number {
  const hash = isAscii(key) ? murmur2OfAscii(key) : murmur2(encoder.encode(key));
  return (hash & 0x7fffffff) % partitionCount;
}
