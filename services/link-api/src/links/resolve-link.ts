import { and, eq } from "drizzle-orm";
import type { LinkApiDatabase } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";

/**
 * The redirect edge's lookup: one query on the (host, code) unique index. Not account-scoped:
 * visitors are anonymous.
 */
export async function resolveLink(
  db: LinkApiDatabase,
  host: string,
  code: string,
): Promise<LinkRow | undefined> {
  const normalizedHost = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (normalizedHost === "" || code === "" || code.length > 64) return undefined;
  const [row] = await db
    .select()
    .from(links)
    .where(and(eq(links.host, normalizedHost), eq(links.code, code)))
    .limit(1);
  return row;
}
