"""A throwaway PostgreSQL server for the tests of the store on PostgreSQL (``tests/conftest.py``).

``SOLOBOARD_TEST_PG`` (a ``postgresql://`` URL of a database the tests may create schemas in) is
used when set. Otherwise :class:`Cluster` starts a server of its own from Debian's ``postgresql``
binaries (``tests/postgres.sh`` installs them; the README's test command runs it): a new cluster in a
temporary folder, listening only on a unix socket there, trusted, stopped at the end of the session.
``initdb`` refuses to run as root, so as root the cluster belongs to the ``postgres`` user the
package creates. Without the binaries the tests that need the server fail, saying what to run:
PostgreSQL is never skipped silently.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

MISSING = ("PostgreSQL's server binaries (initdb, pg_ctl) are missing: run 'bash tests/postgres.sh' (Debian's "
           "postgresql package), or set SOLOBOARD_TEST_PG to a postgresql:// URL")


def server_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on the PATH, else Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name),
                         reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


class Cluster:
    """``Cluster().start()``: a new PostgreSQL server on a unix socket; ``url`` its ``postgres`` database."""

    def __init__(self) -> None:
        self.bin = server_binaries()
        self.folder = Path(tempfile.mkdtemp(prefix="soloboard-pg-"))
        self.data = self.folder / "data"
        self.url = ""

    def _as_owner(self, *argv: str) -> list[str]:
        if os.geteuid() == 0:  # initdb and the server refuse root
            return ["runuser", "-u", "postgres", "--", *argv]
        return list(argv)

    def start(self) -> Cluster:
        if self.bin is None:
            raise RuntimeError(MISSING)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        run = {"check": True, "capture_output": True, "text": True, "timeout": 120}
        subprocess.run(self._as_owner(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                                      "--auth=trust", "--encoding=UTF8", "--no-sync"), **run)  # type: ignore[call-overload]
        options = f"-c listen_addresses='' -c unix_socket_directories={self.folder} -c fsync=off -c max_connections=200"
        subprocess.run(self._as_owner(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                                      "-l", str(self.folder / "log"), "start"), **run)  # type: ignore[call-overload]
        self.url = f"postgresql://postgres@/postgres?host={quote(str(self.folder), safe='')}"
        return self

    def stop(self) -> None:
        if self.bin is not None and self.data.exists():
            subprocess.run(self._as_owner(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"),
                           capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def schema_url(base: str) -> str:
    """A URL to a new, empty schema of the database at ``base`` (each test gets its own store)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options={quote(f'-csearch_path={name}', safe='')}"


def store_at(backend: str, tmp_path: Path, request: Any) -> Any:
    """A new, empty store's address on ``backend``: a SQLite file in ``tmp_path``, or a PostgreSQL URL
    to a schema of its own in the session's database (the ``pg_url`` fixture)."""
    if backend == "sqlite":
        return tmp_path / "store.sqlite3"
    return schema_url(request.getfixturevalue("pg_url"))
