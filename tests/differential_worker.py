"""Seeded random games and a digest of every state they pass through, for tests/test_differential.py.

Run as ``python tests/differential_worker.py GAME COUNT`` (``SOLOBOARD_PURE=1``: on the pure-Python
source); prints one JSON object: which engine modules ran compiled, and one digest per game. Game ``i``
plays the ``i``-th setting of the game's parameters in turn, its chance and its moves drawn from
``Random(f"{GAME}/{i}")``, so both builds play the same games as long as they agree.

A game's digest covers, at every step: every field of the state (its shared tables aside), who
moves, the legal actions (and at chance nodes of every tenth game the outcomes with their
probabilities), the action taken; at the end: the returns, the save (``to_json``) and, for every
tenth game, the whole event log replayed (``events()``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from typing import Any

import soloboard
from soloboard.core.registry import kit, load_game

# fields that hold the game's shared tables, the recording list or a start position: the same objects in
# every state of a game (their contents are what the save and the events show), not part of the position
SHARED = frozenset({"game", "rules", "layout", "base", "sky", "deck", "_ev", "origin", "__dict__"})
# the parameters swept, with every value the kit lists (the others keep their defaults)
SWEPT = {
    "ufs": ("city", "side", "threat", "unidentified_action"),
    "ufs-pnp": ("level", "energy_rule"),
    "monstros": ("players", "difficulty", "five_removal"),
}


def settings(name: str) -> list[dict[str, Any]]:
    """Every combination of the swept parameters that the game accepts."""
    game_kit = kit(name)
    names = SWEPT[name]
    found = []
    for values in itertools.product(*(game_kit.choices(n) for n in names)):
        params = dict(zip(names, values, strict=True))
        try:
            load_game(name, **params)
        except ValueError:  # e.g. a 9-card level whose cards' difficult sides are not all known
            continue
        found.append(params)
    return found


def fields(state: Any) -> list[str]:
    """The state's fields: its class's slots in pure Python, its native attributes when compiled."""
    names: set[str] = set()
    for klass in type(state).__mro__:
        declared = klass.__dict__.get("__slots__") or klass.__dict__.get("__mypyc_attrs__", ())
        names.update((declared,) if isinstance(declared, str) else declared)
    return sorted(names - SHARED)


def play(game: Any, rng: random.Random, thorough: bool) -> str:
    digest = hashlib.blake2b(digest_size=16)
    state = game.new_initial_state()
    names = fields(state)
    while True:
        values = tuple(getattr(state, n) for n in names)
        player = state.current_player()
        digest.update(repr((values, player)).encode())
        if state.is_terminal():
            break
        if state.is_chance_node():
            if thorough:
                digest.update(repr(state.chance_outcomes()).encode())
            action = state.sample_chance_outcome(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            digest.update(repr(legal).encode())
        digest.update(str(action).encode())
        state.apply_action(action)
    digest.update(repr(state.returns()).encode())
    digest.update(state.to_json().encode())
    if thorough:
        digest.update(json.dumps(state.events(), sort_keys=True).encode())
    return digest.hexdigest()


def run(name: str, count: int) -> dict[str, Any]:
    every = settings(name)
    games = [load_game(name, **params) for params in every]
    digests = [play(games[i % len(games)], random.Random(f"{name}/{i}"), i % 10 == 0) for i in range(count)]
    return {"compiled": soloboard.compiled_modules(), "settings": every, "digests": digests}


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], int(sys.argv[2]))))
