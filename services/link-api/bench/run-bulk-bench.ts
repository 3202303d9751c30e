/**
 * `pnpm bench:bulk` (from services/link-api; `make bench-bulk`): bulk create of 1,000 links through
 * REST (`POST /api/v1/urls/bulk`) on PostgreSQL, against a baseline measured in the same run: the
 * same 1,000 rows written by one hand-written multi-row INSERT in one transaction on the same
 * pool (the floor of the work: no validation, no codes, no events). Prints links/s of each, the ratio, and
 * the target (≥ 2,000 links/s). A scratch database on the test server, dropped afterwards.
 * Then the import of 100,000 generated Bitly CSV rows (run-import-bench.ts; BENCH_IMPORT_ROWS=0
 * skips it): rows/s and link-api's peak RSS growth (with its default heap, and capped) against
 * hand-written INSERTs of 500 rows.
 */
import { randomUUID } from "node:crypto";
import { createTestDatabase, postgresBackend } from "@kurz/testing";
import { sql } from "drizzle-orm";
import { startTestLinkApi } from "../test/support/start-test-link-api";
import { benchImports, IMPORT_ROWS } from "./run-import-bench";

const ITEMS = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_PER_SECOND = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const backend = await postgresBackend();
  if (!backend.available) throw new Error(`bench-bulk needs PostgreSQL: ${backend.reason}`);
  const database = await createTestDatabase(backend.value.adminUrl, "kurz_bench_link_api_bulk");
  const api = await startTestLinkApi({ databaseUrl: database.url });
  const apiUrl = await api.http.listen({ host: "127.0.0.1", port: 0 });
  let bulkLines = "";
  try {
    const items = (round: number) =>
      Array.from({ length: ITEMS }, (_, i) => ({
        url: `https://example.com/bulk/${round}/${i}?ref=bench`,
        name: `Bulk ${round} ${i}`,
        tags: ["bench", `round-${round}`],
      }));
    const bulk = async (accountId: string, round: number) => {
      const headers = { ...(await api.auth(accountId)), "content-type": "application/json" };
      const started = performance.now();
      const response = await fetch(`${apiUrl}/api/v1/urls/bulk`, {
        method: "POST",
        headers,
        body: JSON.stringify({ urls: items(round) }),
      });
      const body = (await response.json()) as { results?: Array<{ success: boolean }> };
      const ms = performance.now() - started;
      const made = body.results?.filter((r) => r.success).length ?? 0;
      if (response.status !== 200 || made !== ITEMS)
        throw new Error(`bulk answered ${response.status}, ${made} made`);
      return ms;
    };
    const rawInsert = async (accountId: string, round: number) => {
      const tuples = items(round).map(
        (row, i) =>
          sql`(${randomUUID()}, ${accountId}, 'localhost', ${`r${round}x${i}`}, 'standard', ${row.url}, ${row.url}, ${row.name}, string_to_array(${row.tags.join(",")}, ','))`,
      );
      const started = performance.now();
      await api.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO links (id, account_id, host, code, url_type, original_url, destination_url, name, tags) VALUES ${sql.join(tuples, sql`, `)}`,
        );
      });
      return performance.now() - started;
    };

    // Warm-up: JIT, pools, JWKS cache, plan cache.
    await bulk("bench-warm", 0);
    await rawInsert(randomUUID(), 0);

    const bulkMs: number[] = [];
    const rawMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      rawMs.push(await rawInsert(randomUUID(), round));
      bulkMs.push(await bulk(`bench-${round}`, round));
    }
    const bulkRate = ITEMS / (median(bulkMs) / 1000);
    const rawRate = ITEMS / (median(rawMs) / 1000);
    bulkLines =
      `link-api bulk bench (PostgreSQL; ${ITEMS} links per call, median of ${ROUNDS} rounds)\n` +
      `  bulk create (REST)     ${bulkRate.toFixed(0).padStart(7)} links/s   target ≥ ${TARGET_PER_SECOND} ${bulkRate >= TARGET_PER_SECOND ? "met" : "NOT met"}\n` +
      `  baseline (one INSERT)  ${rawRate.toFixed(0).padStart(7)} rows/s    ratio ${(bulkRate / rawRate).toFixed(3)}\n`;
  } finally {
    await api.close();
    await database.drop();
  }
  // Its own scratch database and link-api process; one table printed at the end.
  const importLines = IMPORT_ROWS > 0 ? await benchImports(backend.value.adminUrl) : "";
  process.stdout.write(bulkLines + importLines);
}

await main();
