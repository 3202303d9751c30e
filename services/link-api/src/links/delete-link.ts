import { AppError } from "@kurz/errors";
import { eq } from "drizzle-orm";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { keepDeletedLink } from "./deleted-code-quarantine";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { getLinkOrThrow, type LinkReference } from "./get-link-or-throw";

/**
 * Deletes the account's link; the link.deleted event carries its last state. Its code stays held
 * for the account during the quarantine (see deleted-code-quarantine.ts); the edge answers 404.
 */
export async function deleteLink(
  ctx: LinkApiContext,
  accountId: string,
  reference: LinkReference,
  options: { tx?: LinkApiTransaction } = {},
): Promise<LinkRow> {
  const remove = async (tx: LinkApiTransaction) => {
    const current = await getLinkOrThrow(tx, ctx.hosts, accountId, reference, { forUpdate: true });
    if (current.qr) {
      throw new AppError("INVALID_STATE", {
        message: "This link belongs to a QR code; delete the QR code instead",
      });
    }
    await tx.delete(links).where(eq(links.id, current.id));
    await keepDeletedLink(tx, ctx, current);
    await enqueueLinkChanged(tx, "link.deleted", ctx.clock.now(), current);
    return current;
  };
  // Inside a caller's transaction (a bulk delete), the caller calls ctx.eventsWritten() after its
  // commit.
  if (options.tx) return remove(options.tx);
  const row = await ctx.db.transaction(remove);
  ctx.eventsWritten();
  return row;
}
