import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** How many of the latest imports the page lists. */
export const RECENT_IMPORTS = 10;

/** The account's latest imports, newest first. */
export async function listImports(signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/imports", { params: { query: { limit: RECENT_IMPORTS } }, signal }),
  );
  return data.imports;
}
