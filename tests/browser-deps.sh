#!/usr/bin/env bash
# What the tests need beyond pip: Debian's chromium, which Playwright drives for the browser tests
# (Playwright never downloads a browser here). Installs it when it is missing; needs root or sudo.
set -euo pipefail
if command -v chromium >/dev/null; then
    exit 0
fi
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
chromium --version
