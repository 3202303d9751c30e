import { linksV1 } from "@kurz/proto";
import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { shortUrlSchema, toShortUrlOutput } from "./short-url-output";

export const getRecentUrls = defineTool({
  name: "getRecentUrls",
  title: "Recently created links",
  description: "Returns the account's most recently created short links, newest first. It changes nothing.",
  input: {
    limit: z.number().int().min(1).max(50).default(5).describe("How many links, 1 to 50 (default 5)"),
  },
  output: { urls: z.array(shortUrlSchema) },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const answer = await clients.links.listLinks({
      page: { page: 1, limit: args.limit },
      sortBy: linksV1.LinkSort.CREATED_AT,
      order: linksV1.SortOrder.DESC,
    });
    return { urls: answer.links.map(toShortUrlOutput) };
  },
});
