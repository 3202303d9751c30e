import { IMPORT_FORMATS } from "@kurz/link-import";
import { z } from "zod";
import { campaignIdField, tagsField } from "../links/link-fields";

const formatField = z
  .enum(IMPORT_FORMATS)
  .optional()
  .describe("The export's format; detected from the file's first bytes when absent");
const onConflictField = z
  .enum(["skip", "suffix", "fail"])
  .default("skip")
  .describe("A code already taken on its host: skip the row, try code-2, code-3, …, or fail the row");
/** Tags given as a list, or as one comma-separated string (a form field). */
const importTagsField = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (typeof value === "string" ? value.split(",") : (value ?? [])))
  .pipe(tagsField)
  .describe("Tags added to every imported link (a list, or comma-separated)");
const dryRunField = z.boolean().default(false).describe("Check every row and report, changing nothing");

/**
 * POST /imports as JSON: the file's text in `csv` or `json` (the same bytes a multipart upload
 * carries), and the options.
 */
export const createImportJsonSchema = z.strictObject({
  format: formatField,
  csv: z.string().optional().describe("The export's text, for a CSV export"),
  json: z.string().optional().describe("The export's text, for a JSON export"),
  file: z
    .string()
    .optional()
    .describe("multipart/form-data only: the export as a file part, sent after the option fields"),
  dry_run: dryRunField,
  on_conflict: onConflictField,
  tags: importTagsField,
  campaign_id: campaignIdField.optional(),
});

/** The same options as multipart form fields (strings). */
export const createImportFieldsSchema = z.strictObject({
  format: formatField,
  dry_run: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === "true" || value === "1"),
  on_conflict: onConflictField,
  tags: importTagsField,
  campaign_id: campaignIdField.optional(),
});

export type CreateImportOptionsInput = Omit<z.output<typeof createImportJsonSchema>, "csv" | "json">;

export const listImportsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
