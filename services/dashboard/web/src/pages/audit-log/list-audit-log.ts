import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** One page of the workspace's audit log, newest first, and the cursor of the page after it. */
export async function listAuditLog(
  filters: { action?: string; start?: string; end?: string },
  limit: number,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return readData(
    api.GET("/api/v1/audit-log", {
      params: { query: { ...filters, limit, ...(cursor ? { cursor } : {}) } },
      ...(signal ? { signal } : {}),
    }),
  );
}
