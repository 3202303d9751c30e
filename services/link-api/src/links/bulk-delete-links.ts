import { parseInput } from "@kurz/service-runtime";
import { z } from "zod";
import type { LinkRow } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { deleteLink } from "./delete-link";
import { type BulkItemResult, runBulk } from "./run-bulk";

const codeField = z.string().min(1).max(64).describe("Short code, custom alias or link id");

/** One item of a bulk delete: a code, or a code and the host it is used on. */
export const bulkDeleteItemSchema = z.union([
  codeField,
  z.strictObject({
    code: codeField,
    domain: z.string().max(253).optional().describe("Host, when the code is used on several of your hosts"),
  }),
]);

/**
 * Deletes each item's link as DELETE /urls/{code} would (its code held for the account during
 * the quarantine), in request order, in one transaction (runBulk): a refused item (not found, a
 * QR code's link) is answered at its index and the others are deleted. `items` are raw.
 */
export async function bulkDeleteLinks(
  ctx: LinkApiContext,
  accountId: string,
  items: readonly unknown[],
): Promise<BulkItemResult<LinkRow>[]> {
  return runBulk(ctx, items, (tx, item) => {
    const parsed = parseInput(bulkDeleteItemSchema, item);
    const reference =
      typeof parsed === "string" ? { shortCode: parsed } : { shortCode: parsed.code, domain: parsed.domain };
    return deleteLink(ctx, accountId, reference, { tx });
  });
}
