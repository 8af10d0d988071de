#!/usr/bin/env bash
# Shared setup for `npm run serve` and `npm test`: installs npm packages (exact versions from
# package-lock.json), and with --browser Debian's Chromium and a CJK font for the e2e tests.
set -euo pipefail
cd "$(dirname "$0")/.."

export npm_config_nodedir="${npm_config_nodedir:-/usr}"   # better-sqlite3 builds against the local Node headers
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1                   # never download browsers; Debian's chromium is used
export NEXT_TELEMETRY_DISABLED=1

stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "== installing npm packages (versions pinned by package-lock.json)"
  # `npm install`, not `npm ci`: npm 11 writes only this platform's optional binaries
  # (@next/swc-*, @node-rs/jieba-*) into the lock and `npm ci` then refuses it as out of sync.
  npm install --no-audit --no-fund
  touch "$stamp"
fi

# The semantic search's question memory is learned from the STARD training questions beside the
# corpus; it is built here, not kept in the repo (absent, the learned parts are simply off).
stard="${LEARNED_QUESTIONS:-../shared/benchmarks/stard-train.jsonl}"
if [ ! -f data/semantic/stard-learned.json ] && [ -f "$stard" ]; then
  echo "== learning the semantic question memory from $stard"
  npx tsx lib/search/semantic/tools/build-learned.ts "$stard" data/semantic/stard-learned.json
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium and a CJK font"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
fi
