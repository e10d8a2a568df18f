#!/usr/bin/env bash
# What the tests need beyond pip: Debian's chromium, which Playwright drives for the browser tests
# (Playwright never downloads a browser here), the page's npm packages (package-lock.json: axe-core,
# which the browser tests run on every page, and ESLint), and PostgreSQL's server for the tests of the store
# on PostgreSQL (tests/postgres.sh). Installs what is missing; chromium and postgresql need root or sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
bash tests/postgres.sh
if command -v chromium >/dev/null; then
    exit 0
fi
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
chromium --version
