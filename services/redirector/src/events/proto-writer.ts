/**
 * A minimal protobuf binary writer for the redirect hot path: sizes are computed first, then the
 * message is written into one buffer (cut from a shared slab) with native UTF-8 writes.
 * protobuf-es' reflective encoder costs ~15 µs per click event; this well under 1 µs with the
 * per-link templates of encode-click-event. Only what click events need: strings, bytes, bools,
 * varints and Timestamps. Round-trip tests against the generated schemas keep it honest.
 */

const TEXT = 2;
const VARINT = 0;

export function varintSize(value: number): number {
  let size = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    size++;
  }
  return size;
}

const SLAB_SIZE = 128 * 1024;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = 0;

/**
 * A buffer cut from a shared slab: one allocation per ~200 click events instead of one per event
 * (Buffer's own pool is 8 KiB). A slab lives as long as any event cut from it is held.
 */
function allocate(size: number): Buffer {
  if (size > SLAB_SIZE / 16) return Buffer.allocUnsafe(size);
  if (slabUsed + size > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  const buffer = slab.subarray(slabUsed, slabUsed + size);
  // Eight-byte alignment, as Buffer's pool does.
  slabUsed += (size + 7) & ~7;
  return buffer;
}

function tagSize(field: number): number {
  return varintSize((field << 3) | TEXT);
}

/** Bytes a non-empty string field takes (0 for "", which proto3 does not write). */
export function stringFieldSize(field: number, value: string): number {
  if (value === "") return 0;
  const length = Buffer.byteLength(value, "utf8");
  return tagSize(field) + varintSize(length) + length;
}

export function bytesFieldSize(field: number, length: number): number {
  return length === 0 ? 0 : tagSize(field) + varintSize(length) + length;
}

export function varintFieldSize(field: number, value: number): number {
  return value === 0 ? 0 : varintSize(field << 3) + varintSize(value);
}

/** google.protobuf.Timestamp {seconds = 1, nanos = 2} of an epoch-ms instant, as a field. */
export function timestampBodySize(epochMs: number): number {
  const seconds = Math.floor(epochMs / 1000);
  const nanos = (epochMs - seconds * 1000) * 1_000_000;
  return varintFieldSize(1, seconds) + varintFieldSize(2, nanos);
}

export function messageFieldSize(field: number, bodySize: number): number {
  return tagSize(field) + varintSize(bodySize) + bodySize;
}

export class ProtoWriter {
  buffer: Buffer = Buffer.alloc(0);
  private position = 0;

  constructor(size?: number) {
    if (size !== undefined) this.start(size);
  }

  /** Starts a message of `size` bytes in a new buffer: one writer serves message after message. */
  start(size: number): this {
    this.buffer = allocate(size);
    this.position = 0;
    return this;
  }

  private varint(value: number): void {
    while (value >= 128) {
      this.buffer[this.position++] = (value % 128) | 128;
      value = Math.floor(value / 128);
    }
    this.buffer[this.position++] = value;
  }

  string(field: number, value: string): this {
    if (value === "") return this;
    this.varint((field << 3) | TEXT);
    const length = Buffer.byteLength(value, "utf8");
    this.varint(length);
    this.position += this.buffer.write(value, this.position, length, "utf8");
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    if (value.length === 0) return this;
    this.varint((field << 3) | TEXT);
    this.varint(value.length);
    return this.raw(value);
  }

  /** Bytes that are already encoded fields (a template): copied as they are. */
  raw(value: Uint8Array): this {
    this.buffer.set(value, this.position);
    this.position += value.length;
    return this;
  }

  uint(field: number, value: number): this {
    if (value === 0) return this;
    this.varint((field << 3) | VARINT);
    this.varint(value);
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.uint(field, value ? 1 : 0);
  }

  /** A nested message header; the caller writes its fields right after. */
  beginMessage(field: number, bodySize: number): this {
    this.varint((field << 3) | TEXT);
    this.varint(bodySize);
    return this;
  }

  timestamp(field: number, epochMs: number): this {
    const seconds = Math.floor(epochMs / 1000);
    const nanos = (epochMs - seconds * 1000) * 1_000_000;
    this.beginMessage(field, timestampBodySize(epochMs));
    return this.uint(1, seconds).uint(2, nanos);
  }

  /** The written bytes; throws if the size computed up front was wrong (a bug, not input). */
  finish(): Buffer {
    if (this.position !== this.buffer.length) {
      throw new Error(`ProtoWriter wrote ${this.position} bytes into a ${this.buffer.length}-byte buffer`);
    }
    return this.buffer;
  }
}
