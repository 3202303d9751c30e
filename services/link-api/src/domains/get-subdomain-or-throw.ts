import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type SubdomainRow, subdomains } from "../db/schema";

/** The account's subdomain by id or label; NOT_FOUND otherwise (another account's included). */
export async function getSubdomainOrThrow(
  db: LinkApiExecutor,
  accountId: string,
  reference: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubdomainRow> {
  const value = reference.trim().toLowerCase();
  const byId = z.uuid().safeParse(value).success;
  const query = db
    .select()
    .from(subdomains)
    .where(
      and(
        eq(subdomains.accountId, accountId),
        byId ? eq(subdomains.id, value) : eq(subdomains.subdomain, value),
      ),
    );
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row)
    throw new AppError("NOT_FOUND", { message: "Subdomain not found", details: { subdomain: reference } });
  return row;
}
