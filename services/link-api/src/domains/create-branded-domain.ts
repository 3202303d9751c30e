import { randomBytes, randomUUID } from "node:crypto";
import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { count, eq } from "drizzle-orm";
import { assertWithinQuota } from "../accounts/assert-within-quota";
import { SERVICE_NAME } from "../config";
import { brandedDomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { checkDomainAvailability } from "./check-domain-availability";
import { domainAuditFields } from "./domain-audit-fields";
import type { CreateBrandedDomainInput } from "./domain-input-schemas";
import type { BrandedDomainRecord } from "./domain-records";
import { enqueueBrandedDomainChanged } from "./enqueue-domain-changed";

/**
 * Adds a branded domain in state pending, with a per-domain random token the owner publishes in
 * a TXT record. Several accounts may add one host (a squatter cannot block its owner); only one
 * can verify it.
 */
export async function createBrandedDomain(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateBrandedDomainInput,
): Promise<BrandedDomainRecord> {
  const plan = await ctx.plans.getPlan(accountId);
  const record = await ctx.db.transaction(async (tx) => {
    const availability = await checkDomainAvailability(tx, ctx.hosts, accountId, input.domain);
    if (!availability.available) {
      const invalid = availability.reason === "invalid" || availability.reason === "reserved";
      throw new AppError(invalid ? "VALIDATION_ERROR" : "CONFLICT", {
        message: availability.message ?? "Domain is not available",
        details: { field: "domain", reason: availability.reason },
      });
    }
    await assertWithinQuota(tx, accountId, plan, "maxBrandedDomains", async () => {
      const [result] = await tx
        .select({ n: count() })
        .from(brandedDomains)
        .where(eq(brandedDomains.accountId, accountId));
      return result?.n ?? 0;
    });
    const [inserted] = await tx
      .insert(brandedDomains)
      .values({
        id: randomUUID(),
        accountId,
        domain: availability.domain,
        name: input.name ?? "",
        status: "pending",
        verificationToken: randomBytes(16).toString("hex"),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      throw new AppError("CONFLICT", {
        message: "You already added this domain",
        details: { field: "domain" },
      });
    }
    const created = { ...inserted, linkCount: 0 };
    await enqueueBrandedDomainChanged(tx, "domain.created", ctx.clock.now(), created);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: created.accountId,
      action: "branded_domain.created",
      target: { type: "branded_domain", id: created.id },
      after: domainAuditFields(created),
      at: ctx.clock.now(),
    });
    return created;
  });
  ctx.eventsWritten();
  return record;
}
