import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";

export const getUserUrlCount = defineTool({
  name: "getUserUrlCount",
  title: "Count the account's links",
  description:
    'Counts the account\'s short links: all, dynamic, password-protected and expiring ones. Use it to answer "how many links do I have"; it changes nothing.',
  input: {},
  output: {
    total: z.number().int(),
    dynamic: z.number().int(),
    passwordProtected: z.number().int(),
    expiring: z.number().int(),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients) {
    const stats = await clients.links.getLinkStats({});
    return {
      total: Number(stats.totalLinks),
      dynamic: Number(stats.dynamicLinks),
      passwordProtected: Number(stats.passwordProtectedLinks),
      expiring: Number(stats.expiringLinks),
    };
  },
});
