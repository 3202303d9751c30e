import { sql } from "drizzle-orm";
import type { LinkApiDatabase } from "../db/link-api-database";
import { type ImportRow, imports } from "../db/schema";

/**
 * Takes one import to run: the oldest queued one, or a running one whose worker's lease ran out
 * (it died; its committed batches stay and it resumes after them). SKIP LOCKED: replicas claiming
 * at once each take another. Each claim is an attempt: `attempts` counts them since the last
 * committed batch. Times are link-api's clock, so tests cross a lease by moving it.
 */
export async function claimImport(
  db: LinkApiDatabase,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<ImportRow | undefined> {
  const result = await db.execute(sql`
    update ${imports}
    set status = 'running', leased_by = ${workerId}, attempts = attempts + 1,
        lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
        started_at = coalesce(started_at, ${now.toISOString()}::timestamptz)
    where id = (
      select id from ${imports}
      where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
      order by created_at, id
      limit 1
      for update skip locked
    )
    returning id`);
  const id = (result.rows[0] as { id?: string } | undefined)?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(imports).where(sql`${imports.id} = ${id}`);
  return row;
}
