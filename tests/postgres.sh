#!/usr/bin/env bash
# What the tests of the store on PostgreSQL need beyond pip: PostgreSQL's server binaries (initdb, pg_ctl), from
# Debian's postgresql package, installed when missing (as root or with sudo). The tests start a server of their
# own from them, in a temporary folder, and stop it at the end (tests/pg_support.py); SOLOBOARD_TEST_PG=URL
# points them at a server of yours instead. Without the binaries those tests fail, they do not skip.
set -euo pipefail
if command -v pg_ctl >/dev/null || compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
    exit 0
fi
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq postgresql >/dev/null
compgen -G "/usr/lib/postgresql/*/bin/pg_ctl"
