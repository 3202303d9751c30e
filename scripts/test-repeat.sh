#!/usr/bin/env bash
# Flake detector: runs the given test files N times in a row beside a CPU hog that keeps one of
# the machine's cores busy (as a loaded CI machine would), and reports every failing run with the
# tests that failed. Exit 0 only when all N runs passed.
#   bash scripts/test-repeat.sh 20 test/embedded-soak.test.ts services/redirector/test/redirects.test.ts
#   make test-repeat N=20 FILES="test/embedded-soak.test.ts ..."     (HOG=0 runs without the hog)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
if [ "$#" -eq 0 ]; then
  echo "usage: make test-repeat FILES=\"<test files>\" [N=20] [HOG=0]" >&2
  exit 2
fi
. scripts/use-node.sh
bash scripts/start-backends.sh >/dev/null
export TURBO_TELEMETRY_DISABLED=1 KURZ_TEST_REQUIRE_BACKENDS=1
pnpm exec turbo run build --output-logs=errors-only
export KURZ_TEST_BUNDLES_BUILT=1

hog=""
if [ "${HOG:-1}" != "0" ]; then
  # One core spinning for the whole repetition; killed however this script ends.
  node -e 'for (;;) {}' &
  hog=$!
  trap 'kill "$hog" 2>/dev/null || true' EXIT
  echo "test-repeat: a busy loop (pid $hog) holds one core"
fi

logs=.ci-state/test-repeat
rm -rf "$logs" && mkdir -p "$logs"
failed=0
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  if pnpm exec vitest run --reporter=dot --reporter=json --outputFile.json="$logs/run-$run.json" "$@" \
    >"$logs/run-$run.log" 2>&1; then
    echo "run $run/$runs: passed in $(($(date +%s) - started)) s"
  else
    failed=$((failed + 1))
    echo "run $run/$runs: FAILED in $(($(date +%s) - started)) s (log: $logs/run-$run.log)"
    node -e '
      const fs = require("fs");
      const file = process.argv[1];
      if (!fs.existsSync(file)) { console.log("  (no JSON report: the run did not finish; see its log)"); process.exit(0); }
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      for (const suite of report.testResults) {
        const bad = suite.assertionResults.filter((t) => t.status === "failed");
        if (bad.length === 0 && suite.status === "failed") console.log(`  ${suite.name}: ${(suite.message || "failed to run").split("\n")[0]}`);
        for (const t of bad) console.log(`  ${suite.name} > ${t.fullName}\n    ${(t.failureMessages[0] || "").split("\n")[0]}`);
      }' "$logs/run-$run.json"
  fi
done
echo "test-repeat: $((runs - failed)) of $runs runs passed$([ -n "$hog" ] && echo " beside a busy core")"
[ "$failed" -eq 0 ]
