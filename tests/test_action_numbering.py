"""The action numbering is pinned: saves store action ids and are replayed from them.

``ufs/actions.py`` and ``monstros/actions.py`` derive every id from named counts; the numbers
those give are written out here by hand, so a change to a count, or a range moved, fails here
before it silently changes what an old save replays. The UFS module's notation table says the
same numbers.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import soloboard
import soloboard.ufs
from soloboard.monstros import actions as M
from soloboard.ufs import actions as U

UFS_NUMBERING = {
    "PLACE": 0, "USE": 360, "DISCARD": 390, "DIG": 420, "REMOVE": 450, "INSTALL": 480, "DONE": 510,
    "SPAWN": 511, "SKIP": 516, "SPAWN_RED": 517, "SIX": 522, "NO_SIX": 534, "NUM_ACTIONS": 535, "ONCE": 535,
    "ONCE_SLOTS": 8, "SPAWN_STRIDE": 6, "PLACE_COLOUR_STRIDE": 180, "PLACE_VALUE_STRIDE": 30, "SKY_CHANCE": 2352,
}
MONSTROS_NUMBERING = {
    "PLAY": 0, "RETURN": 16, "KEEP": 32, "TRIPLE": 33, "TRIPLE_WILD": 81, "FIVE": 82, "PASS": 83,
    "RESHUFFLE": 84, "NO_RESHUFFLE": 85, "REMOVE_TOWER": 86, "TOKEN": 87, "REROLL": 88, "SHIELD": 94,
    "DONE": 100, "HIT": 101, "PLACE": 485, "BOTTOM": 493, "STOP": 557, "NUM_ACTIONS": 558,
    "DRAW": 0, "ROLL": 64, "MAX_CHANCE_OUTCOMES": 525,
}


def _ufs_actions_doc() -> str:
    """``ufs/actions.py``'s docstring, from its source: a module compiled with mypyc (docs/speed.md) has none."""
    source = Path(inspect.getfile(soloboard.ufs)).with_name("actions.py").read_text(encoding="utf-8")
    return ast.get_docstring(ast.parse(source)) or ""


def test_the_ufs_numbering_is_the_one_saves_were_written_with() -> None:
    assert {name: getattr(U, name) for name in UFS_NUMBERING} == UFS_NUMBERING


def test_the_ufs_numbering_functions_give_the_same_ids() -> None:
    assert U.place_action(U.GRAY, 1, 0) == 0
    assert U.place_action(U.GRAY, 5, 13) == 133  # G5d2
    assert U.place_action(U.WHITE, 2, 0) == 210  # W2a0
    assert U.place_action(U.WHITE, 6, 29) == 359
    assert U.decode_place(133) == (U.GRAY, 5, 13) and U.decode_place(359) == (U.WHITE, 6, 29)
    assert [U.spawn_column(a) for a in (511, 515, 517, 521)] == [0, 4, 0, 4]
    assert U.six_action(U.GRAY, 3) == 524 and U.six_action(U.WHITE, 5) == 532
    assert U.decode_six(532) == (U.WHITE, 5)
    assert U.parse_player_action("G5d2") == 133 and U.parse_player_action("spawn red e", reinforcement="red") == 521


def test_the_ufs_notation_table_says_the_ids_the_module_numbers() -> None:
    doc = _ufs_actions_doc()
    rows = {line[:22].strip(): line[22:].split()[-1]
            for line in doc.splitlines() if re.search(r"\s\d+(\.\.\d+)?$", line) and "``" in line}
    assert rows == {
        "place a worker die": "0..359", "use a room": "360..389", "discard a die": "390..419",
        "dig (move excavator)": "420..449", "remove a robot": "450..479", "install a robot": "480..509",
        "end the Rooms Phase": "510", "spawn a ship": "511..515", "decline a robot": "516",
        "spawn a red ship": "517..521", "set a die to 6": "522..533", "keep the roll": "534",
        "once-per-game": "535..542",
    }
    ranges = {"place a worker die": (U.PLACE, U.USE - 1), "use a room": (U.USE, U.DISCARD - 1),
              "discard a die": (U.DISCARD, U.DIG - 1), "dig (move excavator)": (U.DIG, U.REMOVE - 1),
              "remove a robot": (U.REMOVE, U.INSTALL - 1), "install a robot": (U.INSTALL, U.DONE - 1),
              "spawn a ship": (U.SPAWN, U.SKIP - 1), "spawn a red ship": (U.SPAWN_RED, U.SIX - 1),
              "set a die to 6": (U.SIX, U.NO_SIX - 1), "once-per-game": (U.ONCE, U.ONCE + U.ONCE_SLOTS - 1)}
    for label, (first, last) in ranges.items():
        assert rows[label] == f"{first}..{last}", label
    for label, single in {"end the Rooms Phase": U.DONE, "decline a robot": U.SKIP, "keep the roll": U.NO_SIX}.items():
        assert rows[label] == str(single), label


def test_each_edition_numbers_the_ids_the_docstring_says() -> None:
    assert soloboard.load_game("ufs").num_distinct_actions() == 517
    assert soloboard.load_game("ufs", city="washington", side="damaged").num_distinct_actions() == 535
    assert soloboard.load_game("ufs-pnp").num_distinct_actions() == 522
    assert "517 boxed, 535 with the ability, 522 9-card" in " ".join(_ufs_actions_doc().split())


def test_the_monstros_numbering_is_the_one_saves_were_written_with() -> None:
    assert {name: getattr(M, name) for name in MONSTROS_NUMBERING} == MONSTROS_NUMBERING
    assert M.triple(2, 1) == 40 and M.decode_triple(40) == (2, 1) and M.decode_triple(81) == (-1, 3)
    assert M.hit(3, 6) == 124 and M.decode_hit(124) == (3, 6)
    assert soloboard.load_game("monstros").num_distinct_actions() == 558
