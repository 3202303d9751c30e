import { auditFields } from "@kurz/audit";
import type { BrandedDomainRow, SubdomainRow } from "../db/schema";

/** A subdomain's or branded domain's fields as its audit entries show them (not its link count). */
export function domainAuditFields(record: SubdomainRow | BrandedDomainRow): Record<string, unknown> {
  return auditFields(record, ["linkCount"]);
}
