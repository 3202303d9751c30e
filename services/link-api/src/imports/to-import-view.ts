import { z } from "zod";
import type { ImportRow } from "../db/schema";

export const importErrorSchema = z.object({ row: z.number(), code: z.string(), message: z.string() });

export const importViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
    format: z.string(),
    total: z.number().describe("Records read from the file (known once it is read through)"),
    processed: z.number(),
    created: z.number(),
    skipped: z.number(),
    failed: z.number(),
    errors: z.array(importErrorSchema).describe("The first 1,000 rows that were skipped or failed"),
    dry_run: z.boolean(),
    on_conflict: z.enum(["skip", "suffix", "fail"]),
    tags: z.array(z.string()),
    campaign_id: z.string().nullable(),
    bytes: z.number(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: "Import" });

export type ImportView = z.output<typeof importViewSchema>;

export function toImportView(row: ImportRow): ImportView {
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    total: row.total,
    processed: row.processed,
    created: row.created,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors,
    dry_run: row.options.dryRun,
    on_conflict: row.options.onConflict,
    tags: row.options.tags,
    campaign_id: row.options.campaignId,
    bytes: row.bytes,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
