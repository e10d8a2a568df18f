"""The loader and the engine agree: every position the engine reaches loads back without its history.

A save whose history is stripped is loaded from its position alone, through the checks
``soloboard.ufs.serialize`` makes on hand-made positions. Those checks must refuse only
what the rules cannot produce, so random games of both editions (every city side and
threat level; the 9-card edition at every playable difficulty) are saved at many points,
not only at the end, stripped of their history, loaded, and compared with the original:
same position, same legal moves, and the same next position after the same move.

The suite plays about 1,000 games per edition; ``python tests/test_reload_sweep.py 20000``
runs a longer sweep and prints what was refused.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

import soloboard
from soloboard.core.errors import InvalidSaveError
from soloboard.ufs.serialize import position_dict

GAMES = 1000  # per edition in the suite
USE, DIG, REMOVE, INSTALL, DONE = 360, 420, 450, 480, 510
SKY = ("sky-1", "sky-2", "sky-3", "sky-4")


def edition_params(edition: str) -> list[dict[str, Any]]:
    """The games a sweep cycles through."""
    if edition == "ufs":
        return [{"city": city, "side": side, "threat": threat}
                for city in ("roswell", "new-york", "washington") for side in ("blue", "damaged")
                for threat in range(5)]
    combos = [list(c) for n in range(len(SKY) + 1) for c in itertools.combinations(SKY, n)]
    return [{**params, "energy_rule": rule}
            for params in [{"level": n} for n in range(5)] + [{"difficult": c} for c in combos]
            for rule in ("max", "add")]


def stripped_save(state: Any) -> str:
    """``state.to_json()`` without its history (built directly: ``to_json`` replays the whole game)."""
    game = state.game
    data = {"format": "soloboard-state", "version": 1, "game": game.short_name, "params": game.parameters(),
            "position": position_dict(state)}
    return json.dumps(data)


def choose(state: Any, rng: random.Random, eager: bool) -> int:
    """A random legal move; ``eager`` play mostly uses rooms, digs and installs, to reach deeper positions."""
    acts = state.legal_actions()
    if eager:
        useful = [a for a in acts if USE <= a < REMOVE or INSTALL <= a < DONE]
        if useful and rng.random() < 0.85:
            return rng.choice(useful)
    return rng.choice(acts)


def check_reload(state: Any, following: int | None) -> str:
    """'' if ``state`` loads back from its position alone and plays on the same; else what went wrong."""
    try:
        loaded = soloboard.state_from_json(stripped_save(state))
    except InvalidSaveError as exc:
        return f"refused: {exc}"
    # what ``loaded == state`` compares, without its cost (this runs tens of thousands of times)
    if loaded.game.parameters() != state.game.parameters() or position_dict(loaded) != position_dict(state):
        return "loaded with a different position"
    if loaded.legal_actions() != state.legal_actions():
        return f"different legal moves in the {state.phase_name} phase"
    if state.is_chance_node() and loaded.chance_outcomes() != state.chance_outcomes():
        return "different chance outcomes"
    if following is not None:
        after = state.clone()
        after.apply_action(following)
        loaded.apply_action(following)
        if position_dict(loaded) != position_dict(after):
            return f"a different position after the next move in the {state.phase_name} phase"
    return ""


def sweep(edition: str, games: int, seed: int = 0) -> tuple[int, Counter[str], dict[str, str]]:
    """Play ``games`` random games; check positions along the way. Returns (positions checked, failures, examples)."""
    rng = random.Random(f"{edition}-{seed}")
    params = edition_params(edition)
    loaded_games = [soloboard.load_game(edition, **p) for p in params]
    checked = 0
    failures: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for n in range(games):
        game = loaded_games[n % len(loaded_games)]
        state = game.new_initial_state()
        eager = rng.random() < 0.7
        while True:
            following = None
            if not state.is_terminal():
                following = state.sample_chance_outcome(rng) if state.is_chance_node() else choose(state, rng, eager)
            # every decision that is not a die placement, every final position, and one position in four
            rare = state.phase_name not in ("place", "roll", "rooms")
            if state.sky is not None and (rare or following is None or rng.random() < 0.25):
                checked += 1
                problem = check_reload(state, following)
                if problem:
                    key = problem[:120]
                    failures[key] += 1
                    examples.setdefault(key, f"{game!r}: {stripped_save(state)}")
            if following is None:
                break
            state.apply_action(following)
    return checked, failures, examples


@pytest.mark.parametrize("edition", ["ufs", "ufs-pnp"])
def test_every_position_of_random_games_loads_back_without_its_history(edition: str) -> None:
    checked, failures, examples = sweep(edition, GAMES)
    assert checked > 10 * GAMES
    assert not failures, "\n".join(f"{count} x {problem}\n  e.g. {examples[problem][:3000]}"
                                   for problem, count in failures.most_common(5))


def test_the_stripped_save_is_the_saved_file_without_its_history() -> None:
    rng = random.Random(3)
    for edition, params in (("ufs", {"threat": 1}), ("ufs-pnp", {"level": 2})):
        state = soloboard.load_game(edition, **params).new_initial_state()
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else choose(state, rng, True))
        full = json.loads(state.to_json())
        for key in ("history", "history_notation"):
            del full[key]
        assert json.loads(stripped_save(state)) == full


def test_a_nine_card_spawn_choice_between_two_ships_in_one_column_loads() -> None:
    # one free drop point (d) and a green and a red ship waiting: the choice is which ship goes there
    sky = ["GGG.G"] + ["....."] * 15
    position = {
        "phase": "spawn", "round": 3, "card_sides": ["easy"] * 8, "mothership_row": 0, "sky": sky,
        "waiting": {"green": 1, "red": 1}, "red_supply": 1, "research": 0, "energy": 2, "damage": 1,
        "excavator": "e2", "dice": {}, "robots": {}, "unplaced": {"black": [], "white": []},
        "columns_used": "abcde", "dig_die": None, "result": None, "loss_cause": None, "spawn_options": ["d"],
    }
    data = {"format": "soloboard-state", "version": 1, "game": "ufs-pnp", "params": {"level": 0},
            "position": position}
    state = soloboard.state_from_json(json.dumps(data))
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["spawn d", "spawn red d"]
    for options, message in ((["d", "e"], r"the rules offer \['d'\] here"), ([], r"the rules offer \['d'\]")):
        position["spawn_options"] = options
        with pytest.raises(InvalidSaveError, match=message):
            soloboard.state_from_json(json.dumps(data))
    position |= {"waiting": {"green": 1, "red": 0}, "red_supply": 2, "spawn_options": ["d"]}
    with pytest.raises(InvalidSaveError, match="no choice of where"):  # one ship, one place: nothing to decide
        soloboard.state_from_json(json.dumps(data))


if __name__ == "__main__":  # a longer sweep by hand: python tests/test_reload_sweep.py 20000
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    for name in sys.argv[2:] or ["ufs", "ufs-pnp"]:
        checked, failures, examples = sweep(name, count, seed=1)
        print(f"{name}: {count} games, {checked} positions reloaded, {sum(failures.values())} refused or different")
        for problem, times in failures.most_common():
            print(f"  {times} x {problem}\n    e.g. {examples[problem][:600]}")
