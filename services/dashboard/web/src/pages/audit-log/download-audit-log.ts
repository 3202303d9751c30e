import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/**
 * Downloads the log as CSV with the page's filters. Through the API client, not a plain link: a
 * link cannot carry the Kurz-Workspace header that names the workspace the page acts in (the
 * relay forwards headers only), so it would export the person's own workspace. The file is
 * fetched when asked for, then saved through a temporary <a download> with a blob URL.
 */
export async function downloadAuditLog(
  filters: { action?: string; start?: string; end?: string },
  fileName: string,
): Promise<void> {
  const blob = (await readData(
    api.GET("/api/v1/audit-log/export", { params: { query: filters }, parseAs: "blob" }),
  )) as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time a click handler returns; a moment more for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
