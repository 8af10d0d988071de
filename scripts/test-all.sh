#!/usr/bin/env bash
# `npm test`: set up (npm packages, Debian chromium, and postgresql, redis-server and nginx when
# 127.0.0.1:5432 / 6379 do not answer or nginx is missing), type-check, run the vitest suites (they
# build a corpus-slice index from ../shared/corpus on first use), build the app and run the
# Playwright suite against it. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser --services || exit 1
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p data/tmp
status=0

echo "== type check"
npx tsc --noEmit || status=1

echo "== unit and handler tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=data/tmp/vitest.json || status=1

echo "== build the app"
if npx next build; then
  echo "== browser tests (playwright, Debian chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME=data/tmp/playwright.json npx playwright test --reporter=list,json || status=1
else
  status=1
fi

node scripts/summarize-tests.mjs data/tmp/vitest.json data/tmp/playwright.json || status=1
exit $status
