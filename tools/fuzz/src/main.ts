import { formatSummary, isClean } from "./print-summary";
import { runFuzz } from "./run-fuzz";
import { startTarget } from "./start-target";

// `make fuzz`: a long run against a fresh embedded Kurz. FUZZ_SEED replays a run (a random one
// by default, always printed); FUZZ_RUNS sets the generated cases per route; FUZZ_ONLY narrows
// it to routes whose name contains the text.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 300);
process.stdout.write(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed}), ${runsPerRoute} cases per route\n`);
const started = performance.now();
const { target, stop } = await startTarget();
try {
  const report = await runFuzz(target, {
    seed,
    runsPerRoute,
    ...(process.env.FUZZ_ONLY ? { only: process.env.FUZZ_ONLY } : {}),
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  process.stdout.write(`${formatSummary(report)}\n`);
  process.stdout.write(`fuzz: ${Math.round((performance.now() - started) / 1000)} s\n`);
  process.exitCode = isClean(report) ? 0 : 1;
} finally {
  await stop();
}
