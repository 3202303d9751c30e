import { randomUUID } from "node:crypto";
import { currentAuditActor, recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { detectFormat, type ImportFormat } from "@kurz/link-import";
import { SERVICE_NAME } from "../config";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type ImportOptions, type ImportRow, importChunks, imports } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { IMPORT_CHUNK_BYTES } from "./import-limits";
import { spoolUpload } from "./spool-upload";
import type { UploadGate } from "./upload-gate";

export interface StoreImportRequest {
  /** Given by the uploader; detected from the file's first bytes when absent. */
  format?: ImportFormat | undefined;
  options: ImportOptions;
  /** The largest file accepted: more is 413 PAYLOAD_TOO_LARGE. */
  maxBytes: number;
  /** Bounds the uploads received at once (IMPORT_MAX_CONCURRENT_UPLOADS). */
  uploads: UploadGate;
  /** Runs once the whole file is received, before anything is stored: a throw stores nothing. */
  afterUpload?: () => Promise<void>;
}

function unknownFormat(): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: "UNKNOWN_FORMAT: the file's format could not be detected; give `format`",
    details: { field: "format" },
  });
}

/**
 * Stores an uploaded export as an import in `queued`: the file is first received into a spool
 * file (spoolUpload: counted, never held whole, no database connection held while a slow client
 * sends it), then its row and its ~256 KB chunks are written in one short transaction, so a
 * worker never sees half a file. The format comes from the uploader or from the file's first bytes.
 */
export async function storeImport(
  ctx: LinkApiContext,
  accountId: string,
  content: AsyncIterable<Uint8Array | string>,
  request: StoreImportRequest,
): Promise<ImportRow> {
  const release = request.uploads.enter();
  try {
    const upload = await spoolUpload(content, request.maxBytes);
    try {
      if (upload.bytes === 0) {
        throw new AppError("VALIDATION_ERROR", {
          message: "The import file is empty",
          details: { field: "file" },
        });
      }
      const format = request.format ?? detectFormat(upload.head.toString("utf8"));
      if (!format) throw unknownFormat();
      await request.afterUpload?.();
      const id = randomUUID();
      const stored = await ctx.db.transaction(async (tx: LinkApiTransaction) => {
        const [stored] = await tx
          .insert(imports)
          .values({
            id,
            accountId,
            status: "queued",
            format,
            options: request.options,
            bytes: upload.bytes,
            createdAt: ctx.clock.now(),
            startedBy: currentAuditActor() ?? null,
          })
          .returning();
        await recordChange(tx, SERVICE_NAME, {
          workspaceId: accountId,
          action: "import.started",
          target: { type: "import", id },
          after: { format, options: request.options, bytes: upload.bytes },
          at: ctx.clock.now(),
        });
        let seq = 0;
        for await (const chunk of upload.read(IMPORT_CHUNK_BYTES)) {
          await tx.insert(importChunks).values({ importId: id, seq, data: chunk });
          seq++;
        }
        return stored as ImportRow;
      });
      ctx.eventsWritten();
      return stored;
    } finally {
      await upload.dispose();
    }
  } finally {
    release();
  }
}
