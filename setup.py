"""The build's one optional step (everything else is in pyproject.toml): with ``SOLOBOARD_MYPYC=1``,
mypyc compiles the engine modules into C extensions placed next to their sources.

Without it (the default) nothing is compiled and no compiler is needed: the package is pure Python.
mypyc (part of mypy) must be importable by the build, so build without isolation, in a venv that
has mypy and setuptools (docs/speed.md)::

    SOLOBOARD_MYPYC=1 pip install --no-build-isolation -e '.[dev]'
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from setuptools import setup

# The typed rules that a playout runs (docs/speed.md says why these and not the others). Not here:
# ufs/hooks.py and ufs/game.py (plugins and the 9-card edition subclass their classes in Python).
ENGINE = (
    "src/soloboard/ufs/actions.py",
    "src/soloboard/ufs/ruleset.py",
    "src/soloboard/ufs/tables.py",
    "src/soloboard/ufs/state.py",
    "src/soloboard/monstros/actions.py",
    "src/soloboard/monstros/state.py",
)
MANIFEST = Path("src/soloboard/_engine.sha256")  # read by soloboard/compiled.py


def _module(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def _compiled() -> list[Any]:  # setuptools' Extension objects
    if os.environ.get("SOLOBOARD_MYPYC", "") in ("", "0"):
        # nothing compiled; a manifest left by an earlier in-place build stays: its .so files stay too,
        # and the manifest is what keeps them from shadowing sources edited since
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as missing:
        raise SystemExit("SOLOBOARD_MYPYC=1 needs mypy (which holds mypyc) in the build: install mypy and "
                         "setuptools in the venv, then pip install --no-build-isolation (docs/speed.md)") from missing
    # the hash of each source compiled: a module whose source has changed since runs as source
    MANIFEST.write_text("".join(f"{_module(p)} {hashlib.sha256(Path(p).read_bytes()).hexdigest()}\n"
                                for p in ENGINE), encoding="ascii")
    return mypycify(list(ENGINE), opt_level="3", group_name="soloboard._engine")


setup(ext_modules=_compiled())
