# Sourced (not run) by every project script and the Makefile: puts Node 24 LTS first on PATH.
# When the machine's `node` is older, the official binary is taken from the npm registry's
# `node-<os>-<arch>` package (npm pack, no other download) into .tools/node (ignored by git),
# once per pinned version. Nothing asks the user to install Node by hand.
#   . scripts/use-node.sh        # then `node --version` is v24.x
KURZ_NODE_VERSION=24.21.0
KURZ_NODE_MAJOR=${KURZ_NODE_VERSION%%.*}

kurz_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kurz_node_dir="$kurz_root/.tools/node"

kurz_node_major() { "${1:-node}" --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }

kurz_install_node() {
  local os arch package work
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "use-node: unsupported OS $(uname -s)" >&2; return 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "use-node: unsupported CPU $(uname -m)" >&2; return 1 ;; esac
  package="node-${os}-${arch}@${KURZ_NODE_VERSION}"
  if ! command -v npm >/dev/null 2>&1; then
    echo "use-node: npm is needed once to fetch ${package} (apt-get install npm)" >&2
    return 1
  fi
  echo "use-node: the system node is $(node --version 2>/dev/null || echo missing); fetching ${package} into .tools/node" >&2
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "$package" >/dev/null) || { rm -rf "$work"; return 1; }
  tar -xzf "$work"/*.tgz -C "$work"
  rm -rf "$kurz_node_dir.partial" && mkdir -p "$(dirname "$kurz_node_dir")"
  mv "$work/package" "$kurz_node_dir.partial"
  rm -rf "$work" "$kurz_node_dir"
  # Renamed into place only when whole: an interrupted fetch never leaves a broken node behind.
  mv "$kurz_node_dir.partial" "$kurz_node_dir"
}

if [ "$(kurz_node_major)" != "$KURZ_NODE_MAJOR" ]; then
  if [ "$("$kurz_node_dir/bin/node" --version 2>/dev/null)" != "v$KURZ_NODE_VERSION" ]; then
    kurz_install_node || return 1 2>/dev/null || exit 1
  fi
  case ":$PATH:" in *":$kurz_node_dir/bin:"*) ;; *) export PATH="$kurz_node_dir/bin:$PATH" ;; esac
  hash -r
fi
unset kurz_root kurz_node_dir
