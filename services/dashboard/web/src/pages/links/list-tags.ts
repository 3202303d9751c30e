import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The tags the account uses, for the list's tag filter. */
export async function listTags(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/tags", { signal }));
  return data.tags;
}
