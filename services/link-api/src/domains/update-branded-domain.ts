import { eq, sql } from "drizzle-orm";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import type { UpdateDomainInput } from "./domain-input-schemas";
import { type BrandedDomainRecord, brandedLinkCount } from "./domain-records";
import { enqueueBrandedDomainChanged } from "./enqueue-domain-changed";
import { getBrandedDomainOrThrow } from "./get-branded-domain-or-throw";

/** Only the display name changes: a different host is a different domain (add it). */
export async function updateBrandedDomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
  input: UpdateDomainInput,
): Promise<BrandedDomainRecord> {
  const record = await ctx.db.transaction(async (tx) => {
    const current = await getBrandedDomainOrThrow(tx, accountId, reference, { forUpdate: true });
    const [row] = await tx
      .update(brandedDomains)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: sql`now()` })
      .where(eq(brandedDomains.id, current.id))
      .returning();
    const updated = { ...row!, linkCount: await brandedLinkCount(tx, current.id) };
    await enqueueBrandedDomainChanged(tx, "domain.updated", ctx.clock.now(), updated);
    return updated;
  });
  ctx.eventsWritten();
  return record;
}
