import { Readable } from "node:stream";
import { accessTokenOf, requireScope, type TokenVerifier } from "@kurz/auth-verifier";
import type { ClickStore } from "@kurz/clickstore";
import type { Clock } from "@kurz/clock";
import { bearerSecurity, documentationOnly, errorResponses } from "@kurz/openapi";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AnalyticsReader } from "../analytics/analytics-reader";
import { exportClickPages } from "../queries/export-click-pages";
import { type ClickExportFormat, clickExportHead, writeClickExportPage } from "../queries/write-click-export";
import { analyticsQuerySchema, parseQueryWith, rangeOf } from "./parse-analytics-query";

/** The click list's window and bot filter, and the file's format. */
const exportQuerySchema = analyticsQuerySchema
  .pick({ period: true, startDate: true, endDate: true, includeBots: true })
  .extend({
    format: z
      .enum(["csv", "jsonl"])
      .default("csv")
      .describe("csv (default) or jsonl (one JSON object per line)"),
  })
  .strict();

const CONTENT_TYPES: Record<ClickExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson",
};

const DESCRIPTION = `Every stored click of the window (period, or startDate and endDate, as the other analytics routes; at most 731 days; clicks older than your plan's retention are no longer stored), streamed: read in pages of 10,000 and written as read, whatever the size. Order: by link, each link's clicks oldest first (the click store's own order, which keeps a large export linear); one link's export is oldest first. HEAD requests and bots are included and flagged (\`method\`, \`bot\`, \`bot_reason\`); includeBots=false keeps human clicks only, as the click list. No IP address (never stored) and no user agent.

**csv** (default): RFC 4180, UTF-8, a header row, CRLF line ends. A cell holding \`"\`, \`,\`, CR or LF is quoted, inner quotes doubled. A cell starting with \`=\`, \`+\`, \`-\`, \`@\`, TAB or CR is prefixed with a single quote \`'\` so that a spreadsheet shows it as text instead of running it as a formula (OWASP CSV injection): remove that one character to get the stored value. Columns: clicked_at, click_id, link_id, code, host, method, bot, bot_reason, qr, country, region, city, device_type, browser, browser_version, os, os_version, referrer, referrer_host, referrer_category, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ab_test_id, variant_id, campaign_id, destination_url.

**jsonl**: one JSON object per line, each click as the /clicks report shows it.

An error before the first byte is the usual JSON error body. A failure while streaming aborts the response (no final chunk), so a cut export is never mistaken for a complete one.`;

/**
 * GET /api/v1/analytics/{id}/clicks/export and /account/clicks/export (scope analytics:read;
 * docs/api/analytics.md#click-export): the raw clicks behind /clicks as a download.
 */
export function registerClickExportRoutes(
  app: FastifyInstance,
  options: { reader: AnalyticsReader; store: ClickStore; verifier: TokenVerifier; clock: Clock },
): void {
  const { reader, store, clock } = options;
  const guard = requireScope(options.verifier, "analytics:read");

  async function send(request: FastifyRequest, reply: FastifyReply, link: string | undefined) {
    const { format, includeBots, ...window } = parseQueryWith(exportQuerySchema, request.query);
    const scope = await reader.clickExportScope(accessTokenOf(request).accountId, link, rangeOf(window));
    const pages = exportClickPages(store, scope, { includeBots: includeBots ?? true });
    // The first page is read before the status is sent: a click store that cannot answer at all
    // is still the JSON 503, not a 200 that breaks off.
    const first = await pages.next();
    async function* body(): AsyncGenerator<string> {
      yield clickExportHead(format);
      if (first.done) return;
      yield writeClickExportPage(format, first.value);
      for await (const page of pages) yield writeClickExportPage(format, page);
    }
    const day = clock.now().toISOString().slice(0, 10);
    return reply
      .type(CONTENT_TYPES[format])
      .header("content-disposition", `attachment; filename="kurz-clicks-${day}.${format}"`)
      .header("cache-control", "no-store")
      .send(Readable.from(body(), { objectMode: false }));
  }

  const schema = (summary: string, params?: z.ZodObject) => ({
    tags: ["Analytics"],
    summary,
    description: DESCRIPTION,
    ...(params ? { params } : {}),
    querystring: exportQuerySchema,
    produces: [CONTENT_TYPES.csv, CONTENT_TYPES.jsonl],
    response: {
      200: z.string().describe("The file: CSV or JSON lines, streamed"),
      ...errorResponses(404, 503),
    },
    security: bearerSecurity("analytics:read"),
  });

  app.get(
    "/api/v1/analytics/account/clicks/export",
    // parseQueryWith checks the query with the same schema and answers in its own words.
    {
      preHandler: guard,
      schema: schema("Export your account's clicks as CSV or JSON lines"),
      ...documentationOnly,
    },
    (request, reply) => send(request, reply, undefined),
  );
  app.get(
    "/api/v1/analytics/:id/clicks/export",
    {
      preHandler: guard,
      schema: schema(
        "Export one link's clicks as CSV or JSON lines",
        z.object({ id: z.string().describe("Link id, or a short code / alias of yours") }),
      ),
      ...documentationOnly,
    },
    (request, reply) => send(request, reply, (request.params as { id: string }).id),
  );
}
