import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listTags, MAX_LISTED_TAGS } from "../tags/list-tags";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";

const tagUsageSchema = z.object({
  name: z.string(),
  urls: z.number().int().describe("Short links carrying the tag"),
  campaigns: z.number().int().describe("Campaigns carrying the tag"),
});

export function registerTagRoutes(root: FastifyInstance, deps: ApiDependencies): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;

  app.get("/tags", {
    preHandler: guard(deps, "shorturl:read"),
    schema: {
      tags: ["Tags"],
      summary: "List the tags you use",
      description: `Tags of your short links and campaigns with how often each is used, the most used first (at most ${MAX_LISTED_TAGS}). Filter links by one with GET /api/v1/urls?tag=.`,
      response: {
        200: z.object({ success: z.literal(true), tags: z.array(tagUsageSchema) }),
        ...errorResponses(),
      },
      security: securityOf("shorturl:read"),
    },
    handler: async (request) => ({
      success: true as const,
      tags: await listTags(ctx.db, accountOf(request)),
    }),
  });
}
