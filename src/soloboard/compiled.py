"""Which build of the engine runs: the pure-Python source, or its modules compiled with mypyc.

A compiled build (``SOLOBOARD_MYPYC=1``, ``setup.py``, docs/speed.md) puts an extension module
next to each compiled source (``ufs/state.cpython-311-x86_64-linux-gnu.so`` beside
``ufs/state.py``), which Python's own import prefers. The finder installed here, before any engine
module is imported, takes the source instead:

- when ``SOLOBOARD_PURE=1`` is set (to compare the two builds: the differential test, the bench);
- when any compiled module's source is no longer the one compiled (``_engine.sha256``, written by
  the build, records each source's hash): an edited rule must never be shadowed by an old compiled
  one. All of them then run as source, as one: the compiled modules are one shared library whose
  members import each other natively, past this finder. A warning names the changed sources.

The source stays the reference; the compiled modules are the same code, checked against it by
``tests/test_differential.py``.
"""

from __future__ import annotations

import hashlib
import os
import sys
import warnings
from importlib.abc import MetaPathFinder
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import ModuleType

MANIFEST = "_engine.sha256"  # "module sha256-of-its-source" per line, next to this file
PURE_VARIABLE = "SOLOBOARD_PURE"


def pure_requested() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _manifest(package: Path) -> dict[str, str]:
    path = package / MANIFEST
    try:
        lines = path.read_text(encoding="ascii").splitlines()
    except OSError:
        return {}
    return dict(line.split() for line in lines if line.strip())


class _SourceWhenPureOrStale(MetaPathFinder):
    """For ``soloboard`` modules only: the source when asked for pure Python or when it changed since
    it was compiled; otherwise exactly what Python's path finder finds."""

    def __init__(self, package: Path | None = None) -> None:
        self._package = package or Path(__file__).parent  # the soloboard package's directory
        self._stale: bool | None = None  # worked out on the first compiled module met

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> ModuleSpec | None:
        if path is None or not name.startswith("soloboard."):
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or spec.origin is None:
            return spec
        source = Path(spec.origin).with_name(name.rpartition(".")[2] + ".py")
        if not source.is_file():  # the compiled modules' shared library has no source of its own
            return spec
        if pure_requested() or self._any_stale():
            return spec_from_file_location(name, source)
        return spec

    def _any_stale(self) -> bool:
        if self._stale is None:
            package = self._package
            changed = [name for name, built in _manifest(package).items()
                       if (path := package.joinpath(*name.split(".")[1:]).with_suffix(".py")).is_file()
                       and source_hash(path) != built]
            self._stale = bool(changed)
            if changed:
                warnings.warn(f"{', '.join(changed)}: the source changed since it was compiled; every engine "
                              "module runs as source (rebuild the compiled modules: docs/speed.md)",
                              RuntimeWarning, stacklevel=2)
        return self._stale


def install() -> None:
    """Put the finder first (once): done on import, which ``soloboard/__init__.py`` does first."""
    if not any(isinstance(f, _SourceWhenPureOrStale) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceWhenPureOrStale())


def compiled_modules() -> list[str]:
    """The ``soloboard`` modules imported so far that run compiled (``[]``: pure Python)."""
    names = []
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if (name.startswith("soloboard.") and not name.endswith("__mypyc") and spec is not None
                and isinstance(spec.loader, ExtensionFileLoader)):
            names.append(name)
    return sorted(names)


install()
