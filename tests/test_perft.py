"""Perft-style golden test: move generation along fixed games matches the stored counts.

``tests/data/perft-<game>.txt`` holds, for a few hundred games per game played by a fixed
rule from fixed seeds (``tests/perft_generate.py`` says how), the number of legal actions
at every decision node. A failure names the first node that differs and the moves that
led to it. If move generation was meant to change (a rule fixed, a ruling applied),
check that the failure is the change you meant, then regenerate the data:

    .venv/bin/python tests/perft_generate.py --update

and commit the data with the change, so the diff shows which games it touched.
"""

from __future__ import annotations

import pytest

import perft_generate as P


def first_difference(name: str, stored: dict[str, str], only: set[str] | None = None) -> str | None:
    """The first game whose counts differ from ``stored``, in words (None: all agree)."""
    for key, game, seed in P.games(name):
        if only is not None and key not in only:
            continue
        counts, history = P.play(game, seed)
        expected = P.decode(stored[key])
        if counts == expected:
            continue
        node = next((i for i, (a, b) in enumerate(zip(counts, expected, strict=False)) if a != b),
                    min(len(counts), len(expected)))
        # replay to the differing node to name the moves that led there
        state = game.new_initial_state()
        moves: list[str] = []
        decisions = 0
        for action in history:
            if not state.is_chance_node():
                if decisions == node:
                    break
                decisions += 1
            moves.append(state.action_to_string(action))
            state.apply_action(action)
        got = counts[node] if node < len(counts) else "the game's end"
        want = expected[node] if node < len(expected) else "the game's end"
        legal = [state.action_to_string(a) for a in state.legal_actions()] if not state.is_terminal() else []
        return (
            f"{name} game {key}: decision node {node} has {got} legal actions, the data says {want}.\n"
            f"Moves before it: {'; '.join(moves[-12:])}\nLegal now: {', '.join(legal)}\n"
            "If move generation was meant to change, run: .venv/bin/python tests/perft_generate.py --update"
        )
    return None


@pytest.mark.parametrize("name", sorted(P.CONFIGS))
def test_legal_action_counts_match_the_golden_data(name: str) -> None:
    stored = P.read(name)
    keys = [key for key, _, _ in P.games(name)]
    assert sorted(stored) == sorted(keys), (
        "the data's games are not the generator's configurations: run tests/perft_generate.py --update"
    )
    difference = first_difference(name, stored)
    assert difference is None, difference


def test_a_changed_count_is_caught_and_located() -> None:
    stored = P.read("ufs")
    key = next(iter(stored))
    counts = P.decode(stored[key])
    counts[7] += 1
    message = first_difference("ufs", {**stored, key: P.encode(counts)}, only={key})
    assert message is not None
    assert f"game {key}: decision node 7 has {counts[7] - 1} legal actions, the data says {counts[7]}" in message
    assert "Moves before it: " in message and "--update" in message


def test_the_encoding_round_trips() -> None:
    counts = [0, 1, 9, 10, 35, 61, 62, 145, 3, 1000]
    text = P.encode(counts)
    assert P.decode(text) == counts
    assert text.startswith("019az")  # one character per count below 62
    assert "{62}{145}" in text


def test_the_rule_is_deterministic_and_counts_every_decision() -> None:
    game = P.soloboard.load_game("ufs", city="roswell", threat=2)
    first = P.play(game, "determinism/0")
    assert P.play(game, "determinism/0") == first
    counts, history = first
    # the counts are taken at decision nodes only: replaying the history finds as many
    state = game.new_initial_state()
    seen = []
    for action in history:
        if not state.is_chance_node():
            seen.append(len(state.legal_actions()))
        state.apply_action(action)
    assert state.is_terminal()
    assert seen == counts and len(counts) > 10
    assert P.play(game, "determinism/1") != first
