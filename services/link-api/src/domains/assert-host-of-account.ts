import { AppError } from "@kurz/errors";
import type { ShortHosts } from "@kurz/routes";
import type { LinkApiExecutor } from "../db/link-api-database";
import { getBrandedDomainOrThrow } from "./get-branded-domain-or-throw";
import { getSubdomainOrThrow } from "./get-subdomain-or-throw";

/**
 * Resolves when the account's links can answer on `host`: the standard host (every account's),
 * one of the account's subdomains, or one of its branded domains whatever its verification state.
 * NOT_FOUND otherwise, another account's host included.
 */
export async function assertHostOfAccount(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  accountId: string,
  host: string,
): Promise<void> {
  const name = host.trim().toLowerCase().replace(/\.$/, "");
  if (name !== "" && name === hosts.standardHost) return;
  const label = hosts.subdomainOf(name);
  try {
    if (label !== undefined) await getSubdomainOrThrow(db, accountId, label);
    else if (name !== "") await getBrandedDomainOrThrow(db, accountId, name);
    else throw new AppError("NOT_FOUND");
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      throw new AppError("NOT_FOUND", { message: "Domain not found", details: { host } });
    }
    throw error;
  }
}
