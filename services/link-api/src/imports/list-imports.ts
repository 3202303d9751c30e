import { count, desc, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type ImportRow, imports } from "../db/schema";
import type { Page } from "../links/list-links";

/** The account's imports, newest first. */
export async function listImports(
  db: LinkApiExecutor,
  accountId: string,
  query: { page: number; limit: number },
): Promise<Page<ImportRow>> {
  const where = eq(imports.accountId, accountId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(imports)
      .where(where)
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(imports).where(where),
  ]);
  return { items: rows, page: query.page, limit: query.limit, total: totals[0]?.n ?? 0 };
}
