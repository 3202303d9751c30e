#!/usr/bin/env bash
# Installs the pinned pnpm through corepack and the workspace's dependencies from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0

# Older corepack releases carry outdated npm signing keys and refuse to download pnpm.
corepack_major_minor=$(corepack --version 2>/dev/null | awk -F. '{ printf "%d%03d", $1, $2 }')
if [ -z "$corepack_major_minor" ] || [ "$corepack_major_minor" -lt 36 ]; then
  echo "corepack: upgrading (needs >= 0.36 for current registry keys)"
  npm install -g --silent corepack@0.36.0
  hash -r
fi
corepack enable pnpm
pnpm --version >/dev/null

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --prefer-offline --reporter=append-only
fi
