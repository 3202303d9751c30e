import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { BulkDeleteCode } from "./build-bulk-bodies";

/** Deletes several links in one call (1 to 1,000); each item's own result is in `results`. */
export async function deleteLinks(codes: BulkDeleteCode[]) {
  const data = await readData(api.DELETE("/api/v1/urls/bulk", { body: { codes } }));
  return data.results;
}
