import { defineTool } from "../tool-definition";
import { ruleMessagesOf, rulesParam } from "./routing-params";
import { shortCodeParam, shortUrlSchema, toShortUrlOutput } from "./short-url-output";

export const setRedirectRules = defineTool({
  name: "setRedirectRules",
  title: "Route a link's visitors by rules",
  description:
    "Replaces a short link's redirect rules: visitors are sent by who they are (device, OS, browser, language, country, region, city, query parameter, IP range, referrer, before/after a date). Rules are tried in order; the first whose conditions all hold wins; a visitor no rule matches goes to the link's URL. An empty list removes every rule. Check the result with simulateRedirect.",
  input: { shortCode: shortCodeParam, rules: rulesParam },
  output: { url: shortUrlSchema },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scope: "shorturl:update",
  async run(clients, args) {
    const { link } = await clients.links.updateLink({
      shortCode: args.shortCode,
      rules: { rules: ruleMessagesOf(args.rules) },
    });
    return { url: toShortUrlOutput(link) };
  },
});
