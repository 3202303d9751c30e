#!/usr/bin/env bash
# Measures `make start` the way a newcomer meets it: a fresh clone of this repository, `make start`
# until http://localhost:<port>/.kurz/health answers 200 (install, build and first start with
# empty data), stopped with Ctrl-C (SIGINT), then `make start` again in the same clone (cached
# build, existing data). Prints both times. The machine's package store stays warm, as it is for
# anyone who has installed a Node project before; Node 24 is fetched when the system's is older.
#   bash scripts/measure-start.sh [edge port, default 18080]
set -euo pipefail
source_repo=$(cd "$(dirname "$0")/.." && pwd)
port=${1:-18080}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$source_repo" "$work/kurz"
# A clone elsewhere has no sibling checkout of anything: the run must need nothing outside it.
cd "$work/kurz"

# Seconds from now until the edge is healthy, `make start` running in its own process group.
measure() {
  local started pid elapsed
  started=$(date +%s.%N)
  setsid env EDGE_PORT="$port" KURZ_SERVICE_PORTS=ephemeral make start >"$work/start-$1.log" 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/.kurz/health" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "make start exited before it was healthy; its log:" >&2
      tail -n 30 "$work/start-$1.log" >&2
      exit 1
    fi
    sleep 0.1
  done
  elapsed=$(echo "$(date +%s.%N) - $started" | bc)
  kill -INT -- "-$pid"
  wait "$pid" 2>/dev/null || true
  printf '%s start: %.1f s to a healthy /.kurz/health\n' "$1" "$elapsed"
}

measure first
measure second
