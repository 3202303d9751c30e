import { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool } from "../tool-definition";
import {
  IMPORT_CONFLICT_NAMES,
  IMPORT_FORMAT_NAMES,
  importSchema,
  protoValueOf,
  toImportOutput,
} from "./import-output";

/**
 * The largest file an agent can hand over in one call, in characters. The whole MCP request is at
 * most 1 MiB (mcp-gateway's body limit) and JSON escapes a CSV's quotes and line ends, so half of
 * that leaves room; link-api's own limit (IMPORT_MAX_BYTES, 50 MB) is for REST uploads.
 */
export const MCP_IMPORT_MAX_CHARS = 512 * 1024;

export const importLinks = defineTool({
  name: "importLinks",
  title: "Import links from another shortener's export",
  description: `Imports short links from another shortener's export (Bitly, Dub, Short.io, Shlink, YOURLS, Kutt, Rebrandly, or a generic CSV with a url column): give the file's text in \`content\`. The import is queued and runs in the background: this answers at once with its id and status "queued"; call getImportStatus with that id until the status is completed (or failed), then report its counts and row errors. Each row is made as shortenUrl would (the same code when it is free; the plan's link limit applies per row). Use dry_run: true first to check the file and see what would be made without changing anything. At most ${MCP_IMPORT_MAX_CHARS.toLocaleString("en")} characters: a bigger file goes through the REST API (POST /api/v1/imports, multipart upload, up to 50 MB).`,
  input: {
    content: z
      .string()
      .min(1)
      .max(MCP_IMPORT_MAX_CHARS)
      .describe(
        `The export file's text (CSV or JSON), as the other shortener wrote it, at most ${MCP_IMPORT_MAX_CHARS.toLocaleString("en")} characters`,
      )
      .meta({ examples: ["url,code,title,tags\nhttps://example.com/spring,spring,Spring sale,promo"] }),
    format: z
      .enum(IMPORT_FORMAT_NAMES)
      .optional()
      .describe("Which shortener wrote the export; detected from the file's first lines when absent"),
    dry_run: z
      .boolean()
      .default(false)
      .describe("true: check every row and report what would happen, making nothing (default false)"),
    on_conflict: z
      .enum(IMPORT_CONFLICT_NAMES)
      .default("skip")
      .describe(
        "A row whose code is already taken: skip it (default), try code-2, code-3, … (suffix), or fail it",
      ),
    tags: z
      .array(z.string().min(1).max(50))
      .max(20)
      .optional()
      .describe('Tags added to every imported link, e.g. ["imported"]'),
    campaign_id: z
      .uuid()
      .optional()
      .describe("Campaign to file every imported link under (see listCampaigns)")
      .meta({ examples: ["3f1c9d55-9a1e-4f3a-8d2b-1c2d3e4f5a6b"] }),
  },
  output: {
    import: importSchema,
    next: z.string().describe("What to call to follow the import"),
  },
  // Not idempotent: the same file sent twice is two imports (the second skips, suffixes or fails
  // the codes the first made). It adds links and never changes or removes one.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scope: "shorturl:create",
  async run(clients, args) {
    const { import: started } = await clients.links.startImport({
      content: Buffer.from(args.content, "utf8"),
      format: protoValueOf(linksV1.ImportFormat, args.format),
      dryRun: args.dry_run,
      onConflict: protoValueOf(linksV1.ImportConflict, args.on_conflict),
      tags: args.tags ?? [],
      campaignId: args.campaign_id ?? "",
    });
    const output = toImportOutput(started);
    return {
      import: output,
      next: `getImportStatus with import_id "${output.id}" until status is completed, failed or cancelled`,
    };
  },
});
