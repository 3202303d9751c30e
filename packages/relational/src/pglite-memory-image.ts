import { readFile } from "node:fs/promises";
import type { Logger } from "@kurz/logger";
import { cachedPgliteArtefact } from "./pglite-cache";

/**
 * An empty cluster as a tar image for an in-memory PGlite to load (`loadDataDir`): ~350 ms, where
 * its initdb takes 1.5–3 s (tests open one per service under test, often one per test). Kept in
 * the machine's cache (pglite-cache.ts); undefined when it cannot be made or read, and PGlite's
 * own initdb does the work as before. `dump` writes an empty cluster's image to the file it is
 * given (PGlite's `dumpDataDir`).
 */
export async function pgliteMemoryImage(
  dump: (file: string) => Promise<void>,
  logger?: Logger,
): Promise<Blob | undefined> {
  try {
    const image = await cachedPgliteArtefact(".tar", dump);
    return new Blob([await readFile(image)]);
  } catch (error) {
    logger?.debug({ event: "db.pglite_image_unused", err: error }, "initialising without the image");
    return undefined;
  }
}
