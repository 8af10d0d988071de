#!/usr/bin/env bash
# `npm run serve`: set up, build the index from the corpus if needed, build the app and serve
# it on http://localhost:${PORT:-3000}. CORPUS_DIR (default ../shared/corpus) and INDEX_PATH
# (default data/index.sqlite) are honoured; REINGEST=1 forces a fresh index.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export NEXT_TELEMETRY_DISABLED=1
index="${INDEX_PATH:-data/index.sqlite}"
if [ ! -f "$index" ] || [ "${REINGEST:-0}" = 1 ]; then
  echo "== building the index ($index) from ${CORPUS_DIR:-../shared/corpus}"
  npx tsx scripts/ingest.ts
fi
if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib next.config.mjs package.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "== building the app"
  npx next build
fi
echo "== serving on http://localhost:${PORT:-3000} (${WEB_CONCURRENCY:-one per CPU} worker(s); scripts/server.ts)"
export PORT="${PORT:-3000}"
exec node --import tsx scripts/server.ts
