import { timestampDate } from "@bufbuild/protobuf/wkt";
import { linksV1 } from "@kurz/proto";
import { z } from "zod";

/** An enum's value names as the REST API spells them (BITLY → bitly), without UNSPECIFIED. */
function restNamesOf(values: Record<string, string | number>): [string, ...string[]] {
  const names = Object.entries(values)
    .filter(([, value]) => typeof value === "number" && value !== 0)
    .map(([name]) => name.toLowerCase());
  return names as [string, ...string[]];
}

/** The formats link-api reads (its contract's ImportFormat: REST's `format` values). */
export const IMPORT_FORMAT_NAMES = restNamesOf(linksV1.ImportFormat);
export const IMPORT_STATUS_NAMES = restNamesOf(linksV1.ImportStatus);
export const IMPORT_CONFLICT_NAMES = restNamesOf(linksV1.ImportConflict);

/** A REST name's proto value (the name came through the enum built from the same values). */
export function protoValueOf<Values extends Record<string, string | number>>(
  values: Values,
  name: string | undefined,
): Values[keyof Values] | 0 {
  if (name === undefined) return 0;
  return values[name.toUpperCase() as keyof Values] ?? 0;
}

function nameOf(values: Record<string, string | number>, value: number): string {
  const name = values[value];
  return typeof name === "string" && value !== 0 ? name.toLowerCase() : "unknown";
}

/** An import as the tools return it: the REST API's Import fields, its row errors apart. */
export const importSchema = z.object({
  id: z.string().describe("The import's id: give it to getImportStatus"),
  status: z
    .enum([...IMPORT_STATUS_NAMES, "unknown"])
    .describe("queued, then running, then completed (or failed / cancelled)"),
  format: z.string().describe("The export's format, as given or as detected"),
  dry_run: z.boolean().describe("true: rows checked and reported, nothing made"),
  on_conflict: z.string().describe("What a row whose code is taken does: skip, suffix or fail"),
  tags: z.array(z.string()).describe("Added to every imported link"),
  campaign_id: z.string().nullable(),
  progress: z
    .object({
      processed: z.number().int().describe("Rows done (made, skipped or failed)"),
      total: z.number().int().describe("Rows in the file; 0 until the file is read through"),
    })
    .describe("Rows done out of the file's rows"),
  created: z.number().int().describe("Links made (a dry run: links that would be made)"),
  skipped: z.number().int().describe("Rows skipped (e.g. a code already taken, on_conflict skip)"),
  failed: z.number().int().describe("Rows refused (an invalid URL, the plan's link limit, ...)"),
  created_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export type ImportOutput = z.output<typeof importSchema>;

export function toImportOutput(entry: linksV1.LinkImport | undefined): ImportOutput {
  if (!entry) throw new Error("link-api answered without an import");
  const status = nameOf(linksV1.ImportStatus, entry.status);
  return {
    id: entry.id,
    status: IMPORT_STATUS_NAMES.includes(status) ? status : "unknown",
    format: nameOf(linksV1.ImportFormat, entry.format),
    dry_run: entry.dryRun,
    on_conflict: nameOf(linksV1.ImportConflict, entry.onConflict),
    tags: [...entry.tags],
    campaign_id: entry.campaignId === "" ? null : entry.campaignId,
    progress: { processed: entry.processed, total: entry.total },
    created: entry.created,
    skipped: entry.skipped,
    failed: entry.failed,
    created_at: entry.createdAt ? timestampDate(entry.createdAt).toISOString() : null,
    finished_at: entry.finishedAt ? timestampDate(entry.finishedAt).toISOString() : null,
  };
}
