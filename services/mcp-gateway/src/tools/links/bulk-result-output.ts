import type { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { shortUrlSchema, toShortUrlOutput } from "./short-url-output";

/** The most items one MCP bulk tool call takes (REST and gRPC take 1,000: docs/api/links.md). */
export const MCP_BULK_MAX_ITEMS = 100;

/** One item's outcome in a bulk tool's result. */
export const bulkItemResultSchema = z.object({
  index: z.number().int().describe("The item's position in the call's list"),
  success: z.boolean(),
  url: shortUrlSchema.optional().describe("The link, when the item was applied"),
  error: z
    .object({
      code: z
        .string()
        .describe("What the single tool would have answered (VALIDATION_ERROR, ALIAS_EXISTS, ...)"),
      message: z.string(),
      hint: z.string().optional(),
    })
    .optional()
    .describe("Why the item was refused"),
});

export type BulkItemResultOutput = z.output<typeof bulkItemResultSchema>;

/** link-api's per-item results as the bulk tools return them. */
export function toBulkResults(results: readonly linksV1.BulkLinkResult[]): BulkItemResultOutput[] {
  return results.map((result) =>
    result.error
      ? {
          index: result.index,
          success: false,
          error: {
            code: result.error.code,
            message: result.error.message,
            ...(result.error.hint ? { hint: result.error.hint } : {}),
          },
        }
      : { index: result.index, success: true, url: toShortUrlOutput(result.link) },
  );
}
