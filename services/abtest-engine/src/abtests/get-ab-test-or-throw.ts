import { AppError } from "@kurz/errors";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { AbtestExecutor } from "../db/abtest-database";
import { type AbTestRow, abTests } from "../db/schema";
import { type TestWithVariants, variantsOf } from "./test-with-variants";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The account's test by the test's UUID or the short code / alias of its link
 * (docs/api/ab-tests.md#test-ids: the short code is tried first — an alias may itself look like a
 * UUID). A code names a link, and a link may have had several tests over time: the newest is meant.
 * NOT_FOUND otherwise, another account's test included. `forUpdate` locks the row for the rest of
 * the transaction.
 */
export async function getAbTestOrThrow(
  db: AbtestExecutor,
  accountId: string,
  reference: string,
  options: { forUpdate?: boolean } = {},
): Promise<TestWithVariants> {
  const ref = reference.trim();
  const find = async (match: SQL): Promise<AbTestRow | undefined> => {
    const query = db
      .select()
      .from(abTests)
      .where(and(eq(abTests.accountId, accountId), match))
      .orderBy(desc(abTests.createdAt))
      .limit(1);
    const [row] = options.forUpdate ? await query.for("update") : await query;
    return row;
  };
  let test: AbTestRow | undefined;
  if (CODE.test(ref)) test = await find(eq(abTests.linkCode, ref));
  if (!test && UUID.test(ref)) test = await find(eq(abTests.id, ref.toLowerCase()));
  if (!test) {
    throw new AppError("NOT_FOUND", {
      message: "A/B test not found",
      details: { id: ref.slice(0, 100) },
      hint: "Use the test's id, or the short code or alias of its link; list your tests to find it",
    });
  }
  return { test, variants: await variantsOf(db, test.id) };
}
