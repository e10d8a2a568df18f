"""What the browser board of Under Falling Skies draws, as JSON (both editions).

``view(state)`` reads the engine's state and the component data in play (``state.layout``,
the game's names, ``ufs/components.py``) and says where everything is: the sky cells with
their printed symbols, the mothership and its drop points, the ships, the base spaces with
their rooms, dice, robots and the excavator, the three tracks, the unplaced dice, the phase.
``move_targets(state, action)`` says what the page clicks for one legal move. Nothing here
decides a rule: legality, refusals and what a move does come from the engine
(``legal_actions``, ``IllegalActionError``, ``state.preview``), and so do the ship a spawn
move spawns (``spawned_ship``), a room's cost (``room_cost``) and the next mothership row
(``next_mothership_row``). Both are called inside ``i18n.use(lang)``, so the names come out
in the page's language.

Data of uncertain origin is flagged where it is drawn (``uncertain`` on the item, and a
line in ``notes``): the threat-side symbols known from one source, a city's research spaces
and ability from one transcription, the interpreted track lengths, the 9-card edition's
difficult sides (with what their data files call doubtful).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from soloboard.core.registry import kit_of
from soloboard.i18n import N_, _, current
from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs import words
from soloboard.ufs.state import AA_GUN_SLOWDOWN
from soloboard.ufs.tables import AA_GUN, ARROW_LEFT, ARROW_RIGHT, EXPLOSION, MOTHERSHIP, TUNNEL

if TYPE_CHECKING:
    from soloboard.ufs.state import UFSState
    from soloboard.ufs.tables import RoomInfo

COLS = A.COLS
LETTERS = "abcde"


# names the narration (ufs/narrate.py) has no word for yet; the rest come from it, so the board
# and the log use the same terms (the rulebooks', docs/glossary.md)
SPACE_NAMES = {AA_GUN: N_("AA gun"), TUNNEL: N_("Tunnel")}
PHASE_TITLES = {"setup": N_("Set-up"), "roll": N_("Dice roll"), "over": N_("Game over"),
                "ability": N_("City ability")}
CARD_NAMES = {"sky-1": N_("sky card 1"), "sky-2": N_("sky card 2"), "sky-3": N_("sky card 3"),
              "sky-4": N_("sky card 4")}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def phase_title(phase: str) -> str:
    return _(PHASE_TITLES[phase]) if phase in PHASE_TITLES else words.phase_title(phase)


def action_label(kind: str, amount: int, reinforcement: str) -> str:
    """A printed mothership action (boxed) or track symbol (9-card) in the page's language."""
    if kind == "none":  # a symbol known from one source, played as no effect (the option for old saves)
        return _("1 damage, played as no effect")
    if kind == "skull":
        return _("Skull: the game is lost")
    return _capital(words.effect_text(kind, amount, reinforcement))


# --- where the data is uncertain ----------------------------------------------------------------

def _is_pnp(state: UFSState) -> bool:
    return state.game.short_name == "ufs-pnp"


def _card_sides(state: UFSState) -> dict[str, str]:
    """9-card edition: every card's side (the layout's sides are in ``C.PNP_CARDS`` order)."""
    return dict(zip(C.PNP_CARDS, state.sky.sides, strict=True))


def _sky_origin(state: UFSState) -> list[dict[str, Any]]:
    """The tiles (boxed) or cards (9-card) of the sky, top to bottom, with their rows and side.

    ``number`` is the printed number of the tile (card): a phone's board labels the part by it alone.
    """
    return list(_sky_origin_of(_is_pnp(state), tuple(state.sky.sides), current()))


@cache  # read from the data files, which never change while the program runs: once per layout and language
def _sky_origin_of(pnp: bool, layout_sides: tuple[str, ...], lang: str) -> tuple[dict[str, Any], ...]:
    if pnp:
        sides = dict(zip(C.PNP_CARDS, layout_sides, strict=True))
        out = []
        for card in ("sky-1", "sky-2", "sky-3", "sky-4"):
            rows = [r.sky_row for r in C.pnp_sky_rows(card, sides[card])]
            out.append({"id": card, "name": _(CARD_NAMES[card]), "number": int(card[-1]), "side": sides[card],
                        "side_name": words.game_word(sides[card]), "rows": rows,
                        "uncertain": sides[card] == "difficult",
                        # what the data file itself doubts on this side (every cell of it is flagged)
                        "doubtful": list(C.pnp_side(card, sides[card]).get("doubtful", []))})
        return tuple(out)
    out = []
    for tile in range(C.SKY_TILES, 0, -1):  # tile 4 is the top one
        side = layout_sides[tile - 1]
        first = (C.SKY_TILES - tile) * C.ROWS_PER_TILE + 1
        out.append({"id": f"tile-{tile}", "name": _("sky tile {n}").format(n=tile), "number": tile, "side": side,
                    "side_name": words.game_word(side), "rows": list(range(first, first + C.ROWS_PER_TILE)),
                    "uncertain": False, "doubtful": []})
    return tuple(out)


def _single_source_rows(state: UFSState) -> frozenset[int]:
    """Sky rows whose printed action is known from one source only (boxed threat sides)."""
    if _is_pnp(state):
        return frozenset()
    return _single_source_rows_of(tuple(state.sky.sides))


@cache  # the data files never change while the program runs; reading them is most of a view's cost
def _single_source_rows_of(sides: tuple[str, ...]) -> frozenset[int]:
    rows = set()
    for tile in range(1, C.SKY_TILES + 1):
        raw = C._side(f"sky/tile-{tile}.json", sides[tile - 1])
        for r in raw["rows_top_to_bottom"]:
            action = r.get("mothership_action")
            if isinstance(action, dict) and action.get("single_source"):
                rows.add(int(r["sky_row"]))
    return frozenset(rows)


# --- the parts of the board ---------------------------------------------------------------------

def _cell(state: UFSState, idx: int) -> dict[str, Any]:
    code = state.sky.cell[idx]
    row, col = divmod(idx, COLS)
    name = f"{LETTERS[col]}{row}"
    cell: dict[str, Any] = {"cell": name, "row": row, "col": col, "symbol": "empty"}
    if code in (ARROW_LEFT, ARROW_RIGHT):
        cell["symbol"] = "arrow"
        cell["direction"] = "left" if code == ARROW_LEFT else "right"
    elif code == MOTHERSHIP:
        cell["symbol"] = "mothership"
    elif code >= EXPLOSION:
        cell["symbol"] = "explosion"
        cell["number"] = code - EXPLOSION
    return cell


def _sky(state: UFSState) -> dict[str, Any]:
    sky = state.sky
    game = state.game
    origin = _sky_origin(state)
    uncertain_rows = {r for part in origin if part["uncertain"] for r in part["rows"]}
    single = _single_source_rows(state)
    cells = [_cell(state, idx) for idx in range(COLS, (sky.rows + 1) * COLS)]
    before = game.ruleset.mothership_acts_before_descending
    nxt = state.next_mothership_row()
    actions = []
    for row in range(1, sky.rows + 1):
        action = sky.action[row]
        kind, amount = action if action is not None else ("", 0)
        entry: dict[str, Any] = {"row": row, "kind": kind or None, "amount": amount,
                                 "text": action_label(kind, amount, game.ship_names[1]) if kind else "",
                                 "next": row == nxt and not state.is_terminal(), "skull": row == sky.skull_row}
        if row in single or row in uncertain_rows or kind == "none":
            entry["uncertain"] = True
        actions.append(entry)
    for cell in cells:
        if cell["row"] in uncertain_rows:
            cell["uncertain"] = True
    return {
        "rows": sky.rows, "cols": COLS, "cells": cells, "actions": actions,
        "mothership_row": state.mothership_row, "skull_row": sky.skull_row, "parts": origin,
        "acts_before_descending": before,
        "action_word": _("track symbol") if before else _("mothership action"),
        "drop_points": [f"{LETTERS[c]}{state.mothership_row}" for c in range(COLS)],
    }


def _ships(state: UFSState) -> list[dict[str, Any]]:
    names = state.game.ship_names
    grid = state.grid
    out = []
    for idx in range(state.mothership_row * COLS, len(grid)):
        ship = grid[idx]
        if ship:
            row, col = divmod(idx, COLS)
            out.append({"ship": names[ship - 1], "name": words.ship_colour(names[ship - 1]),
                        "kind": "primary" if ship == 1 else "reinforcement",
                        "cell": f"{LETTERS[col]}{row}", "row": row, "col": col,
                        "drop_point": row == state.mothership_row})
    return out


def _room(state: UFSState, room: RoomInfo, uncertain: bool) -> dict[str, Any]:
    cost = state.room_cost(room.index)
    return {
        "index": room.index, "anchor": A.space_name(room.anchor), "type": room.type,
        "effects": list(room.effects), "names": [words.room_name(e) for e in room.effects],
        "name": words.room_name("+".join(room.effects)),  # "energy and fighters room" for a 9-card room
        "spaces": [A.space_name(s) for s in room.spaces], "energy_cost": cost, "printed_cost": room.energy_cost,
        "modifier": room.modifier, "excavated": all(state.is_excavated(s) for s in room.spaces),
        "value": state.room_value(room.index),  # the engine's value if used now (None: a space is empty)
        "uncertain": uncertain,
    }


def _base_uncertain(state: UFSState) -> set[int]:
    """9-card: the base rows of a card on its difficult side (one unverified transcription)."""
    if not _is_pnp(state):
        return set()
    sides = _card_sides(state)
    return set(_difficult_base_rows(sides["base-0"] == "difficult", sides["base-1"] == "difficult"))


@cache  # (a data file's rows)
def _difficult_base_rows(first: bool, second: bool) -> frozenset[int]:
    rows: set[int] = set()
    for card, difficult in (("base-0", first), ("base-1", second)):
        if difficult:
            rows.update(int(r) for r in C.pnp_side(card, "difficult")["base_rows"])
            if card == "base-0":
                rows.add(0)
    return frozenset(rows)


def _base(state: UFSState) -> dict[str, Any]:
    base = state.base
    uncertain_rows = _base_uncertain(state)
    rooms = [_room(state, room, any(s // COLS in uncertain_rows for s in room.spaces)) for room in base.rooms]
    exc_space = base.path[state.excavator] if state.excavator < base.path_length else -1
    spaces = []
    for s in range(A.N_SPACES):
        row, col = divmod(s, COLS)
        kind = base.kind[s]
        entry: dict[str, Any] = {
            "space": A.space_name(s), "row": row, "col": col,
            "kind": "aa_gun" if kind == AA_GUN else "tunnel" if kind == TUNNEL else "room",
            "excavated": state.is_excavated(s), "distance": base.pos[s] - state.excavator,
            "die": state.dice[s] or None, "robot": state.robots[s] or None,
            "exhausted": bool(state.robots[s] and state.exhausted >> s & 1),
            "excavator": s == exc_space, "dig": s == state.dig_space,
            "path": base.pos[s],
        }
        if kind in SPACE_NAMES:
            entry["name"] = _(SPACE_NAMES[kind])
        else:
            room = rooms[base.room_of[s]]
            entry.update(room=room["index"], anchor=room["anchor"], room_type=room["type"])
        if row in uncertain_rows:
            entry["uncertain"] = True
        spaces.append(entry)
    return {"rows": A.BASE_ROWS, "cols": COLS, "spaces": spaces, "rooms": rooms,
            "excavator": A.space_name(exc_space) if exc_space >= 0 else None,
            "path": [A.space_name(s) for s in base.path],
            "aa_gun_modifier": -AA_GUN_SLOWDOWN,
            "top_rows": [1, 2], "bottom_rows": [3, 4, 5]}


def _tracks(state: UFSState) -> dict[str, Any]:
    sky = state.sky
    layout = state.layout
    pnp = _is_pnp(state)
    spaces = []
    science_uncertain = pnp and _card_sides(state)["science"] == "difficult"
    for i, cost in enumerate(sky.research_costs):
        entry: dict[str, Any] = {"index": i, "cost": cost if i else None}
        if i == 0:
            entry["where"] = "start"
        elif i <= sky.research_on_city:
            entry["where"] = "city"
            entry["uncertain"] = True  # the city's research spaces: one third-party transcription
        elif sky.research_beside_sky:
            entry["where"] = "sky"
            entry["sky_row"] = sky.rows + 1 - (i - sky.research_on_city)
        else:
            entry["where"] = "card"
        if science_uncertain:
            entry["uncertain"] = True
        spaces.append(entry)
    energy_uncertain = science_uncertain or not pnp  # boxed: the track length is an interpretation
    return {
        "research": {"value": state.research, "last": sky.research_last, "spaces": spaces,
                     "beside_sky": sky.research_beside_sky, "name": _("Research")},
        "energy": {"value": state.energy, "max": layout.energy_max, "name": _("Energy"),
                   "uncertain": energy_uncertain},
        "damage": {"value": state.damage, "limit": layout.damage_limit, "name": _("Damage"),
                   "uncertain": not pnp or any(_card_sides(state)[c] == "difficult" for c in ("base-0", "base-1"))},
    }


def dice_list(state: UFSState) -> list[dict[str, Any]]:
    """The unplaced worker dice, plain ones first, each by value; ``index`` is its slot in the tray."""
    plain, white = state.unplaced_dice()
    names = state.game.dice_names
    out: list[dict[str, Any]] = []
    for color, values in ((A.GRAY, plain), (A.WHITE, white)):
        for v in values:
            out.append({"index": len(out), "color": names[color], "kind": "plain" if color == A.GRAY else "white",
                        "name": words.die_colour(names[color]), "value": v})
    return out


def _die_index(state: UFSState, color: int, value: int) -> int:
    """The tray slot (``dice_list``'s ``index``) of the first unplaced die of this colour and value."""
    return _tray_slots(tuple(state.unplaced)).get((color, value), -1)


@lru_cache(maxsize=1024)  # asked for every legal move of a position: the tray is worked out once per position
def _tray_slots(unplaced: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """``(colour, value)`` -> the first tray slot holding such a die, in ``dice_list``'s order (plain dice
    first, each colour by value; ``unplaced``: how many of each value, plain then white, as the state keeps)."""
    slots: dict[tuple[int, int], int] = {}
    slot = 0
    for color, first in ((A.GRAY, 0), (A.WHITE, 6)):
        for v in range(6):
            if unplaced[first + v]:
                slots[(color, v + 1)] = slot
            slot += unplaced[first + v]
    return slots


def _city(state: UFSState) -> dict[str, Any] | None:
    city = getattr(state.game, "city", None)
    if city is None:
        return None
    return {"id": city.id, "name": words.city_name(city.id), "side": city.side,
            "side_name": _("{side} side").format(side=words.city_side(city.side)),
            "ability": _(city.ability_text) if city.ability_text else "", "has_ability": city.ability_id is not None,
            "ability_uncertain": city.ability_id is not None or not city.ability_known,
            "start_energy": city.start_energy, "start_energy_uncertain": not city.start_energy_known}


def _notes(state: UFSState) -> list[str]:
    """What the player must be told about the data behind this game (the game's own notices)."""
    return list(state.game.notices())  # the game words them in the current language


def _status(state: UFSState) -> dict[str, Any]:
    if not state.is_terminal():
        return {"over": False}
    if state.result == 1.0:
        return {"over": True, "won": True, "text": _("Won: the research is complete.")}
    cause = state.loss_cause
    return {"over": True, "won": False, "cause": cause, "text": _capital(words.loss_text(cause))}


# the parts of the view that never change in a game: a move's answer leaves them out (web/views.py)
FIXED = ("game", "edition", "city", "notes", "tray")


def _fixed(state: UFSState) -> dict[str, Any]:
    game = state.game
    primary, reinforcement = game.ship_names
    plain, white = game.dice_names
    return {
        "game": game.short_name,
        "edition": {"name": _(kit_of(game).title), "title": game.title(),
                    "ships": {"primary": primary, "reinforcement": reinforcement,
                              "primary_name": words.ship_colour(primary),
                              "reinforcement_name": words.ship_colour(reinforcement)},
                    "dice": {"plain": plain, "white": white, "plain_name": words.die_colour(plain),
                             "white_name": words.die_colour(white), "robot": "blue",
                             "robot_name": words.die_colour("blue")},
                    "letters": {"dice": game.dice_letters, "ships": game.ship_letters}},
        "city": _city(state),
        "notes": _notes(state),
        "tray": game.plain_dice + game.white_dice,  # dice slots: the tray keeps its size through re-rolls
    }


def view(state: UFSState, seat: int | None = None, fixed: bool = True) -> dict[str, Any]:
    """Everything the board draws for ``state`` (see the module docstring); ``fixed=False``: without
    the parts named in ``FIXED``."""
    game = state.game
    out: dict[str, Any] = _fixed(state) if fixed else {}
    out.update(phase=state.phase_name, phase_title=phase_title(state.phase_name), round=state.round,
               status=_status(state))
    if state.sky is None:  # before the set-up draw only the base is known (when the draw does not decide it)
        out["setup"] = True
        return out
    out.update(
        setup=False,
        sky=_sky(state), ships=_ships(state), base=_base(state), tracks=_tracks(state),
        dice=dice_list(state) if state.phase_name in ("place", "ability") else [],
        waiting={"primary": state.waiting_primary, "reinforcement": state.waiting_reinforcements,
                 "supply": state.reinforcement_supply},
        robots={"max": game.hooks.max_robots(state), "count": state.robot_count(),
                "pending": list(state.pending_robots),
                "install_value": state.install_value if state.phase_name == "install" else None},
        spawn_options=[LETTERS[c] for c in state.spawn_options] if state.phase_name == "spawn" else [],
        prompt=_(game.hooks.decision_prompt(state)) if state.phase_name == "ability" else "",
    )
    return out


def move_targets(state: UFSState, action: int) -> dict[str, Any]:
    """What the page clicks for the legal move ``action``: its kind and the die, space, room or column."""
    if A.PLACE <= action < A.USE:
        color, value, space = A.decode_place(action)
        return {"kind": "place", "die": _die_index(state, color, value), "color": state.game.dice_names[color],
                "value": value, "space": A.space_name(space)}
    if A.USE <= action < A.DONE:
        verb, space = A.decode_space_action(action)
        target: dict[str, Any] = {"kind": verb, "space": A.space_name(space)}
        if verb == "use":
            room = state.base.rooms[state.base.room_of[space]]
            target["room"] = room.index
            target["spaces"] = [A.space_name(s) for s in room.spaces]
        return target
    if action == A.DONE:
        return {"kind": "done"}
    if action == A.SKIP:
        return {"kind": "skip"}
    if A.SPAWN <= action < A.SIX:
        col = A.spawn_column(action)
        ship = state.game.ship_names[state.spawned_ship(action) - 1]
        return {"kind": "spawn", "col": LETTERS[col], "cell": f"{LETTERS[col]}{state.mothership_row}", "ship": ship}
    if A.SIX <= action < A.NO_SIX:
        color, value = A.decode_six(action)
        return {"kind": "six", "die": _die_index(state, color, value), "color": state.game.dice_names[color],
                "value": value}
    if action == A.NO_SIX:
        return {"kind": "no_six"}
    if A.ONCE <= action < A.ONCE + A.ONCE_SLOTS:  # a character's once-per-game ability (hooks.py)
        k = action - A.ONCE
        return {"kind": "ability", "number": k + 1, "by": state.game.once_abilities[k].rule}
    raise ValueError(f"{action} is not an Under Falling Skies action")
