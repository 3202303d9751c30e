import { AppError } from "@kurz/errors";
import { and, eq } from "drizzle-orm";
import type { LinkApiExecutor } from "../db/link-api-database";
import { type ImportRow, imports } from "../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's import; another account's (or none) is 404 NOT_FOUND, never "not yours". */
export async function getImportOrThrow(
  db: LinkApiExecutor,
  accountId: string,
  id: string,
): Promise<ImportRow> {
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.accountId, accountId)))
    : [];
  if (!row) throw new AppError("NOT_FOUND", { message: "Import not found", details: { id } });
  return row;
}
