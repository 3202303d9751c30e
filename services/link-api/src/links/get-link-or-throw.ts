import { AppError } from "@kurz/errors";
import type { ShortHosts } from "@kurz/routes";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";

export interface LinkReference {
  /** Short code, custom alias or link id (UUID). */
  shortCode: string;
  /** Host to pick when the account uses the code on several hosts. */
  domain?: string | undefined;
}

/**
 * The account's link by code, alias or id; URL_NOT_FOUND otherwise (another account's link
 * included). The code (or alias) is tried first and the id second — the rule for every identifier
 * (docs/api/rest.md#identifiers) — because a custom alias may itself be shaped like a UUID, and
 * such a link must stay reachable by the alias its owner chose. A code is unique per host, so an
 * account may hold it on several of its hosts: `domain` picks one, else the standard host's wins,
 * else the oldest.
 */
export async function getLinkOrThrow(
  db: LinkApiExecutor,
  hosts: ShortHosts,
  accountId: string,
  reference: LinkReference,
  options: { forUpdate?: boolean } = {},
): Promise<LinkRow> {
  const shortCode = reference.shortCode.trim();
  const notFound = () =>
    new AppError("URL_NOT_FOUND", { details: { shortCode }, hint: "List your links to find the code" });
  if (shortCode === "" || shortCode.length > 64) throw notFound();
  const domain = reference.domain?.trim().toLowerCase().replace(/:\d+$/, "");
  const find = async (match: SQL) => {
    const conditions: SQL[] = [eq(links.accountId, accountId), match];
    if (domain) conditions.push(eq(links.host, domain));
    const query = db
      .select()
      .from(links)
      .where(and(...conditions))
      .orderBy(asc(links.createdAt))
      .limit(10);
    return options.forUpdate ? await query.for("update") : await query;
  };

  let rows = await find(eq(links.code, shortCode));
  if (rows.length === 0 && z.uuid().safeParse(shortCode).success) rows = await find(eq(links.id, shortCode));
  const row = rows.find((candidate) => candidate.host === hosts.standardHost) ?? rows[0];
  if (!row) throw notFound();
  return row;
}
