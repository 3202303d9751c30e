import { z } from "zod";
import { defineTool } from "../tool-definition";
import { bulkItemResultSchema, MCP_BULK_MAX_ITEMS, toBulkResults } from "./bulk-result-output";
import { shortCodeParam } from "./short-url-output";

export const bulkDeleteUrls = defineTool({
  name: "bulkDeleteUrls",
  title: "Delete many short links at once",
  description: `Deletes up to ${MCP_BULK_MAX_ITEMS} short links in one call, each as deleteUrl would: their short URLs stop redirecting at once (visitors get 404) and this tool cannot restore them; past analytics stay. Each item succeeds or fails on its own (an unknown code is answered at its index). Confirm the list with the user before calling it.`,
  input: {
    shortCodes: z
      .array(shortCodeParam)
      .min(1)
      .max(MCP_BULK_MAX_ITEMS)
      .describe(`The links to delete, 1 to ${MCP_BULK_MAX_ITEMS}: short codes, aliases or link ids`),
  },
  output: {
    results: z
      .array(bulkItemResultSchema)
      .describe("One per item, in the call's order; `url` is the deleted link"),
    deleted: z.number().int().describe("How many links were deleted"),
    failed: z.number().int().describe("How many items were refused"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "shorturl:delete",
  async run(clients, args) {
    const { results } = await clients.links.bulkDeleteLinks({
      links: args.shortCodes.map((shortCode) => ({ shortCode })),
    });
    const items = toBulkResults(results);
    const deleted = items.filter((item) => item.success).length;
    return { results: items, deleted, failed: items.length - deleted };
  },
});
