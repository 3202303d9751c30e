#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: PostgreSQL, Redis,
# librdkafka (for the mock Kafka cluster), a C compiler, Chromium (browser tests) and libfaketime
# (the fault suite's clock jump). Idempotent; does nothing when all
# are present. Runs apt-get only when something is missing.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists rdkafka 2>/dev/null || missing+=(librdkafka-dev)
# The dashboard's browser tests drive Debian's Chromium (playwright-core, no bundled browser).
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# The fault suite (make chaos) moves its services' wall clock with libfaketime (LD_PRELOAD).
compgen -G "/usr/lib/*/faketime/libfaketime.so.1" >/dev/null || missing+=(faketime libfaketime)

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
