import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@kurz/errors";

/** The bytes kept in memory for format detection (a CSV's header line; the start of a JSON document). */
export const HEAD_BYTES = 64 * 1024;

export interface SpooledUpload {
  /** The file's size in bytes. */
  bytes: number;
  /** Its first HEAD_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
  /** Reads the file back from the spool, `chunkBytes` at a time. */
  read(chunkBytes: number): AsyncIterable<Buffer>;
  /** Deletes the spool file (always call it, in a finally). */
  dispose(): Promise<void>;
}

/**
 * Receives an upload into a temp file (mode 0600, in TMPDIR), counting it: past `maxBytes` it is
 * refused with 413 PAYLOAD_TOO_LARGE, and an upload that ends early (the client went away, a cut
 * multipart body) is a 400, never mistaken for a failing database. The file is then stored from
 * the spool in one short transaction: a slow client holds a temp file, not a database connection
 * (in the embedded run, PGlite's only one: every other query of link-api would wait behind it).
 */
export async function spoolUpload(
  content: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<SpooledUpload> {
  const file = path.join(tmpdir(), `kurz-import-${randomUUID()}`);
  const dispose = () => rm(file, { force: true });
  let bytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  const counter = new Transform({
    transform(piece: Uint8Array | string, _encoding, callback) {
      const chunk = typeof piece === "string" ? Buffer.from(piece, "utf8") : Buffer.from(piece);
      bytes += chunk.length;
      if (bytes > maxBytes) {
        callback(
          new AppError("PAYLOAD_TOO_LARGE", { message: `An import file is at most ${maxBytes} bytes` }),
        );
        return;
      }
      if (headBytes < HEAD_BYTES) {
        const kept = chunk.subarray(0, HEAD_BYTES - headBytes);
        head.push(kept);
        headBytes += kept.length;
      }
      callback(null, chunk);
    },
  });
  // The upload's own failures (cut off, aborted) are the client's; the spool's (a full disk) are ours.
  let uploadFailed = false;
  async function* upload() {
    try {
      yield* content;
    } catch (error) {
      uploadFailed = true;
      throw error;
    }
  }
  try {
    await pipeline(upload(), counter, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await dispose();
    if (error instanceof AppError || !uploadFailed) throw error;
    throw new AppError("VALIDATION_ERROR", {
      message: "The upload ended before the file was complete",
      details: { field: "file" },
      cause: error,
    });
  }
  return {
    bytes,
    head: Buffer.concat(head),
    read: (chunkBytes) => createReadStream(file, { highWaterMark: chunkBytes }),
    dispose,
  };
}
