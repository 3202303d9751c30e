import { completeShortCodes } from "../completions/complete-short-codes";
import { getUrl } from "../tools/links/get-url";
import type { ResourceTemplateDefinition } from "./resource-definition";

/** kurz://links/{shortCode}: one link's record, as getUrl returns it. */
export const linkResource: ResourceTemplateDefinition = {
  name: "link",
  title: "A short link",
  description:
    "One short link of the account by its short code or alias: destination, settings, tags, campaign and clicks since creation.",
  uriTemplate: "kurz://links/{shortCode}",
  scope: getUrl.scope,
  read: (context, params) => getUrl.run(context.clients, { shortCode: params.shortCode ?? "" }),
  complete: { shortCode: completeShortCodes },
};
