#!/usr/bin/env bash
# The test command (README; `.ci/run` runs exactly this). Installs and starts what the tests need,
# then: lint, type-check, generated-code check, every test against real backends.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# Each phase's heading says when it began (seconds into the run): where the time goes.
phase() { echo "== $1 (at $(( $(date +%s) - started )) s)"; }

bash scripts/install-system-deps.sh
bash scripts/start-backends.sh
# Node 24 LTS first on PATH (fetched into .tools/node when the machine's is older).
. scripts/use-node.sh
echo "node $(node --version)"
bash scripts/install-node-deps.sh
export TURBO_TELEMETRY_DISABLED=1

# Real backends are required: a missing one fails the run instead of skipping tests.
export KURZ_TEST_REQUIRE_BACKENDS=1

phase "lint"
pnpm exec biome ci .
# Tests wait for conditions, never on the clock (no expect.poll, no unmarked sleeps).
node scripts/check-test-waits.mjs
# The project explains itself: no reference to a document outside the repository.
node scripts/check-no-outside-refs.mjs
# No call to another service inside a database transaction (its self-test runs first).
node scripts/check-no-call-in-transaction.mjs
phase "contracts: generated code is up to date, no breaking change"
pnpm --filter @kurz/proto check-generated
pnpm --filter @kurz/grpc check-generated
pnpm --filter @kurz/proto breaking
# The type check is one single-threaded compiler run: it goes on beside the chart check and the
# build (the machine's other core), and its verdict is read before any test runs.
phase "typecheck (the workspace as one program), beside the next two phases"
typecheck_log=$(mktemp)
node scripts/typecheck.mjs >"$typecheck_log" 2>&1 &
typecheck_pid=$!
phase "helm chart: routes from the route table, lint, render, Kubernetes schemas"
bash tools/helm/check-chart.sh
phase "build: every service's and app's bundle (turbo-cached), the artifact the tests run"
pnpm exec turbo run build --output-logs=errors-only
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
phase "typecheck's answer"
cat "$typecheck_log"
rm -f "$typecheck_log"
[ "$typecheck_status" -eq 0 ] || exit "$typecheck_status"
# Built just now: the test run's global setup need not ask turbo again.
export KURZ_TEST_BUNDLES_BUILT=1
phase "tests"
# Tests that start whole clusters of processes (distributed mode, spawned services) run one at a
# time after the rest: two clusters starting together on two cores starve each other's start-up.
solo=(apps/distributed/test test/distributed-flow.test.ts test/telemetry-flow.test.ts test/chaos-bounded.test.ts)
results=$(mktemp)
solo_results=$(mktemp)
# Each file's import and tests-plus-hooks time (packages/testing/src/file-time-reporter.ts).
export KURZ_TEST_FILE_TIMES=$(mktemp)
reporters=(--reporter=default --reporter=./packages/testing/src/file-time-reporter.ts --reporter=json)
status=0
if [ "$#" -gt 0 ]; then
  pnpm exec vitest run "${reporters[@]}" --outputFile.json="$results" "$@" || status=$?
  echo '{"numPassedTests":0,"numFailedTests":0,"numPendingTests":0,"numTodoTests":0}' >"$solo_results"
else
  excludes=()
  for path in "${solo[@]}"; do excludes+=(--exclude "${path}/**" --exclude "$path"); done
  pnpm exec vitest run "${reporters[@]}" --outputFile.json="$results" "${excludes[@]}" || status=$?
  phase "tests that start process clusters, one file at a time"
  pnpm exec vitest run "${reporters[@]}" --outputFile.json="$solo_results" \
    --no-file-parallelism "${solo[@]}" || status=$?
fi
# One plain summary line: "N passed, N failed, N skipped".
node -e '
  const [a, b] = process.argv.slice(1, 3).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  const sum = (k) => a[k] + b[k];
  const skipped = sum("numPendingTests") + sum("numTodoTests");
  console.log(`${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed, ${skipped} skipped`);
  // Where the time goes: the slowest files, each import plus its tests and hooks (a
  // beforeAll starting a whole Kurz included), in worker time; two workers share the first phase.
  const times = require("fs").readFileSync(process.argv[3], "utf8").trim().split("\n").filter(Boolean).map(JSON.parse);
  const total = times.reduce((s, t) => s + t.collectMs + t.runMs, 0);
  console.log(`worker time: ${(total / 1000).toFixed(0)} s over ${times.length} files; the slowest:`);
  times.sort((x, y) => y.collectMs + y.runMs - x.collectMs - x.runMs);
  for (const t of times.slice(0, 15)) console.log(`  ${((t.collectMs + t.runMs) / 1000).toFixed(1).padStart(6)} s  (import ${(t.collectMs / 1000).toFixed(1)} s)  ${t.file}`);
' "$results" "$solo_results" "$KURZ_TEST_FILE_TIMES" || true
rm -f "$results" "$solo_results" "$KURZ_TEST_FILE_TIMES"
echo "== done in $(( $(date +%s) - started )) s"
exit "$status"
