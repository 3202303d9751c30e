import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { qrCodes } from "../db/schema";
import { containsPattern, type Page } from "../links/list-links";
import type { ListQrQuery } from "./qr-input-schemas";
import { type QrRecord, withLinks } from "./qr-record";

export async function listQrCodes(
  db: LinkApiExecutor,
  accountId: string,
  query: ListQrQuery,
): Promise<Page<QrRecord>> {
  const conditions: SQL[] = [eq(qrCodes.accountId, accountId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(qrCodes.name, pattern), ilike(qrCodes.content, pattern))!);
  }
  if (query.type) conditions.push(eq(qrCodes.type, query.type));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(qrCodes)
      .where(where)
      .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(qrCodes).where(where),
  ]);
  return { items: await withLinks(db, rows), page: query.page, limit: query.limit, total: totals[0]?.n ?? 0 };
}

export async function countQrCodes(
  db: LinkApiExecutor,
  accountId: string,
): Promise<{ total: number; dynamic: number }> {
  const rows = await db
    .select({ dynamic: qrCodes.dynamic, n: count() })
    .from(qrCodes)
    .where(eq(qrCodes.accountId, accountId))
    .groupBy(qrCodes.dynamic);
  const dynamic = rows.find((row) => row.dynamic)?.n ?? 0;
  return { total: rows.reduce((sum, row) => sum + row.n, 0), dynamic };
}
