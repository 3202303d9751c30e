const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

function fnv1a32Bytes(bytes: Uint8Array): number {
  let hash = OFFSET_BASIS;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, PRIME);
  return hash >>> 0;
}

/**
 * 32-bit FNV-1a over the UTF-8 bytes of `text`. The ids hashed here (test UUIDs, base64url visitor
 * ids) are ASCII, whose char codes are their UTF-8 bytes: they are hashed without encoding, and only
 * text with another character is encoded first. (GrowthBook's JS SDK hashes UTF-16 code units, so
 * the two agree on ASCII only.)
 */
export function fnv1a32(text: string): number {
  let hash = OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return fnv1a32Bytes(Buffer.from(text, "utf8"));
    hash = Math.imul(hash ^ code, PRIME);
  }
  return hash >>> 0;
}
