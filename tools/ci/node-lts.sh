#!/usr/bin/env bash
# Prints the folder of a Node.js binary of the current LTS line (24), installed once from the npm
# registry's `node` package into a cache folder. CI runs the server's platform, provider and file
# tests on it besides the machine's own Node (20.19 or later), so both lines stay supported.
set -euo pipefail
major="${NODE_LTS_MAJOR:-24}"
dir="${NODE_LTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/omnichat/node-$major}"
bin="$dir/node_modules/.bin"
if ! "$bin/node" --version 2>/dev/null | grep -q "^v$major\."; then
  rm -rf "$dir"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --no-save "node@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
