import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportLinkPages } from "../links/export-link-pages";
import { listLinksQuerySchema } from "../links/link-input-schemas";
import { type ExportFormat, linkExportHead, writeLinkExportPage } from "../links/write-link-export";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";

/** The list route's filters, without paging or sorting (an export is in creation order). */
const exportQuerySchema = listLinksQuerySchema
  .omit({ page: true, limit: true, sortBy: true, order: true })
  .extend({
    format: z
      .enum(["csv", "jsonl"])
      .default("csv")
      .describe("csv (default) or jsonl (one JSON object per line)"),
  });

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson",
};

const DESCRIPTION = `Every link of your account that the filters of GET /urls choose (search, tag, campaign_id, domain), oldest first, streamed: an account of any size is read in pages of 1,000 and written as it is read.

**csv** (default): RFC 4180, UTF-8, a header row, CRLF line ends. A cell holding \`"\`, \`,\`, CR or LF is quoted, inner quotes doubled. A cell starting with \`=\`, \`+\`, \`-\`, \`@\`, TAB or CR is prefixed with a single quote \`'\` so that a spreadsheet shows it as text instead of running it as a formula (OWASP CSV injection): remove that one character to get the stored value. \`tags\` is one cell, the tags joined by \`,\`. Columns: code, short_url, domain, destination_url, original_url, name, tags, campaign_id, campaign_name, url_type, custom_alias, is_dynamic, tracking_enabled, conversion_tracking, password_protected, qr, utm_source, utm_medium, utm_campaign, utm_term, utm_content, expires_at, max_clicks, expired_url, clicks, created_at, updated_at, link_id.

**jsonl**: one JSON object per line, the link as the other routes return it plus \`campaignName\`.

An error before the first byte is the usual JSON error body. A failure while streaming aborts the response (no final chunk), so a cut export is never mistaken for a complete one.`;

/**
 * GET {base}/export: the list route's links as a download (docs/api/links.md#export). Mounted
 * at /urls and /short-urls like the other link routes; the static path wins over {base}/:code.
 */
export function registerLinkExportRoutes(
  root: FastifyInstance,
  deps: ApiDependencies,
  base: "/urls" | "/short-urls",
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;

  app.get(`${base}/export`, {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags: ["Short URLs"],
      summary: "Export your short URLs as CSV or JSON lines",
      description: DESCRIPTION,
      querystring: exportQuerySchema,
      produces: [CONTENT_TYPES.csv, CONTENT_TYPES.jsonl],
      response: {
        200: z.string().describe("The file: CSV or JSON lines, streamed"),
        ...errorResponses(),
      },
      security: securityOf("shorturl:read"),
    },
    handler: async (request, reply) => {
      const { format, ...filters } = request.query;
      const pages = exportLinkPages(ctx.db, accountOf(request), filters);
      // The first page is read before the status is sent: a database that cannot answer at all
      // is still the JSON 503, not a 200 that breaks off.
      const first = await pages.next();
      async function* body(): AsyncGenerator<string> {
        yield linkExportHead(format);
        if (first.done) return;
        yield writeLinkExportPage(format, first.value, ctx.hosts);
        for await (const page of pages) yield writeLinkExportPage(format, page, ctx.hosts);
      }
      const day = ctx.clock.now().toISOString().slice(0, 10);
      // The 200 schema documents the file as a string; Fastify pipes a stream without serializing.
      const stream = Readable.from(body(), { objectMode: false }) as unknown as string;
      return reply
        .type(CONTENT_TYPES[format])
        .header("content-disposition", `attachment; filename="kurz-links-${day}.${format}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  });
}
