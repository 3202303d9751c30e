import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import { detectFormat, type ImportFormat } from "@kurz/link-import";
import { eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type ImportOptions, type ImportRow, importChunks, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { IMPORT_CHUNK_BYTES } from "./import-limits";

/** The bytes a format is detected from (a CSV's header line; the start of a JSON document). */
const DETECT_BYTES = 64 * 1024;

export interface StoreImportRequest {
  /** Given by the uploader; detected from the file's first bytes when absent. */
  format?: ImportFormat | undefined;
  options: ImportOptions;
  /** The largest file accepted: more is 413 PAYLOAD_TOO_LARGE. */
  maxBytes: number;
  /** Runs after the last chunk is written, before the commit: a throw rolls the upload back. */
  beforeCommit?: () => Promise<void>;
}

/** Collects the file into ~256 KB chunks, as it streams in. */
async function* chunksOf(content: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of content) {
    const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : Buffer.from(piece);
    pending.push(bytes);
    size += bytes.length;
    while (size >= IMPORT_CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, IMPORT_CHUNK_BYTES);
      pending = [all.subarray(IMPORT_CHUNK_BYTES)];
      size = all.length - IMPORT_CHUNK_BYTES;
    }
  }
  if (size > 0) yield Buffer.concat(pending);
}

function unknownFormat(): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: "UNKNOWN_FORMAT: the file's format could not be detected; give `format`",
    details: { field: "format" },
  });
}

/**
 * Stores an uploaded export as an import in `queued`: its row and its chunks, written as the file
 * streams in (never held whole), in one transaction, so a worker never sees half a file. The
 * format comes from the uploader or from the first chunk.
 */
export async function storeImport(
  ctx: LinkApiContext,
  accountId: string,
  content: AsyncIterable<Uint8Array | string>,
  request: StoreImportRequest,
): Promise<ImportRow> {
  const id = randomUUID();
  const row = await ctx.db.transaction(async (tx: LinkApiTransaction) => {
    let seq = 0;
    let bytes = 0;
    let format = request.format;
    for await (const chunk of chunksOf(content)) {
      bytes += chunk.length;
      if (bytes > request.maxBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", {
          message: `An import file is at most ${request.maxBytes} bytes`,
        });
      }
      if (seq === 0) {
        format ??= detectFormat(chunk.subarray(0, DETECT_BYTES).toString("utf8"));
        if (!format) throw unknownFormat();
        await tx.insert(imports).values({
          id,
          accountId,
          status: "queued",
          format,
          options: request.options,
          createdAt: ctx.clock.now(),
        });
      }
      await tx.insert(importChunks).values({ importId: id, seq, data: chunk });
      seq++;
    }
    if (seq === 0) {
      throw new AppError("VALIDATION_ERROR", {
        message: "The import file is empty",
        details: { field: "file" },
      });
    }
    await request.beforeCommit?.();
    const [stored] = await tx.update(imports).set({ bytes }).where(eq(imports.id, id)).returning();
    return stored as ImportRow;
  });
  return row;
}
