#!/usr/bin/env bash
# Installs the pinned pnpm through corepack and the workspace's dependencies from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node.sh

# What the install depends on: the lockfile, every manifest, the workspace file and the Node
# version. Unchanged since the last install, pnpm is not asked again (it takes seconds of CPU even
# to say "Already up to date"), so a second `make start` starts at once.
stamp=node_modules/.kurz-install-stamp
inputs=$( (node --version; git ls-files -z -- pnpm-lock.yaml pnpm-workspace.yaml 'package.json' '*/package.json' \
  | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1)
if [ "${CI:-}" != "true" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
  exit 0
fi
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0

# Older corepack releases carry outdated npm signing keys and refuse to download pnpm.
corepack_major_minor=$(corepack --version 2>/dev/null | awk -F. '{ printf "%d%03d", $1, $2 }')
if [ -z "$corepack_major_minor" ] || [ "$corepack_major_minor" -lt 36 ]; then
  echo "corepack: upgrading (needs >= 0.36 for current registry keys)"
  npm install -g --silent corepack@0.36.0
  hash -r
fi
corepack enable pnpm
# Corepack verifies pnpm's npm registry signature. A registry or mirror that serves no signatures
# (seen on some machines) fails that check even for the pinned version; the tarball's integrity
# hash is still checked, so retry once without the signature step and say so.
if ! pnpm --version >/dev/null 2>/tmp/kurz-corepack.err; then
  if grep -q "signature" /tmp/kurz-corepack.err; then
    echo "corepack: the registry served no usable signature for pnpm; installing it without signature check"
    COREPACK_INTEGRITY_KEYS=0 pnpm --version >/dev/null
  else
    cat /tmp/kurz-corepack.err >&2
    exit 1
  fi
fi

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --prefer-offline --reporter=append-only
fi
echo "$inputs" >"$stamp"
