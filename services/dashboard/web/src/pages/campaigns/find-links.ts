import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** How many matches the assign picker offers at once; the reader narrows with the search. */
export const PICKER_SIZE = 20;

/** The account's links matching a search (alias, name, destination), newest first. */
export async function findLinks(search: string, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/urls", {
      params: { query: { limit: PICKER_SIZE, ...(search ? { search } : {}) } },
      signal,
    }),
  );
  return data.urls;
}
