#!/usr/bin/env bash
# The test command (README; `.ci/run` runs exactly this). Installs and starts what the tests need,
# then: lint, type-check, generated-code check, every test against real backends.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/install-system-deps.sh
bash scripts/start-backends.sh
bash scripts/install-node-deps.sh

# Real backends are required: a missing one fails the run instead of skipping tests.
export KURZ_TEST_REQUIRE_BACKENDS=1

echo "== lint"
pnpm exec biome ci .
echo "== contracts: generated code is up to date, no breaking change"
pnpm --filter @kurz/proto check-generated
pnpm --filter @kurz/grpc check-generated
pnpm --filter @kurz/proto breaking
echo "== typecheck"
pnpm exec turbo run typecheck --output-logs=errors-only
echo "== helm chart: routes from the route table, lint, render, Kubernetes schemas"
bash tools/helm/check-chart.sh
echo "== tests"
results=$(mktemp)
status=0
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@" || status=$?
# One plain summary line: "N passed, N failed, N skipped".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
' "$results" || true
rm -f "$results"
echo "== done in $(( $(date +%s) - started )) s"
exit "$status"
