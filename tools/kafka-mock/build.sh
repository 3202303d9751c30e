#!/usr/bin/env bash
# Builds tools/kafka-mock/kafka-mock against the system librdkafka (Debian librdkafka-dev).
# Rebuilds only when kafka-mock.c is newer than the binary. Safe to run concurrently: test
# workers may call it at the same time, so the build holds a lock and swaps the binary in
# atomically.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/kafka-mock.c"
out="$here/kafka-mock"

up_to_date() { [[ -x "$out" && ! "$src" -nt "$out" ]]; }

up_to_date && exit 0

if ! pkg-config --exists rdkafka; then
  echo "kafka-mock: librdkafka development files not found (apt-get install librdkafka-dev pkg-config)" >&2
  exit 1
fi

exec 9>"$here/.build.lock"
flock 9
up_to_date && exit 0

tmp="$(mktemp "$here/.kafka-mock.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
# shellcheck disable=SC2046 # pkg-config output is a list of flags
"${CC:-cc}" -O2 -Wall -Wextra -o "$tmp" "$src" $(pkg-config --cflags --libs rdkafka)
chmod 755 "$tmp"
mv -f "$tmp" "$out"
trap - EXIT
