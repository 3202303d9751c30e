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

const encoder = new TextEncoder();

export function partitionForKey(key: string, partitionCount: number): number {
  return (murmur2(encoder.encode(key)) & 0x7fffffff) % partitionCount;
}
