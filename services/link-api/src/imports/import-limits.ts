/** How large an import's stored chunks are: a 50 MB file is ~200 rows of import_chunks. */
export const IMPORT_CHUNK_BYTES = 256 * 1024;

/** How many row errors an import keeps (GET /imports/{id} and errors.csv show these). */
export const MAX_IMPORT_ERRORS = 1_000;

/** How many `code-2`, `code-3`, … on_conflict=suffix tries before the row fails ALIAS_EXISTS. */
export const MAX_SUFFIX_ATTEMPTS = 100;
