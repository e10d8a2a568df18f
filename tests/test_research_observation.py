"""Observation tensors and strings: shapes, ranges, meaning, and that they follow the position.

The tensor's pieces are decoded by name (``soloboard.*.observation.pieces``) and compared
with the state's own fields, so these tests check the documented layout, not just sizes.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from math import prod
from typing import Any

import pytest

import soloboard
from soloboard.core.chance import sample_outcome
from soloboard.monstros import observation as MO
from soloboard.ufs import observation as UO

UFS_SETTINGS = [
    ("ufs", {}),
    ("ufs", {"city": "new-york", "threat": 2}),
    ("ufs", {"city": "washington", "side": "damaged", "threat": 1}),  # an ability phase with its own decisions
    ("ufs", {"city": "roswell", "side": "damaged", "sky": "TETE", "unidentified_action": "none"}),
    ("ufs-pnp", {}),
    ("ufs-pnp", {"level": 2, "energy_rule": "add"}),
]
MONSTROS_SETTINGS = [
    ("monstros", {"players": 1}),
    ("monstros", {"players": 3, "difficulty": "medio"}),
    ("monstros", {"players": 6, "difficulty": "epico", "five_removal": "forced-only"}),
]


def random_states(game: Any, seed: int) -> Iterator[Any]:
    """Every state of one random game, the final one included (the same object, moved on)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        yield state


def split(pieces: list[Any], flat: list[float] | bytes) -> dict[str, list[int]]:
    out = {}
    start = 0
    for name, shape, _, _ in pieces:
        size = prod(shape)
        out[name] = [int(v) for v in flat[start:start + size]]
        start += size
    assert start == len(flat)
    return out


def highs(pieces: list[Any]) -> list[int]:
    out: list[int] = []
    for _, shape, high, _ in pieces:
        out.extend(high if isinstance(high, tuple) else [high] * prod(shape))
    return out


def one_hot(index: int, size: int) -> list[int]:
    return [1 if i == index else 0 for i in range(size)]


# --- Under Falling Skies ---------------------------------------------------------------------

def check_ufs(state: Any, obs: dict[str, list[int]]) -> None:
    from soloboard.ufs import state as S

    game = state.game
    assert obs["phase"] == one_hot(state.phase, len(S.PHASE_NAMES))
    assert obs["result"] == [int(state.result == 1.0), int(state.is_terminal() and state.result != 1.0)]
    assert obs["round"] == [state.round]
    assert obs["tracks"][0::2] == [state.research, state.energy, state.damage]
    if state.layout is not None:
        layout = state.layout
        assert obs["tracks"][1::2] == [layout.sky.research_last, layout.energy_max, layout.damage_limit]
    assert obs["ships"] == [int(v == S.PURPLE) for v in state.grid] + [int(v == S.WHITE_SHIP) for v in state.grid]
    assert obs["mothership_row"] == one_hot(state.mothership_row, game.sky_rows + 2)
    assert obs["ships_off_board"] == [state.waiting_primary, state.waiting_reinforcements, state.reinforcement_supply]
    assert obs["unplaced_dice"] == state.unplaced
    assert obs["columns_used"] == [state.columns_used >> c & 1 for c in range(5)]
    assert obs["dice"] == state.dice
    assert obs["robots"] == state.robots
    assert obs["exhausted"] == [state.exhausted >> s & 1 for s in range(30)]
    assert obs["dig_die"] == one_hot(state.dig_space, 30)
    if state.phase == S.ROLL:
        assert obs["to_roll"] == [state.to_roll_plain, state.to_roll_white]
    if state.phase == S.SPAWN:
        assert obs["spawn_options"] == [int(c in state.spawn_options) for c in range(5)]
    if state.base is not None:
        base = state.base
        assert obs["excavated"] == [int(base.pos[s] < state.excavator) for s in range(30)]
        if state.excavator < base.path_length:
            assert obs["excavator"] == one_hot(base.path[state.excavator], 30)
        for room in base.rooms:
            for s in room.spaces:
                assert obs["room_numbers"][s] == room.energy_cost
                assert obs["room_numbers"][30 + s] - obs["room_numbers"][60 + s] == room.modifier
    if state.sky is not None:
        hard = game.side_letters[1][0]
        assert obs["card_sides"] == [v for side in state.sky.sides for v in ((0, 1) if side == hard else (1, 0))]
        cells = (game.sky_rows + 1) * 5
        assert obs["explosions"] == [c - 10 if c >= 10 else 0 for c in state.sky.cell[:cells]]
    else:
        assert not any(obs["card_sides"]) and not any(obs["explosions"])


def test_room_links_rebuild_every_room() -> None:
    """The right/below links of room_links group the spaces exactly as the base's rooms."""
    for name, params in UFS_SETTINGS:
        game = soloboard.load_game(name, **params)
        state = next(s for s in random_states(game, 0) if s.base is not None)
        obs = split(UO.pieces(game), state.observation_tensor())
        right, down = obs["room_links"][:30], obs["room_links"][30:]
        parent = list(range(30))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        for s in range(30):
            if right[s]:
                parent[find(s + 1)] = find(s)
            if down[s]:
                parent[find(s + 5)] = find(s)
        for room in state.base.rooms:
            assert len({find(s) for s in room.spaces}) == 1
            others = [s for s in range(30) if s not in room.spaces and find(s) == find(room.spaces[0])]
            assert others == []


@pytest.mark.parametrize(("name", "params"), UFS_SETTINGS)
def test_ufs_observation_layout_and_meaning(name: str, params: dict[str, Any]) -> None:
    game = soloboard.load_game(name, **params)
    pieces = UO.pieces(game)
    assert game.observation_layout() == [(n, shape) for n, shape, _, _ in pieces]
    size = sum(prod(shape) for _, shape, _, _ in pieces)
    top = highs(pieces)
    for seed in range(4):
        for state in random_states(game, seed):
            tensor = state.observation_tensor()
            assert len(tensor) == size
            assert all(isinstance(v, float) for v in tensor)
            assert all(0 <= v <= h for v, h in zip(tensor, top, strict=True)), [
                (i, v, h) for i, (v, h) in enumerate(zip(tensor, top, strict=True)) if not 0 <= v <= h]
            check_ufs(state, split(pieces, tensor))


# --- Monstros ----------------------------------------------------------------------------------

def check_monstros(state: Any, seat: int, obs: dict[str, list[int]]) -> None:
    from soloboard.monstros import state as S

    game = state.game
    nk, km = len(state.deck.a_ids), len(state.deck.m_ids)
    assert obs["phase"] == one_hot(state.phase, len(S.PHASE_NAMES))
    assert obs["observer"] == one_hot(seat, game.players)
    assert obs["turn_seat"] == one_hot(state.seat, game.players)
    assert obs["actor"] == one_hot(state.actor, game.players)
    assert obs["tracks"] == [state.wall, state.invasion, state.built_towers, state.die_tokens, state.shields]
    assert obs["hands"] == state.hands
    assert obs["board"] == [v for k in state.board for v in one_hot(k, nk)] + [0] * nk * (5 - len(state.board))
    assert obs["action_deck"] == state.action_deck
    assert obs["action_discard"] == state.discard
    deck = Counter(k for _, cards in state.monster_deck for k in cards)
    assert obs["monster_deck"] == [deck[k] for k in range(km)]
    assert obs["monster_deck_size"] == [state.monster_deck_size()]
    assert obs["table"] == [state.table.count(k) for k in range(km)]
    assert obs["defeated"] == [state.defeated.count(k) for k in range(km)]
    top3 = list(reversed(state.defeated))[:3]
    assert obs["defeated_top"] == [v for k in top3 for v in one_hot(k, km)] + [0] * km * (3 - len(top3))
    assert obs["attack_dice"] == state.dice
    assert obs["target"] == one_hot(state.target_monster, km)
    assert obs["result"] == [int(state.result == 1.0), int(state.is_terminal() and state.result != 1.0)]
    assert obs["monster_kinds"][1::8] == list(state.deck.life)


@pytest.mark.parametrize(("name", "params"), MONSTROS_SETTINGS)
def test_monstros_observation_layout_and_meaning(name: str, params: dict[str, Any]) -> None:
    game = soloboard.load_game(name, **params)
    pieces = MO.pieces(game)
    assert game.observation_layout() == [(n, shape) for n, shape, _, _ in pieces]
    size = sum(prod(shape) for _, shape, _, _ in pieces)
    top = highs(pieces)
    for seed in range(6):
        for state in random_states(game, seed):
            for seat in range(game.players):
                tensor = state.observation_tensor(seat)
                assert len(tensor) == size
                assert all(0 <= v <= h for v, h in zip(tensor, top, strict=True))
                check_monstros(state, seat, split(pieces, tensor))
            default = state.actor if not state.is_chance_node() and not state.is_terminal() else None
            if default is not None:
                assert state.observation_tensor() == state.observation_tensor(default)


def test_monstros_observer_is_checked() -> None:
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    with pytest.raises(ValueError, match=r"seat 0\.\.1"):
        state.observation_tensor(2)
    with pytest.raises(ValueError, match=r"seat 0\.\.1"):
        state.observation_string(-1)


def test_ufs_has_one_observer() -> None:
    state = soloboard.load_game("ufs").new_initial_state()
    with pytest.raises(ValueError, match="one player"):
        state.observation_tensor(1)


# --- both games ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "params"), UFS_SETTINGS + MONSTROS_SETTINGS)
def test_the_tensor_follows_the_position(name: str, params: dict[str, Any]) -> None:
    """Whenever an action changes the position, the tensor changes; equal positions, equal tensors."""
    game = soloboard.load_game(name, **params)
    changed = 0
    for seed in range(3):
        states = random_states(game, seed)
        before = next(states)
        prev_pos, prev_tensor = game.position_dict(before), before.observation_tensor(0)
        for state in states:
            pos, tensor = game.position_dict(state), state.observation_tensor(0)
            if pos != prev_pos:
                assert tensor != prev_tensor, (pos, prev_pos)
                changed += 1
            assert state.clone().observation_tensor(0) == tensor
            prev_pos, prev_tensor = pos, tensor
    assert changed > 30


@pytest.mark.parametrize(("name", "params"), UFS_SETTINGS + MONSTROS_SETTINGS)
def test_observation_string_is_the_terminal_picture(name: str, params: dict[str, Any]) -> None:
    game = soloboard.load_game(name, **params)
    seen = set()
    for state in random_states(game, 1):
        text = state.observation_string(0)
        assert text == str(state)
        seen.add(text)
    assert len(seen) > 10


def test_every_setup_draw_gives_the_same_shape() -> None:
    """The shapes fit every layout the set-up draw can lead to (threat 2: six skies)."""
    game = soloboard.load_game("ufs", threat=2)
    state = game.new_initial_state()
    size = len(state.observation_tensor())
    sides = set()
    for action, _ in state.chance_outcomes():
        child = state.clone()
        child.apply_action(action)
        assert len(child.observation_tensor()) == size
        sides.add(tuple(child.observation_tensor()))
    assert len(sides) == len(state.chance_outcomes()) == 6


def test_observations_need_no_numpy_and_import_soloboard_stays_light() -> None:
    code = (
        "import sys, soloboard\n"
        "heavy = ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'open_spiel', 'soloboard.research')\n"
        "assert not [m for m in heavy if m in sys.modules], [m for m in heavy if m in sys.modules]\n"
        "for name, params in (('ufs', {}), ('ufs-pnp', {}), ('monstros', {'players': 3})):\n"
        "    game = soloboard.load_game(name, **params)\n"
        "    s = game.new_initial_state()\n"
        "    assert len(s.observation_tensor()) == sum(__import__('math').prod(sh) for _, sh in "
        "game.observation_layout())\n"
        "    s.observation_string()\n"
        "assert not [m for m in heavy if m in sys.modules], [m for m in heavy if m in sys.modules]\n"
        "print('light')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "light"
