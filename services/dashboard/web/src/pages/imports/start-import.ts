import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { ImportFormat } from "./import-formats";
import type { OnConflict } from "./link-import";

export interface ImportOptions {
  /** Empty: link-api detects it from the file's first bytes. */
  format: ImportFormat | "";
  dryRun: boolean;
  onConflict: OnConflict;
  /** Comma-separated, as typed. */
  tags: string;
  campaignId: string;
}

/**
 * Uploads the export as multipart/form-data and queues its import (202). The option fields go
 * before the file part: link-api refuses a field that comes after it.
 */
export async function startImport(file: File, options: ImportOptions) {
  const form = new FormData();
  if (options.format) form.append("format", options.format);
  form.append("dry_run", String(options.dryRun));
  form.append("on_conflict", options.onConflict);
  if (options.tags.trim()) form.append("tags", options.tags);
  if (options.campaignId) form.append("campaign_id", options.campaignId);
  form.append("file", file, file.name);
  // The typed body is the JSON variant; a FormData body is sent as it is (the browser sets the boundary).
  const data = await readData(api.POST("/api/v1/imports", { body: form as never }));
  return data.import;
}
