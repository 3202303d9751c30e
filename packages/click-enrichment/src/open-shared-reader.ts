import path from "node:path";
import maxmind, { type Reader, type Response } from "maxmind";

/**
 * One reader per database file and process. `maxmind.open` reads the whole file into a buffer
 * (the bundled GeoLite2 City files: 28 + 17 MB); in make start's single process analytics-ingest
 * and webhook-dispatcher each opened their own, twice the memory for the same immutable bytes.
 * A reader has nothing to close (no handle, no watcher: updates are not watched), so sharing it
 * needs no reference count: it lives as long as someone holds it. A failed open is forgotten, so
 * the next caller tries again.
 */
const readers = new Map<string, Promise<Reader<Response>>>();

/** Its LRU of looked-up addresses is shared too: the same clicks reach both services. */
const OPTIONS = { watchForUpdates: false, cache: { max: 10_000 } } as const;

export function openSharedReader(file: string): Promise<Reader<Response>> {
  const key = path.resolve(file);
  let reader = readers.get(key);
  if (!reader) {
    reader = maxmind.open<Response>(key, OPTIONS);
    readers.set(key, reader);
    reader.catch(() => readers.delete(key));
  }
  return reader;
}
