import { csvRecord } from "@kurz/csv";
import { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { type ShortUrlOutput, toShortUrlOutput } from "./short-url-output";

/** Links per ListLinks call (its maximum). */
const PAGE = 100;
/**
 * At most this many links in one tool result: ~1,000 CSV lines fit an agent's context; more is
 * what the REST export is for (it streams any number).
 */
export const EXPORT_LINKS_MAX = 1_000;

/** The CSV columns: the fields the other link tools return, named as the REST export names them. */
const COLUMNS: ReadonlyArray<readonly [string, (url: ShortUrlOutput) => string]> = [
  ["code", (u) => u.id],
  ["short_url", (u) => u.shortUrl],
  ["domain", (u) => u.domain],
  ["destination_url", (u) => u.destinationUrl],
  ["original_url", (u) => u.originalUrl],
  ["name", (u) => u.name],
  ["tags", (u) => u.tags.join(",")],
  ["campaign_id", (u) => u.campaign_id ?? ""],
  ["url_type", (u) => u.urlType],
  ["is_dynamic", (u) => String(u.is_dynamic)],
  ["tracking_enabled", (u) => String(u.tracking_enabled)],
  ["password_protected", (u) => String(u.password_protected)],
  ["clicks", (u) => String(u.clicks)],
  ["expires_at", (u) => u.expiresAt ?? ""],
  ["created_at", (u) => u.createdAt],
];

export const exportLinks = defineTool({
  name: "exportLinks",
  title: "Export short links as CSV",
  description: `Returns the account's short links as CSV text (a header row, then one link per line, oldest first), optionally only those matching search, tag, campaign_id or domain as in listUrls. At most ${EXPORT_LINKS_MAX.toLocaleString("en")} links: when there are more, \`truncated\` is true and \`restExport\` names the REST route that streams them all. A cell starting with =, +, -, @ or TAB is prefixed with ' (spreadsheet formula protection); tags are one cell joined by commas. It changes nothing.`,
  input: {
    search: z.string().max(200).optional().describe("Only links whose name, URL or code contains this text"),
    tag: z.string().max(100).optional().describe("Only links with this tag"),
    campaign_id: z
      .uuid()
      .optional()
      .describe("Only links of this campaign")
      .meta({ examples: ["3f1c9d55-9a1e-4f3a-8d2b-1c2d3e4f5a6b"] }),
    domain: z
      .string()
      .max(253)
      .optional()
      .describe("Only links answering on this host")
      .meta({ examples: ["links.acme.com"] }),
  },
  output: {
    csv: z.string().describe("RFC 4180 CSV, CRLF line ends, a header row first"),
    count: z.number().int().describe("Links in csv"),
    total: z.number().int().describe("Links matching the filters"),
    truncated: z.boolean().describe(`true when total is more than the ${EXPORT_LINKS_MAX} links in csv`),
    restExport: z.string().describe("The REST route that exports every matching link (scope shorturl:read)"),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const filters = {
      search: args.search ?? "",
      tag: args.tag ?? "",
      campaignId: args.campaign_id ?? "",
      domain: args.domain ?? "",
    };
    const urls: ShortUrlOutput[] = [];
    let total = 0;
    for (let page = 1; urls.length < EXPORT_LINKS_MAX; page++) {
      const answer = await clients.links.listLinks({
        page: { page, limit: PAGE },
        sortBy: linksV1.LinkSort.CREATED_AT,
        order: linksV1.SortOrder.ASC,
        ...filters,
      });
      total = Number(answer.page?.total ?? 0);
      urls.push(...answer.links.map(toShortUrlOutput));
      if (answer.links.length < PAGE || urls.length >= total) break;
    }
    const rows = urls.slice(0, EXPORT_LINKS_MAX);
    const query = new URLSearchParams(
      Object.entries({ format: "csv", ...args }).filter(([, value]) => value !== undefined && value !== ""),
    );
    return {
      csv: [COLUMNS.map(([name]) => name), ...rows.map((url) => COLUMNS.map(([, cell]) => cell(url)))]
        .map(csvRecord)
        .join(""),
      count: rows.length,
      total,
      truncated: total > rows.length,
      restExport: `GET /api/v1/urls/export?${query}`,
    };
  },
});
