import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type BrandedDomainRow, brandedDomains } from "../db/schema";

/** The account's branded domain by id or host name; NOT_FOUND otherwise. */
export async function getBrandedDomainOrThrow(
  db: LinkApiExecutor,
  accountId: string,
  reference: string,
  options: { forUpdate?: boolean } = {},
): Promise<BrandedDomainRow> {
  const value = reference.trim().toLowerCase().replace(/\.$/, "");
  const byId = z.uuid().safeParse(value).success;
  const query = db
    .select()
    .from(brandedDomains)
    .where(
      and(
        eq(brandedDomains.accountId, accountId),
        byId ? eq(brandedDomains.id, value) : eq(brandedDomains.domain, value),
      ),
    );
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row)
    throw new AppError("NOT_FOUND", { message: "Branded domain not found", details: { domain: reference } });
  return row;
}
