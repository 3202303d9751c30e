import { eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { subdomains } from "../db/schema";
import { checkSubdomainLabel } from "./normalize-subdomain-label";

export interface SubdomainAvailability {
  subdomain: string;
  available: boolean;
  reason?: "invalid" | "reserved" | "taken";
  message?: string;
}

export async function checkSubdomainAvailability(
  db: LinkApiExecutor,
  input: string,
): Promise<SubdomainAvailability> {
  const checked = checkSubdomainLabel(input);
  if (!checked.ok) {
    return { subdomain: checked.label, available: false, reason: checked.reason, message: checked.message };
  }
  const [row] = await db
    .select({ id: subdomains.id })
    .from(subdomains)
    .where(eq(subdomains.subdomain, checked.label))
    .limit(1);
  return row
    ? { subdomain: checked.label, available: false, reason: "taken", message: "subdomain is taken" }
    : { subdomain: checked.label, available: true };
}
