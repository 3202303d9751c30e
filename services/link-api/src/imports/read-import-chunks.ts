import { and, eq } from "drizzle-orm";
import type { LinkApiDatabase } from "../db/link-api-database";
import { importChunks } from "../db/schema";

/**
 * An import's file as a stream of its chunks in upload order, one chunk read at a time (a worker
 * holds ~256 KB of the file, not all of it). Ends at the first missing chunk (the last, or all of
 * them once the import was cancelled).
 */
export async function* readImportChunks(db: LinkApiDatabase, importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db
      .select({ data: importChunks.data })
      .from(importChunks)
      .where(and(eq(importChunks.importId, importId), eq(importChunks.seq, seq)));
    if (!chunk) return;
    yield chunk.data;
  }
}
