import { defineTool, READ_ONLY } from "../tool-definition";
import { shortCodeParam, shortUrlSchema, toShortUrlOutput } from "./short-url-output";

export const getUrl = defineTool({
  name: "getUrl",
  title: "Get a short link",
  description:
    "Returns one short link of the account (destination, settings, total clicks) by its short code or alias. Use it to look a link up before changing it; it changes nothing.",
  input: { shortCode: shortCodeParam },
  output: { url: shortUrlSchema },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const { link } = await clients.links.getLink({ shortCode: args.shortCode });
    return { url: toShortUrlOutput(link) };
  },
});
