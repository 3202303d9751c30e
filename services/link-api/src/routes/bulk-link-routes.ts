import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LinkRow } from "../db/schema";
import { bulkCreateLinks } from "../links/bulk-create-links";
import { bulkDeleteItemSchema, bulkDeleteLinks } from "../links/bulk-delete-links";
import { bulkUpdateItemSchema, bulkUpdateLinks } from "../links/bulk-update-links";
import { createLinkInputSchema } from "../links/link-input-schemas";
import { BULK_MAX_ITEMS, type BulkItemResult } from "../links/run-bulk";
import { linkViewSchema, toLinkView } from "../links/to-link-view";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";

/**
 * An item is validated on its own, so a bad item is answered at its index instead of refusing
 * the call: the schema documents the item's fields and admits anything in their place.
 */
function itemsOf<S extends z.ZodType>(item: S, what: string) {
  return z
    .array(z.union([item, z.unknown()]))
    .min(1)
    .max(BULK_MAX_ITEMS)
    .describe(`${what}: 1 to ${BULK_MAX_ITEMS}, each validated and applied on its own`);
}

const itemErrorSchema = z.object({
  code: z
    .string()
    .describe("The error code the single call would answer (VALIDATION_ERROR, ALIAS_EXISTS, ...)"),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  hint: z.string().optional(),
});

const bulkResponse = z.object({
  success: z.literal(true),
  results: z
    .array(
      z.union([
        z.object({ index: z.number().int(), success: z.literal(true), url: linkViewSchema }),
        z.object({ index: z.number().int(), success: z.literal(false), error: itemErrorSchema }),
      ]),
    )
    .describe("One per item, in request order; `index` is the item's position in the request"),
});

/** A bulk call costs its item count in the plan's rate window. */
function costOf(field: "urls" | "updates" | "codes") {
  return (request: FastifyRequest) => {
    const items = (request.body as Record<string, unknown> | undefined)?.[field];
    return Array.isArray(items) ? items.length : 1;
  };
}

const DESCRIPTION =
  `Up to ${BULK_MAX_ITEMS} items in one call, applied in request order, each as its single call would be ` +
  "(the same validation, rules and errors); a refused item is answered at its index and the others are applied. " +
  "The plan's quotas apply per item. The call counts its item count in the plan's rate window. " +
  "More items than that: 400 VALIDATION_ERROR and nothing is done. A fault of the service (503) applies none.";

/** POST, PATCH and DELETE `{base}/bulk` (docs/api/links.md#bulk-operations). */
export function registerBulkLinkRoutes(
  root: FastifyInstance,
  deps: ApiDependencies,
  base: "/urls" | "/short-urls",
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  const tags = ["Short URLs"];
  const answer = (results: BulkItemResult<LinkRow>[]) => ({
    success: true as const,
    results: results.map((result) =>
      result.success
        ? { index: result.index, success: true as const, url: toLinkView(result.value, ctx.hosts) }
        : result,
    ),
  });

  app.post(`${base}/bulk`, {
    preHandler: guard(deps, "shorturl:create"),
    config: { restRateCost: costOf("urls") },
    schema: {
      tags,
      summary: "Create short URLs in bulk",
      description: DESCRIPTION,
      body: z.strictObject({ urls: itemsOf(createLinkInputSchema, "Links, with the fields of POST /urls") }),
      response: { 200: bulkResponse, ...errorResponses(413) },
      security: securityOf("shorturl:create"),
    },
    handler: async (request) => answer(await bulkCreateLinks(ctx, accountOf(request), request.body.urls)),
  });

  app.patch(`${base}/bulk`, {
    preHandler: guard(deps, "shorturl:update"),
    config: { restRateCost: costOf("updates") },
    schema: {
      tags,
      summary: "Update short URLs in bulk",
      description: DESCRIPTION,
      body: z.strictObject({
        updates: itemsOf(
          bulkUpdateItemSchema,
          "Changes: `code` (and `domain`) name the link, the fields of PATCH /urls/{code} change it",
        ),
      }),
      response: { 200: bulkResponse, ...errorResponses(413) },
      security: securityOf("shorturl:update"),
    },
    handler: async (request) => answer(await bulkUpdateLinks(ctx, accountOf(request), request.body.updates)),
  });

  app.delete(`${base}/bulk`, {
    preHandler: guard(deps, "shorturl:delete"),
    config: { restRateCost: costOf("codes") },
    schema: {
      tags,
      summary: "Delete short URLs in bulk",
      description: DESCRIPTION,
      body: z.strictObject({
        codes: itemsOf(bulkDeleteItemSchema, "Links: a code, alias or link id, or `{ code, domain }`"),
      }),
      response: { 200: bulkResponse, ...errorResponses(413) },
      security: securityOf("shorturl:delete"),
    },
    handler: async (request) => answer(await bulkDeleteLinks(ctx, accountOf(request), request.body.codes)),
  });
}
