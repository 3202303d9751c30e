import { parseInput } from "@kurz/service-runtime";
import { z } from "zod";
import type { LinkRow } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { updateLinkInputSchema } from "./link-input-schemas";
import { type BulkItemResult, runBulk } from "./run-bulk";
import { updateLink } from "./update-link";

/** One item of a bulk update: which link (as PATCH /urls/{code}?domain=), then its changes. */
export const bulkUpdateItemSchema = updateLinkInputSchema.extend({
  code: z.string().min(1).max(64).describe("Short code, custom alias or link id"),
  domain: z.string().max(253).optional().describe("Host, when the code is used on several of your hosts"),
});

/**
 * Changes each item's link as PATCH /urls/{code} would, in request order, in one transaction
 * (runBulk): a refused item (not found, invalid, a static link's destination) is answered at its
 * index and the others are changed. `items` are raw (each is validated on its own).
 */
export async function bulkUpdateLinks(
  ctx: LinkApiContext,
  accountId: string,
  items: readonly unknown[],
): Promise<BulkItemResult<LinkRow>[]> {
  return runBulk(ctx, items, (tx, item) => {
    const { code, domain, ...changes } = parseInput(bulkUpdateItemSchema, item);
    return updateLink(ctx, accountId, { shortCode: code, domain }, changes, { tx });
  });
}
