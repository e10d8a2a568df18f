"""Perft-style golden data: fixed games written out move by move, with the legal-move count at every decision.

python-chess checks its move generator against files a person can read: a position and the number
of moves it has. Here each game of ``CONFIGS`` is played many times from the start to the end by a
fixed rule from fixed seeds, and ``tests/data/perft-<game>.txt`` lists every step of every game in
the game's own notation (``state.action_to_string``), with, at each decision node, how many legal
moves the engine offers there. Any change to move generation (or to the rules that lead to the
positions) shows up as a changed line; ``tests/test_perft.py`` replays the files from their
notation and names the file line of the first node that differs, with the moves that led to it.

The games. For game ``i`` of the configuration labelled ``L`` (``key=value`` pairs joined by
commas, the parameters of ``soloboard.load_game``): ``rng = random.Random(f"{L}/{i}")``; at a chance
node the outcome is ``rng.choices`` over ``state.chance_outcomes()`` weighted by their
probabilities; at a decision node the move is ``legal[rng.randrange(len(legal))]`` with
``legal = state.legal_actions()``.

The layout of a file (its header comment says the same). A block per game: a line
``game L/i``, then one line per step in the order played, then a blank line::

    game city=roswell,threat=0/0
           roll G156 W46          a chance event: the count column is blank
    legal  G1a0, G1a1, ...        every legal move of the next decision node, sorted
       72  W6b0                   a decision node: 72 legal moves there, W6b0 the one played
       45  G4d1

The count is the number of legal moves (``len(state.legal_actions())``) in the position reached by
the lines above it in the block. A ``legal`` line is given at decision nodes 1, 26, 51, ... of
each game (``LEGAL_EVERY``), so that some counts can be checked by eye against the moves themselves.
In a game of several seats a decision reads ``4  seat 2: play pa``: the seat to decide, counted
from 1 as the rulebook does. Each block runs to the game's end.

The files hold no action ids: the test replays them with ``state.string_to_action``, so the action
numbering may be renamed without regenerating. (The rule that made the games indexes
``legal_actions()`` and ``chance_outcomes()`` in the engine's order, so a renumbering that also
reorders those lists makes the rule play other games: the counts still check out against the
files, which is the check that matters, and only ``test_the_rule_still_plays_the_datas_moves``,
which keeps this generator and the files in step, asks for ``--update``.)

Usage (from the repository root)::

    .venv/bin/python tests/perft_generate.py            # compare with the data; exit 1 on a difference
    .venv/bin/python tests/perft_generate.py --update   # rewrite the data after an intended change
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import soloboard

DATA = Path(__file__).parent / "data"

# game -> [(parameters, games)]: a few hundred games per game, every city and side, several threats
CONFIGS: dict[str, list[tuple[dict[str, Any], int]]] = {
    "ufs": [
        ({"city": "roswell", "threat": 0}, 40),
        ({"city": "roswell", "threat": 2, "side": "damaged"}, 40),
        ({"city": "new-york", "threat": 1}, 40),
        ({"city": "new-york", "threat": 4, "side": "damaged"}, 40),
        ({"city": "washington", "threat": 0}, 40),
        ({"city": "washington", "threat": 3}, 40),
        ({"city": "washington", "threat": 1, "side": "damaged"}, 40),
        ({"city": "roswell", "sky": "TETE", "unidentified_action": "none"}, 30),
    ],
    "ufs-pnp": [
        ({"level": 0}, 150),
        ({"level": 0, "energy_rule": "add"}, 150),
    ],
    "monstros": [
        ({"players": 1}, 100),
        ({"players": 1, "difficulty": "epico"}, 50),
        ({"players": 3}, 100),
        ({"players": 3, "difficulty": "medio", "five_removal": "forced-only"}, 50),
    ],
}

COUNT_WIDTH = 5  # the left column: a count, blank for a chance event, or LEGAL
LEGAL = "legal"
GAME = "game "
SEAT = "seat "
LEGAL_EVERY = 25  # list the legal moves at decision nodes 1, 26, 51, ... of each game: the files stay small


@dataclass(frozen=True)
class Step:
    """One line of a game: a chance event (``count`` None) or a decision and its legal-move count."""

    text: str  # the move or chance outcome, as ``action_to_string`` writes it
    count: int | None = None
    seat: int | None = None  # counted from 0 as the API does; only in games of several seats
    legal: tuple[str, ...] | None = None  # every legal move here, sorted (on some decision nodes)
    line: int = 0  # where the step stands in its file (1-based; 0: not read from a file)


def label(params: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def choose(rng: random.Random, state: Any) -> int:
    """The fixed rule: the action it plays in ``state`` (a chance outcome or a legal move)."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return pick(rng, [a for a, _ in outcomes], [p for _, p in outcomes])
    return pick(rng, state.legal_actions())


def pick(rng: random.Random, actions: list[int], weights: list[float] | None = None) -> int:
    """The rule's draw among ``actions``: weighted at a chance node, uniform at a decision node."""
    if weights is not None:
        return rng.choices(actions, weights)[0]
    return actions[rng.randrange(len(actions))]


def legal_strings(state: Any) -> tuple[str, ...]:
    # sorted by notation, not by action id, so that the files do not depend on the numbering
    return tuple(sorted(state.action_to_string(a) for a in state.legal_actions()))


def play(game: Any, seed: str) -> list[Step]:
    """One game by the fixed rule, step by step."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seats = game.num_players() > 1
    steps: list[Step] = []
    decisions = 0
    while not state.is_terminal():
        action = choose(rng, state)
        if state.is_chance_node():
            steps.append(Step(state.action_to_string(action)))
        else:
            steps.append(Step(state.action_to_string(action), len(state.legal_actions()),
                              state.current_player() if seats else None,
                              legal_strings(state) if decisions % LEGAL_EVERY == 0 else None))
            decisions += 1
        state.apply_action(action)
    return steps


def games(name: str) -> Iterator[tuple[str, Any, str]]:
    """(key, game, seed) of every game of ``name``'s configurations."""
    for params, n in CONFIGS[name]:
        game = soloboard.load_game(name, **params)
        for i in range(n):
            key = f"{label(params)}/{i}"
            yield key, game, key


def path_for(name: str) -> Path:
    return DATA / f"perft-{name}.txt"


def generate(name: str) -> dict[str, list[Step]]:
    return {key: play(game, seed) for key, game, seed in games(name)}


def step_lines(step: Step) -> list[str]:
    # a spelling the layout could not read back would break the files silently: refuse it here
    for text in (step.text, *(step.legal or ())):
        if ", " in text or text.startswith(SEAT) or text != text.strip() or "\n" in text:
            raise ValueError(f"{text!r}: the perft layout cannot hold this notation")
    blank = " " * COUNT_WIDTH
    if step.count is None:
        return [f"{blank}  {step.text}"]
    lines = [f"{LEGAL:>{COUNT_WIDTH}}  {', '.join(step.legal)}"] if step.legal is not None else []
    seat = "" if step.seat is None else f"{SEAT}{step.seat + 1}: "
    return [*lines, f"{step.count:>{COUNT_WIDTH}}  {seat}{step.text}"]


def example(step: Step, *notes: str) -> list[str]:
    """Comment lines showing ``step`` as the file writes it, with ``notes`` beside its lines."""
    lines = step_lines(step)
    lines += [""] * (len(notes) - len(lines))  # a long note runs on under its line
    return [f"# {line:<26} {note}".rstrip() for line, note in zip(lines, notes, strict=False)]


def header(name: str) -> list[str]:
    configs = [f"#   {label(params):<48} games 0..{n - 1}" for params, n in CONFIGS[name]]
    return [
        f"# perft data for {name}: fixed games move by move, with the number of legal moves at every decision node.",
        "# Generated by tests/perft_generate.py (its docstring says more) and checked by tests/test_perft.py,",
        "# which replays every game from the notation below. Do not edit by hand: after an intended change",
        "# of move generation, check the failure is the change you meant, then run",
        "#   .venv/bin/python tests/perft_generate.py --update",
        "#",
        f'# The games: soloboard.load_game("{name}", **parameters) for each configuration',
        *configs,
        '# and game i of a configuration L is played from the start to the end with rng = random.Random("L/i"):',
        "#   at a chance node:   rng.choices over state.chance_outcomes(), weighted by their probabilities;",
        "#   at a decision node: legal[rng.randrange(len(legal))], legal = state.legal_actions().",
        "#",
        "# A block per game: 'game L/i', then one line per step in the order played (each block runs to the",
        "# game's end), every move in the game's notation (state.action_to_string):",
        *example(Step("roll G156 W46"), "a chance event (the count column is blank)"),
        *example(Step("W6b0", 72, legal=("G1a0", "G1a1", "...")),
                 f"every legal move at the next decision node, sorted (decision nodes 1, {LEGAL_EVERY + 1}, "
                 f"{2 * LEGAL_EVERY + 1}, ... of a game)",
                 "a decision node: the engine offers 72 legal moves in the position the lines above",
                 "reach, and W6b0 is the one the rule played"),
        *example(Step("play pa", 4, seat=1), "in a game of several seats, the seat to decide (counted from 1)"),
        "# The files carry no action ids (the test replays them with state.string_to_action): the numbering",
        "# may change without regenerating them.",
    ]


def render(name: str, data: dict[str, list[Step]]) -> str:
    lines = [*header(name), ""]
    for key, steps in data.items():
        lines.append(f"{GAME}{key}")
        for step in steps:
            lines.extend(step_lines(step))
        lines.append("")
    return "\n".join(lines)


def parse(text: str) -> dict[str, list[Step]]:
    """The games of a data file (key -> steps, each with its line number); ValueError names a bad line."""
    data: dict[str, list[Step]] = {}
    steps: list[Step] | None = None
    legal: tuple[str, ...] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith(GAME):
            key = line[len(GAME):].strip()
            if key in data:
                raise ValueError(f"line {number}: game {key} appears twice")
            steps = data[key] = []
            continue
        column, sep, text_ = line[:COUNT_WIDTH].strip(), line[COUNT_WIDTH:COUNT_WIDTH + 2], line[COUNT_WIDTH + 2:]
        if steps is None or sep != "  " or not text_.strip() or (legal is not None and not column.isdigit()):
            raise ValueError(f"line {number}: not a line of a game: {line[:80]!r}")
        if column == LEGAL:
            legal = tuple(text_.split(", "))
        elif not column:
            steps.append(Step(text_, line=number))
        elif column.isdigit():
            seat = None
            if text_.startswith(SEAT):
                shown, _, text_ = text_[len(SEAT):].partition(": ")
                seat = int(shown) - 1
            steps.append(Step(text_, int(column), seat, legal, number))
            legal = None
        else:
            raise ValueError(f"line {number}: not a line of a game: {line[:80]!r}")
    if legal is not None:
        raise ValueError("the file ends with a list of legal moves and no decision")
    return data


def read(name: str) -> dict[str, list[Step]]:
    return parse(path_for(name).read_text(encoding="utf-8"))


def write(name: str, data: dict[str, list[Step]]) -> None:
    DATA.mkdir(exist_ok=True)
    path_for(name).write_text(render(name, data), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="rewrite tests/data/perft-*.txt")
    parser.add_argument("games", nargs="*", default=sorted(CONFIGS), help="which games (default: all)")
    args = parser.parse_args(argv)
    differ = 0
    for name in args.games:
        data = generate(name)
        nodes = sum(step.count is not None for steps in data.values() for step in steps)
        new = render(name, data)
        if args.update:
            write(name, data)
            print(f"{name}: wrote {len(data)} games, {nodes} decision nodes to {path_for(name)}")
            continue
        old = path_for(name).read_text(encoding="utf-8") if path_for(name).exists() else ""
        # line by line, so that the report points at the file line an editor opens
        first = next((i for i, (a, b) in enumerate(zip(new.splitlines(), old.splitlines(), strict=False), 1)
                      if a != b), None)
        if first is None and new != old:
            first = min(len(new.splitlines()), len(old.splitlines())) + 1
        differ += first is not None
        print(f"{name}: {len(data)} games, {nodes} decision nodes, "
              + ("the data agrees" if first is None else f"the data differs from line {first} of {path_for(name)}"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
