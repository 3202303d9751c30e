import { randomUUID } from "node:crypto";
import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { count, eq } from "drizzle-orm";
import { assertWithinQuota } from "../accounts/assert-within-quota";
import { SERVICE_NAME } from "../config";
import { subdomains } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { domainAuditFields } from "./domain-audit-fields";
import type { CreateSubdomainInput } from "./domain-input-schemas";
import type { SubdomainRecord } from "./domain-records";
import { enqueueSubdomainChanged } from "./enqueue-domain-changed";
import { checkSubdomainLabel } from "./normalize-subdomain-label";

/** Reserves a label on the shared host for the account; labels are unique across accounts. */
export async function createSubdomain(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateSubdomainInput,
): Promise<SubdomainRecord> {
  const checked = checkSubdomainLabel(input.subdomain);
  if (!checked.ok) {
    throw new AppError("VALIDATION_ERROR", {
      message: checked.message,
      details: { field: "subdomain", reason: checked.reason },
    });
  }
  const plan = await ctx.plans.getPlan(accountId);
  const row = await ctx.db.transaction(async (tx) => {
    await assertWithinQuota(tx, accountId, plan, "maxSubdomains", async () => {
      const [result] = await tx
        .select({ n: count() })
        .from(subdomains)
        .where(eq(subdomains.accountId, accountId));
      return result?.n ?? 0;
    });
    const [inserted] = await tx
      .insert(subdomains)
      .values({ id: randomUUID(), accountId, subdomain: checked.label, name: input.name ?? "" })
      .onConflictDoNothing({ target: subdomains.subdomain })
      .returning();
    if (!inserted) {
      throw new AppError("CONFLICT", {
        message: "This subdomain is taken",
        details: { field: "subdomain", subdomain: checked.label },
        hint: "Ask for suggestions",
      });
    }
    const record = { ...inserted, linkCount: 0 };
    await enqueueSubdomainChanged(tx, "domain.created", ctx.clock.now(), record, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: record.accountId,
      action: "subdomain.created",
      target: { type: "subdomain", id: record.id },
      after: domainAuditFields(record),
      at: ctx.clock.now(),
    });
    return record;
  });
  ctx.eventsWritten();
  return row;
}
