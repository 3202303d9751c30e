import { z } from "zod";

/** `{code}` of the link routes: a short code, a custom alias or a link id. */
export const codeParams = z.object({
  code: z.string().min(1).max(64).describe("Short code, custom alias or link id"),
});

/** `?domain=` of the link routes: which of the account's hosts, when a code is on several. */
export const domainQuery = z.strictObject({
  domain: z.string().max(253).optional().describe("Host, when the code is used on several of your hosts"),
});
