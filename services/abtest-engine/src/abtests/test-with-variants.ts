import { asc, eq, inArray } from "drizzle-orm";
import type { AbtestExecutor } from "../db/abtest-database";
import { type AbTestRow, type AbVariantRow, abVariants } from "../db/schema";

/** A test and its variants in position order: what every surface shows. */
export interface TestWithVariants {
  test: AbTestRow;
  variants: AbVariantRow[];
}

/** Loads the variants of `tests` in one query. */
export async function withVariants(db: AbtestExecutor, tests: AbTestRow[]): Promise<TestWithVariants[]> {
  if (tests.length === 0) return [];
  const rows = await db
    .select()
    .from(abVariants)
    .where(
      inArray(
        abVariants.testId,
        tests.map((test) => test.id),
      ),
    )
    .orderBy(asc(abVariants.testId), asc(abVariants.position));
  return tests.map((test) => ({ test, variants: rows.filter((row) => row.testId === test.id) }));
}

export async function variantsOf(db: AbtestExecutor, testId: string): Promise<AbVariantRow[]> {
  return db.select().from(abVariants).where(eq(abVariants.testId, testId)).orderBy(asc(abVariants.position));
}
