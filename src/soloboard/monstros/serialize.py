"""The JSON form of a Monstros state (format ``soloboard-state``, version 1, game ``monstros``).

A save holds the game's parameters, the action history (chance outcomes included) and
the position it leads to. Loading replays the history, so every action is checked
against the rules, and then checks that the saved position is the replayed one, field by
field. See ``docs/monstros.md`` ("Saves").
"""

from __future__ import annotations

import json
from typing import Any

from soloboard.core.saves import FORMAT, check_position, game_from_save, history_from_save, replay
from soloboard.monstros.state import PHASE_NAMES, RESUME_NAMES, ROLL_MODES, MonstrosState

VERSION = 1


def _counts(ids: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {ids[k]: n for k, n in enumerate(counts) if n}


def position_dict(state: MonstrosState) -> dict[str, Any]:
    """Everything that makes the position, as JSON-ready data (card ids, not kind numbers)."""
    deck = state.deck
    m_ids = deck.m_ids
    a_ids = deck.a_ids

    def monsters(kinds: list[int] | tuple[int, ...]) -> list[str]:
        return [m_ids[k] for k in kinds]

    return {
        "phase": PHASE_NAMES[state.phase],
        "turn": state.round,
        "seat": state.seat,
        "to_act": state.actor,
        "wall": state.wall,
        "invasion": state.invasion,
        "built_towers": state.built_towers,
        "die_tokens": state.die_tokens,
        "shields": state.shields,
        "hands": [[a_ids[k] for k in state.hand(seat)] for seat in range(state.game.players)],
        "board": [a_ids[k] for k in state.board],
        "action_deck": _counts(a_ids, state.action_deck),
        "action_discard": _counts(a_ids, state.discard),
        "monster_deck": [{"order": "shuffled" if shuffled else "known", "cards": monsters(cards)}
                         for shuffled, cards in state.monster_deck],
        "table": monsters(state.table),
        "defeated": monsters(state.defeated),
        "revealed": monsters(state.revealed),
        "set_aside": monsters(state.set_aside),
        "to_order": monsters(state.to_order),
        "attack": {
            "dice": state.dice_values(),
            "on_monster": m_ids[state.target_monster] if state.target_monster >= 0 else None,
            "dice_on_monster": list(state.dice_on_target),
            "reroll": state.reroll_available,
            "to_roll": state.to_roll,
            "roll": ROLL_MODES[state.roll_mode],
        },
        "pending": {
            "resume": RESUME_NAMES[state.resume],
            "pick": state.picks_left,
            "blue_removed": state.blue_removed,
            "placed": state.monsters_placed,
            "raised": state.invasion_raised,
            "save_left": state.save_left,
            "destroy_left": state.destroy_left,
            "deal_seat": state.deal_seat,
            "exchange_seat": state.exchange_seat,
            "returned": state.cards_returned,
        },
        "result": None if state.result is None else ("win" if state.result == 1.0 else "loss"),
        "end_cause": state.end_cause or None,
    }


def state_to_dict(state: MonstrosState) -> dict[str, Any]:
    notation = []
    replay = state.game.new_initial_state()
    for action in state.hist:
        notation.append(replay.action_to_string(action))
        replay.apply_action(action)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.short_name,
        "params": state.game.parameters(),
        "history": list(state.hist),
        "history_notation": notation,
        "position": position_dict(state),
    }


def state_to_json(state: MonstrosState) -> str:
    return json.dumps(state_to_dict(state), indent=1, ensure_ascii=False)


def state_from_dict(data: dict[str, Any], game_class: Any) -> MonstrosState:
    game = game_from_save(data, game_class, VERSION)
    history = history_from_save(data, " (a Monstros save is replayed from it)")
    state = replay(game.new_initial_state(), history)
    check_position(data.get("position"), state, position_dict)
    return state
