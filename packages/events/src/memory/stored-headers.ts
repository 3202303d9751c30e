/**
 * A message's headers as bytes in the in-process log's chunks, so a retained message holds no
 * object of its own: each name and value as a 32-bit little-endian byte length and its UTF-8
 * bytes, in the object's order. memory-log.ts writes them after the value and reads them back
 * as a fresh object per read (a reader may keep and change what it read).
 */

/** At most this many bytes for `headers` (a UTF-16 code unit is at most 3 UTF-8 bytes). */
export function headersBound(headers: Readonly<Record<string, string>>): number {
  let bound = 0;
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === "string") bound += 8 + 3 * (name.length + value.length);
  }
  return bound;
}

/** Writes `headers` at `at` (room for headersBound(headers) is there); answers the bytes written. */
export function writeHeaders(chunk: Buffer, at: number, headers: Readonly<Record<string, string>>): number {
  let end = at;
  for (const name in headers) {
    const value = headers[name];
    // Only strings are headers (a value left undefined by whoever built the object is none).
    if (typeof value !== "string") continue;
    end = writeText(chunk, end, name);
    end = writeText(chunk, end, value);
  }
  return end - at;
}

/** The headers written between `start` and `end`. */
export function readHeaders(chunk: Buffer, start: number, end: number): Record<string, string> {
  const headers: Record<string, string> = {};
  let at = start;
  while (at < end) {
    const nameLength = chunk.readUInt32LE(at);
    const name = chunk.toString("utf8", at + 4, at + 4 + nameLength);
    at += 4 + nameLength;
    const valueLength = chunk.readUInt32LE(at);
    const value = chunk.toString("utf8", at + 4, at + 4 + valueLength);
    // A header named __proto__ stays a header, as the object spread it replaces kept it.
    if (name === "__proto__")
      Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
    else headers[name] = value;
    at += 4 + valueLength;
  }
  return headers;
}

function writeText(chunk: Buffer, at: number, text: string): number {
  const length = text.length === 0 ? 0 : chunk.write(text, at + 4, "utf8");
  chunk.writeUInt32LE(length, at);
  return at + 4 + length;
}
