"""Perft-style golden test: move generation along fixed games matches the stored counts.

``tests/data/perft-<game>.txt`` lists, for a few hundred games per game played by a fixed rule
from fixed seeds (``tests/perft_generate.py`` says how), every step in the game's notation and
the number of legal moves at every decision node. The test replays each game from that notation
(``state.string_to_action``, chance events included), so the files do not depend on action ids.
A failure names the file line of the first node that differs, the game, the moves that led to
it and the legal moves there. The same replay checks that the generator's rule still plays the
data's moves, so that the generator and the data stay in step. If move generation was meant to
change (a rule fixed, a ruling applied), check that the failure is the change you meant, then
regenerate the data:

    .venv/bin/python tests/perft_generate.py --update

and commit the data with the change, so the diff shows which games and positions it touched.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

import perft_generate as P

UPDATE = "If move generation was meant to change, run: .venv/bin/python tests/perft_generate.py --update"


@dataclass(frozen=True)
class Replay:
    """What replaying one file found: the first node that differs, and the first move the rule would not play."""

    count: str | None = None
    rule: str | None = None
    games_differ: int = 0
    games_off_rule: int = 0


def legal_now(state: Any) -> list[str]:
    if state.is_terminal():
        return []
    if state.is_chance_node():
        return sorted(state.action_to_string(a) for a, p in state.chance_outcomes() if p > 0)
    return list(P.legal_strings(state))


def mismatch(state: Any, step: P.Step, actions: list[int], weights: list[float] | None) -> str | None:
    """What differs between the engine's node and the data's ``step`` (None: they agree).

    ``actions`` are the node's legal moves, or its chance outcomes with their ``weights``.
    """
    if state.is_terminal():
        return f"the game is over, the data goes on with {step.text!r}"
    chance = weights is not None
    if chance and step.count is not None:
        return f"the engine has a chance event here, the data says {step.count} legal moves"
    if not chance:
        if step.count is None:
            return f"the engine offers {len(actions)} legal moves here, the data has the chance event {step.text!r}"
        if len(actions) != step.count:
            return f"the engine offers {len(actions)} legal moves, the data says {step.count}"
        if step.legal is not None and (now := P.legal_strings(state)) != step.legal:
            missing, extra = sorted(set(step.legal) - set(now)), sorted(set(now) - set(step.legal))
            return f"the legal moves differ from the data's: not offered {missing}, new {extra}"
        if step.seat is not None and state.current_player() != step.seat:
            return f"seat {state.current_player() + 1} decides, the data says seat {step.seat + 1}"
    return None


def read_action(state: Any, step: P.Step, actions: list[int], weights: list[float] | None) -> tuple[str | None, int]:
    """The action ``step`` names here, or what is wrong with its text."""
    try:
        action = state.string_to_action(step.text)
    except Exception as error:  # any refusal is a difference worth locating, whatever its type
        return f"the engine does not read {step.text!r} here: {error}", -1
    offered = action in actions and (weights is None or weights[actions.index(action)] > 0)
    # the round trip too: the data holds the engine's own spelling, so a reader can search for it
    if not offered or state.action_to_string(action) != step.text:
        return f"{step.text!r} is not one of the moves offered here", -1
    return None, action


def replay_game(name: str, key: str, game: Any, seed: str, steps: list[P.Step]) -> tuple[str | None, str | None]:
    """Replay ``steps`` from their notation: (where the counts differ, where the rule plays otherwise), in words."""
    rng: random.Random | None = random.Random(seed)  # None once the rule has left the data's moves
    off_rule: str | None = None
    state = game.new_initial_state()
    before: list[str] = []
    decisions = 0

    def report(line: int, what: str) -> str:
        if state.is_terminal():
            node = "the game's end"
        elif state.is_chance_node():
            node = f"the chance event after decision node {decisions}" if decisions else "a chance event"
        else:
            node = f"decision node {decisions + 1}"
        moves = "; ".join(before[-12:]) if before else "(none: the game's first step)"
        return (f"{P.path_for(name).name} line {line}, game {key}, {node}: {what}\n"
                f"Moves before it: {'...; ' if len(before) > 12 else ''}{moves}\n"
                f"Legal now: {', '.join(legal_now(state))}\n{UPDATE}")

    for step in steps:
        actions: list[int] = []
        weights: list[float] | None = None
        if state.is_terminal():
            pass
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions, weights = [a for a, _ in outcomes], [p for _, p in outcomes]
        else:
            actions = state.legal_actions()
        what, action = mismatch(state, step, actions, weights), -1
        if what is None:
            what, action = read_action(state, step, actions, weights)
        if what is not None:
            return report(step.line, what), off_rule
        if rng is not None and (picked := P.pick(rng, actions, weights)) != action:
            off_rule = report(step.line, f"the rule plays {state.action_to_string(picked)!r} here, the data has "
                                         f"{step.text!r}: the generator and the data are out of step")
            rng = None  # its draws no longer match the data's positions
        before.append(step.text)
        decisions += step.count is not None
        state.apply_action(action)
    if not state.is_terminal():
        return report(steps[-1].line if steps else 0, "the data's game ends here, the engine's goes on"), off_rule
    return None, off_rule


def replay(name: str, data: dict[str, list[P.Step]], only: set[str] | None = None) -> Replay:
    """Replay every game of ``data`` (or those in ``only``) against the engine."""
    count = rule = None
    differ = off = 0
    for key, game, seed in P.games(name):
        if only is not None and key not in only:
            continue
        found, off_rule = replay_game(name, key, game, seed, data[key])
        count, rule = count or found, rule or off_rule
        differ, off = differ + (found is not None), off + (off_rule is not None)
    return Replay(count, rule, differ, off)


@functools.cache
def stored(name: str) -> dict[str, list[P.Step]]:
    return P.read(name)


@functools.cache
def replayed(name: str) -> Replay:
    # one replay serves both the count test and the rule test: it is most of their time
    return replay(name, stored(name))


@pytest.mark.parametrize("name", sorted(P.CONFIGS))
def test_the_data_holds_the_generators_games(name: str) -> None:
    keys = [key for key, _, _ in P.games(name)]
    assert list(stored(name)) == keys, (
        "the data's games are not the generator's configurations: run tests/perft_generate.py --update"
    )


@pytest.mark.parametrize("name", sorted(P.CONFIGS))
def test_legal_action_counts_match_the_golden_data(name: str) -> None:
    result = replayed(name)
    if result.count is not None:  # the message is the report: no need for pytest to repeat it as a repr
        pytest.fail(f"{result.count}\n(games that differ: {result.games_differ})", pytrace=False)


@pytest.mark.parametrize("name", sorted(P.CONFIGS))
def test_the_rule_still_plays_the_datas_moves(name: str) -> None:
    result = replayed(name)
    if result.rule is not None:
        pytest.fail(f"{result.rule}\n(games where the rule plays otherwise: {result.games_off_rule})", pytrace=False)


def decision_lines(text: str, key: str) -> list[int]:
    """The 0-based indices, in ``text.splitlines()``, of the decision lines of game ``key``."""
    lines = text.splitlines()
    start = lines.index(f"{P.GAME}{key}")
    end = lines.index("", start)
    return [i for i in range(start + 1, end) if lines[i][:P.COUNT_WIDTH].strip().isdigit()]


def test_a_changed_count_is_caught_and_located() -> None:
    text = P.path_for("ufs").read_text(encoding="utf-8")
    key = next(iter(stored("ufs")))
    lines = text.splitlines()
    index = decision_lines(text, key)[7]
    count = int(lines[index][:P.COUNT_WIDTH])
    lines[index] = f"{count + 1:>{P.COUNT_WIDTH}}{lines[index][P.COUNT_WIDTH:]}"
    result = replay("ufs", P.parse("\n".join(lines)), only={key})
    assert result.count is not None and result.games_differ == 1
    assert (f"perft-ufs.txt line {index + 1}, game {key}, decision node 8: the engine offers {count} legal moves, "
            f"the data says {count + 1}") in result.count
    assert "Moves before it: " in result.count and "Legal now: " in result.count and "--update" in result.count


def test_a_changed_move_is_caught_by_the_rule_check() -> None:
    key = next(iter(stored("ufs")))
    steps = list(stored("ufs")[key])
    # another legal move of the first decision: still a legal game step, but not the rule's
    first = next(i for i, step in enumerate(steps) if step.legal is not None)
    other = next(move for move in steps[first].legal or () if move != steps[first].text)
    steps[first] = replace(steps[first], text=other)
    result = replay("ufs", {key: steps}, only={key})
    assert result.rule is not None
    assert (f"perft-ufs.txt line {steps[first].line}, game {key}, decision node 1: the rule plays "
            f"{stored('ufs')[key][first].text!r} here, the data has {other!r}") in result.rule


def test_the_rule_is_deterministic_and_counts_every_decision() -> None:
    game = P.soloboard.load_game("ufs", city="roswell", threat=2)
    first = P.play(game, "determinism/0")
    assert P.play(game, "determinism/0") == first
    assert P.play(game, "determinism/1") != first
    # the counts stand at decision nodes only, the chance events between them, and the notation replays
    assert replay_game("ufs", "determinism/0", game, "determinism/0", first) == (None, None)
    assert sum(step.count is not None for step in first) > 10
    assert any(step.count is None for step in first)
