import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { BulkUpdate } from "./build-bulk-bodies";

/** Changes several links in one call (1 to 1,000); each item's own result is in `results`. */
export async function updateLinks(updates: BulkUpdate[]) {
  const data = await readData(api.PATCH("/api/v1/urls/bulk", { body: { updates } }));
  return data.results;
}
