"""``soloboard bench GAME --adapters``: the research benchmark's rows, through the command line.

Tiny runs (a few games each): what is checked is which loops run and what is printed, not speed.
"""

from __future__ import annotations

import contextlib
import io
import re

import numpy as np

from soloboard.cli.main import main
from soloboard.research import bench


def run_cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["bench", *argv, "--runs", "1", "--seconds", "0.01"]) == 0
    return out.getvalue()


def rows(text: str) -> dict[tuple[str, str], int]:
    """``(setting, adapter) -> percent of raw`` from the adapters table."""
    found = re.findall(r"^(\S+(?: \S+)*?)\s{2,}(raw|pyspiel|gymnasium|pettingzoo|pz raw_env|pz no obs)\s+\d+\s+(\d+)%$",
                       text, flags=re.M)
    return {(setting, adapter): int(pct) for setting, adapter, pct in found}


def test_adapters_prints_each_adapter_against_raw_and_the_vector_figures() -> None:
    text = run_cli("ufs", "--adapters")
    table = rows(text)
    assert set(table) == {("ufs", "raw"), ("ufs", "pyspiel"), ("ufs", "gymnasium")}, text
    assert table[("ufs", "raw")] == 100
    assert "state clone" not in text  # --adapters runs the adapters' benchmark, not the engine's
    vector = re.findall(r"^\s+(\d+)\s+(\d+)\s+\d+\s+[\d.]+x\s+(?:\d+\s+[\d.]+x|-\s+-)$", text, flags=re.M)
    assert [(int(n), int(w)) for n, w in vector] == list(bench.VECTOR_SIZES)


def test_a_game_with_seats_measures_pettingzoo_and_the_given_setting() -> None:
    text = run_cli("monstros", "--players", "3", "--adapters")
    table = rows(text)
    assert set(table) == {("monstros 3 seats", a) for a in ("raw", "pyspiel", "pettingzoo", "pz raw_env", "pz no obs")}
    assert "vector environment" not in text  # three seats: no Gymnasium environment


def test_without_options_every_kits_settings_are_measured() -> None:
    labels = [label for label, *_ in bench.settings()]
    assert labels == ["ufs", "ufs-pnp", "monstros solo", "monstros 4 seats"]
    assert [env_id for *_, env_id in bench.settings("monstros")] == ["soloboard/monstros-solo-v0", None]
    assert bench.settings("ufs", {"threat": 2}) == [("ufs threat=2", "ufs", {"threat": 2}, "soloboard/ufs-v0")]


def test_random_legal_picks_a_legal_action_in_every_game_and_0_where_none_is() -> None:
    generator = np.random.default_rng(0)
    masks = np.zeros((50, 517), np.int8)
    for i in range(1, 50):
        masks[i, generator.choice(517, i % 7 + 1, replace=False)] = 1
    seen: set[int] = set()
    for _ in range(200):
        actions = bench.random_legal(masks, generator)
        assert actions[0] == 0
        assert all(masks[i, actions[i]] for i in range(1, 50))
        seen.add(int(actions[7]))
    assert seen == set(np.flatnonzero(masks[7]))  # every legal action of a game comes up
