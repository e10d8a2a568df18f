"""The research extra: pinned, installed by CI, never imported by ``import soloboard``; the benchmark runs."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

from soloboard.research import bench

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "soloboard.research")


def test_the_extra_pins_what_is_installed() -> None:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["research"]
    pins = dict(req.split("==") for req in extra)
    assert set(pins) == {"open-spiel", "gymnasium", "pettingzoo", "numpy"}
    for name, pinned in pins.items():
        assert version(name) == pinned, f"{name}: installed {version(name)}, pyproject pins {pinned}"


def _extras(text: str) -> set[str]:
    """The extras of the ``pip install -e '.[...]'`` in a script or README."""
    found = re.search(r"install[^\n]*-e '\.\[([a-z,]+)\]'", text)
    assert found, "no editable install of the project"
    return set(found.group(1).split(","))


def test_ci_and_the_readme_install_the_extra() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert {"dev", "research"} <= _extras(run)
    assert "python -m soloboard.research.bench" in run
    # the README's set-up installs what the tests need, the same as CI
    assert _extras((ROOT / "README.md").read_text()) == _extras(run)


def test_import_soloboard_imports_no_adapter_library() -> None:
    code = ("import sys, soloboard\n"
            "soloboard.load_game('monstros').new_initial_state().legal_actions()\n"
            f"print([m for m in {HEAVY!r} if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_missing_library_says_how_to_get_it() -> None:
    code = ("import sys\n"
            "sys.modules['gymnasium'] = None  # as if it were not installed\n"
            "import soloboard.research.gym_env\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode != 0
    assert "pip install 'soloboard[research]'" in out.stderr


def test_the_benchmark_measures_every_adapter(capsys: object) -> None:
    rows = bench.run(seconds=0.05, runs=1)
    adapters = {(setting, adapter) for setting, adapter, _ in rows}
    assert ("ufs", "gymnasium") in adapters and ("ufs-pnp", "pyspiel") in adapters
    assert ("monstros 4 seats", "pettingzoo") in adapters and ("monstros solo", "gymnasium") in adapters
    assert all(rate > 0 for _, _, rate in rows)
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "games/s" in printed and "vs raw" in printed


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    command = next(line for line in readme.splitlines() if line.rstrip().endswith("-m pytest"))
    assert command in (ROOT / ".ci" / "run").read_text().splitlines()
