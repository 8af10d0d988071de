#!/usr/bin/env bash
# Shared setup for `npm run serve` and `npm test`: installs npm packages (exact versions from
# package-lock.json); with --browser Debian's Chromium and a CJK font for the e2e tests; with
# --services PostgreSQL (127.0.0.1:5432, user postgres, trust auth from 127.0.0.1), Redis
# (127.0.0.1:6379) and nginx for the scale-out tests — each installed from Debian and started
# only when it is not already reachable, quietly otherwise.
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

want_browser=0; want_services=0
for a in "$@"; do
  case "$a" in
    --browser) want_browser=1 ;;
    --services) want_services=1 ;;
  esac
done
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  echo "!! nothing listens on 127.0.0.1:$1 after 30 s" >&2; return 1
}

if [ "$want_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium and a CJK font"
  apt_install chromium fonts-wqy-microhei
fi

if [ "$want_services" = 1 ]; then
  # PostgreSQL: Debian's package creates and starts cluster "main"; the tests connect as
  # postgres@127.0.0.1 without a password, so local TCP connections of that user are trusted.
  if ! port_open 5432; then
    if ! command -v pg_ctlcluster >/dev/null 2>&1; then
      echo "== installing Debian postgresql"
      apt_install postgresql
    fi
    ver="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)"
    if [ -z "$ver" ]; then
      ver="$(ls /usr/lib/postgresql | sort -V | tail -1)"
      $SUDO pg_createcluster "$ver" main >/dev/null
    fi
    hba="/etc/postgresql/$ver/main/pg_hba.conf"
    if ! $SUDO grep -q '^host all postgres 127.0.0.1/32 trust' "$hba"; then
      $SUDO sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    fi
    echo "== starting postgresql $ver"
    $SUDO pg_ctlcluster "$ver" main start 2>/dev/null || $SUDO pg_ctlcluster "$ver" main reload
    wait_port 5432
  fi
  if ! port_open 6379; then
    if ! command -v redis-server >/dev/null 2>&1; then
      echo "== installing Debian redis-server"
      apt_install redis-server
    fi
    port_open 6379 || { echo "== starting redis-server"; $SUDO service redis-server start >/dev/null 2>&1 || true; }
    port_open 6379 || redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
    wait_port 6379
  fi
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    echo "== installing Debian nginx"
    apt_install nginx
  fi
fi
