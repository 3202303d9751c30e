import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { AbtestExecutor } from "../db/abtest-database";
import { abTests } from "../db/schema";
import type { ListAbTestsQuery } from "./ab-test-input-schemas";
import { type TestWithVariants, withVariants } from "./test-with-variants";

export interface AbTestPage {
  items: TestWithVariants[];
  page: number;
  limit: number;
  total: number;
}

/** The account's tests, newest first; archived ones only when asked (docs/api/ab-tests.md#routes). */
export async function listAbTests(
  db: AbtestExecutor,
  accountId: string,
  query: ListAbTestsQuery,
): Promise<AbTestPage> {
  const conditions: SQL[] = [eq(abTests.accountId, accountId)];
  if (query.status) conditions.push(eq(abTests.status, query.status));
  if (!query.archived) conditions.push(eq(abTests.archived, false));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(abTests)
      .where(where)
      .orderBy(desc(abTests.createdAt), desc(abTests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(abTests).where(where),
  ]);
  return {
    items: await withVariants(db, rows),
    page: query.page,
    limit: query.limit,
    total: total?.total ?? 0,
  };
}
