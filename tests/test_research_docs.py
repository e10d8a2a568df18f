"""docs/research.md stays true: its examples run, its tables are the code's."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import soloboard
from soloboard.research import layout_table
from soloboard.ufs import actions as A

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)


def test_the_page_has_an_example_for_each_adapter() -> None:
    joined = "\n".join(EXAMPLES)
    for needle in ("soloboard.research.openspiel", "soloboard.research.gym_env", "soloboard.research.pz_env",
                   "mcts.MCTSBot", "observation_layout"):
        assert needle in joined


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_every_example_runs(index: int) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(EXAMPLES[index], f"docs/research.md example {index + 1}", "exec"), {})
    assert out.getvalue().strip()  # every example prints what it shows


@pytest.mark.parametrize("name", layout_table.names())
def test_the_layout_tables_are_the_codes(name: str) -> None:
    """After changing a piece: ``python -m soloboard.research.layout_table`` prints the new tables."""
    expected = layout_table.table(name)
    assert expected in TEXT, f"docs/research.md should hold this table:\n{expected}"
    rows = expected.splitlines()[3:-1]
    assert [r.split(" | ")[0].strip("|` ") for r in rows] == [p[0] for p in layout_table.pieces(name)]


def test_the_action_numbering_is_the_codes() -> None:
    ranges = {"use a room": (A.USE, A.DISCARD - 1), "discard a die": (A.DISCARD, A.DIG - 1),
              "dig": (A.DIG, A.REMOVE - 1), "remove a robot": (A.REMOVE, A.INSTALL - 1),
              "install a robot": (A.INSTALL, A.DONE - 1), "spawn a ship": (A.SPAWN, A.SKIP - 1),
              "spawn a red ship (9-card edition)": (A.SPAWN_RED, A.SIX - 1),
              "set a die to 6 (Washington, damaged side)": (A.SIX, A.NO_SIX - 1)}
    for label, (first, last) in ranges.items():
        assert re.search(rf"\| {re.escape(label)} \|[^\n]*\| {first}\.\.{last}", TEXT), label
    for label, single in {"end the Rooms Phase": A.DONE, "decline a robot": A.SKIP,
                          "keep the roll (Washington, damaged side)": A.NO_SIX}.items():
        assert re.search(rf"\| {re.escape(label)} \|[^\n]*\| {single} \|", TEXT), label
    sizes = [soloboard.load_game("ufs").num_distinct_actions(),
             soloboard.load_game("ufs", city="washington", side="damaged").num_distinct_actions(),
             soloboard.load_game("ufs-pnp").num_distinct_actions(),
             soloboard.load_game("monstros").num_distinct_actions()]
    assert (f"({sizes[0]} boxed, {sizes[1]} for Washington's damaged side with its extra decision, "
            f"{sizes[2]} for the 9-card edition, {sizes[3]} Monstros)") in " ".join(TEXT.split())
