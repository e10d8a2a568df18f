"""The compiled engine plays exactly as the pure-Python source: 10,000 seeded random games of each
game, every state compared (through per-game digests: tests/differential_worker.py).

It needs a compiled build (``SOLOBOARD_MYPYC=1``, docs/speed.md): without one it is skipped, unless
``SOLOBOARD_REQUIRE_COMPILED=1`` (set by ``.ci/run``'s compiled step) makes that a failure. The two
builds run side by side in two processes of the same environment, one with ``SOLOBOARD_PURE=1``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import soloboard.monstros
import soloboard.ufs

WORKER = Path(__file__).with_name("differential_worker.py")
GAMES = int(os.environ.get("SOLOBOARD_DIFFERENTIAL_GAMES", "10000"))
# the modules setup.py compiles: each must run compiled in the compiled process
ENGINE = ["soloboard.monstros.actions", "soloboard.monstros.state", "soloboard.ufs.actions", "soloboard.ufs.ruleset",
          "soloboard.ufs.state", "soloboard.ufs.tables"]


def _compiled_build() -> bool:
    packages = {"ufs": soloboard.ufs, "monstros": soloboard.monstros}
    return all(any((Path(packages[name.split(".")[1]].__path__[0]) / (name.rpartition(".")[2] + suffix)).is_file()
                   for suffix in EXTENSION_SUFFIXES) for name in ENGINE)


def _start(name: str, pure: bool) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "SOLOBOARD_PURE"}
    if pure:
        env["SOLOBOARD_PURE"] = "1"
    return subprocess.Popen([sys.executable, str(WORKER), name, str(GAMES)], env=env, stdout=subprocess.PIPE,
                            text=True)


def _result(process: subprocess.Popen[str]) -> dict[str, Any]:
    out, _ = process.communicate(timeout=600)
    assert process.returncode == 0, f"the worker failed ({process.args})"
    return json.loads(out)


@pytest.mark.parametrize("name", ["ufs", "ufs-pnp", "monstros"])
def test_the_compiled_engine_plays_every_state_as_the_source(name: str) -> None:
    if not _compiled_build():
        if os.environ.get("SOLOBOARD_REQUIRE_COMPILED", "") not in ("", "0"):
            pytest.fail("SOLOBOARD_REQUIRE_COMPILED is set but the engine modules are not compiled")
        pytest.skip("no compiled build here (SOLOBOARD_MYPYC=1, docs/speed.md)")
    compiled, pure = _start(name, pure=False), _start(name, pure=True)  # the two builds, side by side
    fast, reference = _result(compiled), _result(pure)
    engine = [m for m in ENGINE if m.startswith(f"soloboard.{name.split('-')[0]}.")]
    assert set(engine) <= set(fast["compiled"]), "the compiled process ran some engine modules as source"
    assert reference["compiled"] == [], "SOLOBOARD_PURE=1 still ran compiled modules"
    assert fast["settings"] == reference["settings"]
    assert len(reference["digests"]) == GAMES
    differing = [i for i, (a, b) in enumerate(zip(fast["digests"], reference["digests"], strict=True)) if a != b]
    settings = reference["settings"]
    assert not differing, (f"{len(differing)} of {GAMES} games differ; the first is game {differing[0]} "
                           f"({settings[differing[0] % len(settings)]}, seed '{name}/{differing[0]}')")
