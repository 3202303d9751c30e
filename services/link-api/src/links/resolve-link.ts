import { and, eq, sql } from "drizzle-orm";
import type { LinkApiDatabase } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import { normalizeRequestHost } from "./normalize-request-host";

function prepareResolve(db: LinkApiDatabase) {
  return db
    .select()
    .from(links)
    .where(and(eq(links.host, sql.placeholder("host")), eq(links.code, sql.placeholder("code"))))
    .limit(1)
    .prepare("link_api_resolve");
}

// One prepared statement per database: the edge's hot path skips query building and planning.
const prepared = new WeakMap<LinkApiDatabase, ReturnType<typeof prepareResolve>>();

/**
 * The redirect edge's lookup: one query on the (host, code) unique index. Not account-scoped:
 * visitors are anonymous.
 */
export async function resolveLink(
  db: LinkApiDatabase,
  host: string,
  code: string,
): Promise<LinkRow | undefined> {
  const normalizedHost = normalizeRequestHost(host);
  if (normalizedHost === "" || code === "" || code.length > 64) return undefined;
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareResolve(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ host: normalizedHost, code });
  return row;
}
