import { defineTool } from "../tool-definition";
import { shortCodeParam, shortUrlSchema, toShortUrlOutput } from "./short-url-output";

export const deleteUrl = defineTool({
  name: "deleteUrl",
  title: "Delete a short link",
  description:
    "Deletes one short link: its short URL stops redirecting at once (visitors get 404) and cannot be restored by this tool. Its past analytics stay. Confirm with the user before calling it.",
  input: { shortCode: shortCodeParam },
  output: { deleted: shortUrlSchema },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "shorturl:delete",
  async run(clients, args) {
    const { link } = await clients.links.deleteLink({ shortCode: args.shortCode });
    return { deleted: toShortUrlOutput(link) };
  },
});
