import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { isUniqueViolation } from "@kurz/relational";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import { type BrandedDomainRecord, brandedLinkCount, verificationRecord } from "./domain-records";
import { enqueueBrandedDomainChanged } from "./enqueue-domain-changed";
import { getBrandedDomainOrThrow } from "./get-branded-domain-or-throw";

/**
 * Looks the TXT record up now and records the outcome: verified when a record at
 * `_kurz-verify.<domain>` equals `kurz-verify=<token>`, failed (with the reason) otherwise. A
 * failed re-check of a verified domain marks it failed: new links are refused on it, existing
 * ones keep answering. The DNS lookup happens outside the transaction (it can take seconds).
 */
export async function verifyBrandedDomain(
  ctx: LinkApiContext,
  accountId: string,
  reference: string,
): Promise<{ domain: BrandedDomainRecord; verified: boolean }> {
  const before = await getBrandedDomainOrThrow(ctx.db, accountId, reference);
  const record = verificationRecord(before);
  const lookup = await ctx.domainVerifier.lookupTxt(record.name);
  let failureReason = "";
  if (!lookup.ok) failureReason = lookup.message;
  else if (!lookup.records.some((value) => value.trim() === record.value)) {
    failureReason = `The TXT record at ${record.name} does not contain ${record.value}`;
  }
  const verified = failureReason === "";

  try {
    const result = await ctx.db.transaction(async (tx) => {
      const current = await getBrandedDomainOrThrow(tx, accountId, before.id, { forUpdate: true });
      const [row] = await tx
        .update(brandedDomains)
        .set({
          status: verified ? "verified" : "failed",
          failureReason,
          lastCheckedAt: sql`now()`,
          verifiedAt: verified ? (current.verifiedAt ?? sql`now()`) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(brandedDomains.id, current.id))
        .returning();
      const updated = { ...row!, linkCount: await brandedLinkCount(tx, current.id) };
      const becameVerified = verified && current.status !== "verified";
      await enqueueBrandedDomainChanged(
        tx,
        becameVerified ? "domain.verified" : "domain.updated",
        ctx.clock.now(),
        updated,
      );
      await recordChange(tx, SERVICE_NAME, {
        workspaceId: updated.accountId,
        action: becameVerified ? "branded_domain.verified" : "branded_domain.checked",
        target: { type: "branded_domain", id: updated.id },
        before: domainAuditFields(current),
        after: domainAuditFields(updated),
        at: ctx.clock.now(),
      });
      return updated;
    });
    ctx.eventsWritten();
    return { domain: result, verified };
  } catch (error) {
    if (isUniqueViolation(error, "branded_domains_verified_domain_unique")) {
      throw new AppError("CONFLICT", {
        message: "Another account has verified this domain",
        details: { domain: before.domain },
      });
    }
    throw error;
  }
}
