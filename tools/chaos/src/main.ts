import { BOUNDED_FAULTS, selectFaults } from "./faults";
import { formatTable, isClean } from "./format-table";
import { runChaos } from "./run-chaos";

// `make chaos`: every fault of issue 31, one at a time. `--bounded` runs the few short ones of
// `make test`; CHAOS_FAULTS=name,name picks others (an unknown name lists the known ones).
const bounded = process.argv.includes("--bounded");
const names = process.env.CHAOS_FAULTS?.split(",").filter(Boolean) ?? (bounded ? BOUNDED_FAULTS : undefined);
const faults = selectFaults(names);
const started = Date.now();
const rows = await runChaos({
  faults,
  ...(process.env.KURZ_TEST_POSTGRES_URL ? { postgresUrl: process.env.KURZ_TEST_POSTGRES_URL } : {}),
  ...(process.env.KURZ_TEST_REDIS_URL ? { redisUrl: process.env.KURZ_TEST_REDIS_URL } : {}),
  ...(bounded ? { settleMs: 60_000 } : {}),
});
process.stdout.write(
  `\nchaos: measured ${new Date().toISOString().slice(0, 10)}, ${Math.round((Date.now() - started) / 1000)} s\n`,
);
process.stdout.write(`${formatTable(rows)}\n`);
const clean = isClean(rows);
process.stdout.write(clean ? "chaos: every invariant holds\n" : "chaos: INVARIANTS VIOLATED\n");
process.exitCode = clean ? 0 : 1;
