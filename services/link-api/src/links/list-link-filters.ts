import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { links } from "../db/schema";
import type { ListLinksQuery } from "./link-input-schemas";
import { normalizeTag } from "./normalize-tags";

/** The filters of the link list (GET /urls) that choose rows; paging and sorting are the caller's. */
export type LinkFilters = Pick<ListLinksQuery, "search" | "tag" | "campaign_id" | "domain">;

/** ILIKE pattern for a literal substring: %, _ and \ in the search text match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause of the account's links under the list filters: one definition, so the list
 * (list-links.ts) and the export (export-link-pages.ts) always choose the same links.
 */
export function linkFiltersWhere(accountId: string, filters: LinkFilters): SQL {
  const conditions: SQL[] = [eq(links.accountId, accountId)];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(ilike(links.name, pattern), ilike(links.originalUrl, pattern), ilike(links.code, pattern))!,
    );
  }
  if (filters.tag) conditions.push(sql`${normalizeTag(filters.tag)} = any(${links.tags})`);
  if (filters.campaign_id) conditions.push(eq(links.campaignId, filters.campaign_id));
  if (filters.domain) conditions.push(eq(links.host, filters.domain));
  return and(...conditions)!;
}
