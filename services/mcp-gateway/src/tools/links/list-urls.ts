import { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { shortUrlSchema, toShortUrlOutput } from "./short-url-output";

const SORTS = {
  created_at: linksV1.LinkSort.CREATED_AT,
  clicks: linksV1.LinkSort.CLICKS,
  name: linksV1.LinkSort.NAME,
} as const;

export const listUrls = defineTool({
  name: "listUrls",
  title: "List short links",
  description:
    "Lists the account's short links a page at a time, newest first unless sortBy says otherwise, optionally only those whose name or URL contains `search`. Use it to find a link whose code you do not know; it changes nothing.",
  input: {
    page: z.number().int().min(1).max(100_000).default(1).describe("Page number, from 1"),
    limit: z.number().int().min(1).max(100).default(10).describe("Links per page, 1 to 100 (default 10)"),
    search: z.string().max(200).optional().describe("Only links whose name or URL contains this text"),
    sortBy: z.enum(["created_at", "clicks", "name"]).default("created_at").describe("Order of the list"),
    tag: z.string().max(50).optional().describe("Only links with this tag"),
  },
  output: {
    urls: z.array(shortUrlSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const answer = await clients.links.listLinks({
      page: { page: args.page, limit: args.limit },
      search: args.search ?? "",
      sortBy: SORTS[args.sortBy],
      tag: args.tag ?? "",
    });
    return {
      urls: answer.links.map(toShortUrlOutput),
      page: answer.page?.page ?? args.page,
      limit: answer.page?.limit ?? args.limit,
      total: Number(answer.page?.total ?? 0),
    };
  },
});
