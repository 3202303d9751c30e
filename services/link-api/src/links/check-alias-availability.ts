import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { links } from "../db/schema";
import type { ShortHosts } from "../hosts/short-hosts";
import { aliasProblem } from "./link-fields";

export interface AliasAvailability {
  alias: string;
  domain: string;
  available: boolean;
  reason?: "invalid" | "reserved" | "taken";
}

/** Whether an alias can be created on a host (the standard host when domain is empty). */
export async function checkAliasAvailability(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  alias: string,
  domain?: string,
): Promise<AliasAvailability> {
  const host = domain?.trim().toLowerCase().replace(/:\d+$/, "") || hosts.standardHost;
  const problem = aliasProblem(alias);
  if (problem) return { alias, domain: host, available: false, reason: problem };
  const [row] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.host, host), eq(links.code, alias)))
    .limit(1);
  return row
    ? { alias, domain: host, available: false, reason: "taken" }
    : { alias, domain: host, available: true };
}
