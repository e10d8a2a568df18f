"""A plain-text picture of a state (``str(state)``); the terminal UI colours the same layout.

Everything that differs between the editions comes from the game (``BaseUFSGame``): its
title, the names and letters of its dice and ships, the number of sky rows, the ruleset
(when the mothership's track symbol fires) and the components in play (``state.layout``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from soloboard.i18n import _, pgettext
from soloboard.ufs import actions as A
from soloboard.ufs.tables import (
    AA_GUN,
    ARROW_LEFT,
    ARROW_RIGHT,
    EXPLOSION,
    MOTHERSHIP,
    TUNNEL,
)
from soloboard.ufs.words import die_colour, effect_text, game_word, phase_word, ship_colour

if TYPE_CHECKING:
    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.state import UFSState
    from soloboard.ufs.tables import RoomInfo

COLS = A.COLS
PRIMARY, REINFORCEMENT = 1, 2  # the ship codes in ``state.grid`` (purple/green, white/red)
ROOM_ABBR = {"energy": "ENE", "fighters": "FIG", "research": "RES", "robots": "ROB"}


def room_abbr_word(kind: str) -> str:
    """A room type in three letters, in the current language (ENE, FIG: GEN, STÍ in Czech)."""
    words = {"energy": pgettext("room abbreviation", "ENE"), "fighters": pgettext("room abbreviation", "FIG"),
             "research": pgettext("room abbreviation", "RES"), "robots": pgettext("room abbreviation", "ROB")}
    return words.get(kind, kind[:3].upper())


def sky_symbol(code: int) -> str:
    if code == ARROW_LEFT:
        return "<"
    if code == ARROW_RIGHT:
        return ">"
    if code == MOTHERSHIP:
        return "M"
    if code >= EXPLOSION:
        return f"X{code - EXPLOSION}"
    return "."


def ship_letter(game: BaseUFSGame, ship: int) -> str:
    """The letter of a ship code: ``P``/``W`` (boxed), ``G``/``R`` (9-card); a blank for no ship."""
    return game.ship_letters[ship - 1] if ship else " "


def mothership_action_text(action: tuple[str, int] | None, single_source_reading: str = "damage",
                           reinforcement: str = "white") -> str:
    """A mothership action in words; ``reinforcement`` names the ship it adds (``game.ship_names[1]``).

    ``single_source_reading`` is kept for callers: the game's tables already hold the reading
    (a symbol played as no effect is the action ``("none", 0)``).
    """
    if action is None:
        return ""
    kind, amount = action
    if kind == "skull":
        return _("SKULL (lose)")
    if kind == "none":  # a 1-damage symbol known from one source, played as nothing (the option for old saves)
        return _("1 damage, played as no effect")
    return effect_text(kind, amount, reinforcement)  # the words the narration uses for what it did


def action_text(state: UFSState, row: int) -> str:
    """The mothership action (boxed) or track symbol (9-card) printed on sky row ``row``."""
    game = state.game
    return mothership_action_text(state.sky.action[row], game.unidentified_action, game.ship_names[1])


def acts_before_descending(state: UFSState) -> bool:
    """9-card edition: the symbol just below the mothership fires, then it moves down."""
    return state.game.ruleset.mothership_acts_before_descending


def action_word(state: UFSState) -> str:
    """What the editions call the symbol a mothership phase resolves."""
    return _("track symbol") if acts_before_descending(state) else _("mothership action")


def research_beside_sky(state: UFSState) -> bool:
    """Whether the research track runs beside the sky, one space per sky row (boxed sky tiles)."""
    return state.sky.research_beside_sky


def room_abbr(room: RoomInfo) -> str:
    """``ENE``, ``FIG``...; a room with two effects (9-card ``energy+fighters``) is ``ENE+FIG``."""
    if room.type in ROOM_ABBR:
        return room_abbr_word(room.type)
    return "+".join(room_abbr_word(effect) for effect in room.effects)


def title_text(state: UFSState, sep: str) -> str:
    """``Roswell, threat 1 - sky ETEE (...) - round 3, place phase`` (``sep`` between the parts)."""
    game = state.game
    text = game.title()
    if state.sky is not None:
        text += f" {sep} {game.describe_sides(state.sky.sides)} {sep} " + _("round {round}").format(round=state.round)
    return text


def setup_text(game: BaseUFSGame) -> str:
    harder = game.side_letters[1][0]
    return _("Set-up: {n} of the {total} {cards} will be turned to their {side} side at random.").format(
        n=game.flipped, total=len(game.cards), cards=game_word(game.cards_noun), side=game_word(harder))


def room_label(state: UFSState, space: int) -> str:
    base = state.base
    kind = base.kind[space]
    if kind == AA_GUN:
        return _("AA gun")
    if kind == TUNNEL:
        return _("tunnel")
    room = base.rooms[base.room_of[space]]
    mod = f"{room.modifier:+d}" if room.modifier else ""
    multi = "*" if len(room.spaces) > 1 else ""
    return f"{room_abbr(room)}{mod} ${room.energy_cost}{multi}"


def space_content(state: UFSState, space: int) -> str:
    if state.dice[space]:
        return f"[{state.dice[space]}]"
    if state.robots[space]:
        tired = "z" if state.exhausted >> space & 1 else ""
        return f"R{state.robots[space]}{tired}"
    if state.base.path[state.excavator] == space:
        return "EXC"
    return ""


def render_text(state: UFSState) -> str:
    game = state.game
    if state.sky is None:
        return "\n".join([_("Under Falling Skies") + f" - {game.title()}", setup_text(game)])
    lines = [
        _("Under Falling Skies") + f" - {title_text(state, '-')}, " + _("{phase} phase").format(
            phase=phase_word(state.phase_name)),
        *_text_tracks(state),
        "",
        *_text_sky(state),
        *_text_city(state),
        "",
        *_text_base(state),
        *_text_footer(state),
    ]
    return "\n".join(lines)


def _text_tracks(state: UFSState) -> list[str]:
    """The research, energy and damage tracks, and the ships still off the board."""
    game = state.game
    layout = state.layout
    primary, reinforcement = (ship_colour(name) for name in game.ship_names)
    return [
        _("Research {research}/{last}   Energy {energy}/{max}   Damage {damage} (destroyed at {limit})").format(
            research=state.research, last=state.sky.research_last, energy=state.energy, max=layout.energy_max,
            damage=state.damage, limit=layout.damage_limit),
        _("On the mothership: {p} {primary}, {w} {reinforcement}; {reinforcement} supply {supply}").format(
            p=state.waiting_primary, primary=primary, w=state.waiting_reinforcements, reinforcement=reinforcement,
            supply=state.reinforcement_supply),
    ]


def _text_sky(state: UFSState) -> list[str]:
    """The sky from the mothership's drop points down, each row with its symbol (and research cost)."""
    game = state.game
    sky = state.sky
    beside = research_beside_sky(state)
    heading = _("mothership action / research cost") if beside else (
        _("track symbol (fires before the mothership moves down)") if acts_before_descending(state)
        else _("mothership action"))
    lines = [_("row").ljust(7) + "".join(f"  {c}  " for c in "abcde") + "  " + heading]
    grid = state.grid
    cell = sky.cell
    sky_word = _("sky")
    for row in range(state.mothership_row, sky.rows + 1):
        if row == state.mothership_row:
            cells = "".join(f" [{ship_letter(game, grid[row * COLS + c])}] " for c in range(COLS))
            lines.append(f"MS {row:>2}  {cells}  " + _("drop points"))
            continue
        cells = "".join(
            f"{sky_symbol(cell[row * COLS + c]):>3}{ship_letter(game, grid[row * COLS + c])} " for c in range(COLS)
        )
        action = action_text(state, row)
        if beside:
            research_space = sky.rows + 1 - row + sky.research_on_city  # the city's spaces come first
            cost = sky.research_costs[research_space]
            marker = "<-R" if state.research == research_space else "   "
            lines.append(f"{sky_word}{row:>2}  {cells}  {action:<30} {cost:>2}{marker}")
        else:
            lines.append(f"{sky_word}{row:>2}  {cells}  {action}".rstrip())
    return lines


def _text_city(state: UFSState) -> list[str]:
    """The city line under the sky, with the research track where the edition prints it."""
    sky = state.sky
    if research_beside_sky(state):
        city_track = "".join(  # the start space and the research spaces printed on the city tile
            f" {sky.research_costs[space]}" + ("<-R" if state.research == space else "")
            for space in range(1, sky.research_on_city + 1)
        )
        start_marker = "<-R" if state.research == 0 else ""
        return [(_("city").ljust(8) + "=" * 25 + "  " + _("research start") + start_marker + city_track).rstrip()]
    track = " ".join(
        f"{cost}<-R" if state.research == space else str(cost)
        for space, cost in enumerate(sky.research_costs) if space
    )
    return [
        _("city").ljust(8) + "=" * 25,
        _("Research track, cost of each space from the start: start{marker} {track}").format(
            marker="<-R" if state.research == 0 else "", track=track),
    ]


def _text_base(state: UFSState) -> list[str]:
    """The base row by row, each space's room and what stands on it, and the key to its signs."""
    lines = []
    for row in range(A.BASE_ROWS):
        parts = []
        for col in range(COLS):
            s = row * COLS + col
            label = room_label(state, s)
            dug = state.is_excavated(s)
            text = f"{label} {space_content(state, s)}".strip()
            parts.append(f"{text if dug else '(' + text + ')':<16}")
        lines.append(_("base") + f" {row}  " + "".join(parts))
    lines.append(_("(parentheses: not excavated yet; [n] worker die, Rn robot, Rnz exhausted robot, EXC excavator)"))
    return lines


def _text_footer(state: UFSState) -> list[str]:
    """What the phase is waiting for (robots to install, the ability's question, the dice to place), or the result."""
    game = state.game
    lines = []
    if state.pending_robots:
        built = ", ".join(f"R{v}" for v in state.pending_robots)
        lines.append(_("Robots built this phase, installed once every die is resolved: {robots}").format(robots=built))
    if state.phase_name == "ability":
        lines.append(game.hooks.decision_prompt(state))
    if state.phase_name in ("place", "ability"):
        plain, white = state.unplaced_dice()
        lines.append(_("Unplaced dice: {plain_colour} {plain}  {white_colour} {white}").format(
            plain_colour=die_colour(game.dice_names[0]), plain=plain or "-",
            white_colour=die_colour(game.dice_names[1]), white=white or "-"))
    if state.is_terminal():
        lines.append(_result_words(state))
    return lines


# --- the coloured board (rich) ------------------------------------------------------------
# Every colour is doubled by a letter or a sign, so the board still reads on a terminal
# without colour (or in a log file).

SHIP_STYLES = {
    "purple": "bold white on magenta",
    "white": "bold black on white",
    "green": "bold black on green",
    "red": "bold white on red",
}
DIE_STYLES = {
    "gray": "bold black on grey70",
    "black": "bold white on grey23",
    "white": "bold black on white",
}
ROOM_STYLE = {"energy": "yellow", "fighters": "red", "research": "cyan", "robots": "green"}
ROBOT_STYLE = "bold white on blue"
def legend_text(game: BaseUFSGame) -> str:
    """The key to the board's signs, with the game's ship letters."""
    ships = " · ".join(_("{letter} {ship} ship").format(letter=letter, ship=ship_colour(name))
                       for letter, name in zip(game.ship_letters, game.ship_names, strict=True))
    rest = _("< > arrow · M mothership descends · Xn explosion n · ! a ship one move from the city · "
             "[n] worker die · Rn robot (Rnz exhausted) · EXC excavator · (…) not excavated · "
             "+n that many spaces ahead of the excavator · *c3 part of the multi-space room c3 · $n energy cost")
    return f"{ships} · {rest}"


def ship_style(game: BaseUFSGame, ship: int) -> str:
    return SHIP_STYLES.get(game.ship_names[ship - 1], "bold") if ship else ""


def die_style(game: BaseUFSGame, color: int) -> str:
    """The style of a plain (``color`` 0) or white (1) worker die."""
    return DIE_STYLES.get(game.dice_names[color], "bold reverse")


def _symbol_style(code: int) -> str:
    if code in (ARROW_LEFT, ARROW_RIGHT):
        return "cyan"
    if code == MOTHERSHIP:
        return "bold red"
    if code >= EXPLOSION:
        return "yellow"
    return "dim"


def _ship_text(game: BaseUFSGame, ship: int) -> Text:
    return Text(ship_letter(game, ship), style=ship_style(game, ship))


def _sky_cell(state: UFSState, row: int, col: int, flagged: frozenset[str] = frozenset()) -> Text:
    idx = row * COLS + col
    code = state.sky.cell[idx]
    ship = state.grid[idx]
    symbol = sky_symbol(code)
    if ship and f"{'abcde'[col]}{row}" in flagged:  # a ship one move from the city: '!' and red
        return Text.assemble((f"{symbol:>2}", _symbol_style(code)), ("!", "bold red"),
                             (ship_letter(state.game, ship), "bold white on red"))
    return Text.assemble((f"{symbol:>2}", _symbol_style(code)), " ", _ship_text(state.game, ship))


def _drop_point(game: BaseUFSGame, ship: int) -> Text:
    return Text.assemble("[", _ship_text(game, ship), "]")


def _research_cell(state: UFSState, row: int) -> Text:
    space = state.sky.rows + 1 - row + state.sky.research_on_city  # the city tile's spaces come first
    cost = state.sky.research_costs[space]
    text = Text(f"{cost:>2}", style="dim" if space <= state.research else "bold")
    if state.research == space:
        text.append(" ◀R", style="bold green")
    elif space == state.sky.research_last:
        text.append(" " + _("win"), style="green")
    return text


def _research_track(state: UFSState) -> Text:
    """The research track as one line, for an edition that prints it apart from the sky."""
    sky = state.sky
    text = Text.assemble((_("Research track") + " ", "bold"), (_("(cost of each space, from the start):") + " ", "dim"))
    text.append(_("start"), style="dim" if state.research else "bold")
    if state.research == 0:
        text.append(" ◀R", style="bold green")
    for space in range(1, sky.research_last + 1):
        text.append(" · ", style="dim")
        text.append(f"{sky.research_costs[space]}", style="dim" if space <= state.research else "bold")
        if state.research == space:
            text.append(" ◀R", style="bold green")
        elif space == sky.research_last:
            text.append(" " + _("win"), style="green")
    return text


def _action_cell(state: UFSState, row: int) -> Text:
    sky = state.sky
    first = acts_before_descending(state)
    if row == state.mothership_row:
        if row == sky.skull_row:
            return Text("▲ " + _("mothership on the SKULL row: the game is lost"), style="bold white on red")
        return Text("▲ " + _("mothership and its drop points"), style="bold")
    if row == sky.skull_row:
        text = Text(_("SKULL: the game is lost here"), style="bold white on red")
    else:
        action = sky.action[row]
        label = action_text(state, row)
        style = "yellow italic" if action is not None and action[0] == "none" else ""
        text = Text(label or "-", style=style or ("dim" if not label else ""))
    if row == state.next_mothership_row():
        text.append("  ◀ " + (_("fires next") if first else _("next")), style="bold")
    return text


def _sky_table(state: UFSState, flagged: frozenset[str] = frozenset()) -> Table:
    game = state.game
    sky = state.sky
    beside = research_beside_sky(state)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column(_("sky"), justify="right", style="bold")
    for letter in "abcde":
        table.add_column(letter, justify="center", min_width=4)
    if beside:
        table.add_column(_("research"), justify="left")
    table.add_column(action_word(state))
    mothership_row = state.mothership_row
    # rows the mothership covers are drawn only while the research costs beside them still matter
    first = 0 if mothership_row == 0 else 1 if beside else mothership_row
    for row in range(first, sky.rows + 1):
        if row < mothership_row:  # covered by the mothership: only the research cost still matters
            blanks = [Text("░░", style="dim") for _ in range(COLS)]
            table.add_row(Text(f"{row}", style="dim"), *blanks, _research_cell(state, row), Text(""))
            continue
        if row == mothership_row:
            cells = [_drop_point(game, state.grid[row * COLS + c]) for c in range(COLS)]
            label = Text(f"MS {row}", style="bold magenta")
        else:
            cells = [_sky_cell(state, row, c, flagged) for c in range(COLS)]
            label = Text(f"{row}", style="bold red" if row == sky.skull_row else "bold")
        research = [_research_cell(state, row) if row else Text("")] if beside else []
        table.add_row(label, *cells, *research, _action_cell(state, row))
    start = Text(_("start"), style="dim")
    if state.research == 0:
        start.append(" ◀R", style="bold green")
    for space in range(1, sky.research_on_city + 1):  # the research spaces printed on the city tile
        start.append(f" · {sky.research_costs[space]}", style="dim" if space <= state.research else "bold")
        if state.research == space:
            start.append(" ◀R", style="bold green")
    city = Text(_("ships passing row {row} hit the city").format(row=sky.rows), style="dim")
    table.add_row(Text(_("city"), style="bold"), *[Text("════", style="blue") for _ in range(COLS)],
                  *([start] if beside else []), city)
    return table


def _room_name(room: RoomInfo) -> Text:
    mod = f"{room.modifier:+d}" if room.modifier else ""
    if room.type in ROOM_STYLE:
        return Text(f"{room_abbr_word(room.type)}{mod}", style=f"bold {ROOM_STYLE[room.type]}")
    text = Text()
    for i, effect in enumerate(room.effects):  # a room with two effects, e.g. ENE+FIG
        if i:
            text.append("+", style="bold")
        text.append(room_abbr_word(effect), style=f"bold {ROOM_STYLE.get(effect, '')}".strip())
    text.append(mod, style="bold")
    return text


def _base_cell(state: UFSState, space: int) -> Text:
    base = state.base
    kind = base.kind[space]
    dug = state.is_excavated(space)
    text = Text()
    if kind == AA_GUN:
        text.append(_("AA gun"), style="bold")
    elif kind == TUNNEL:
        text.append(_("tunnel"), style="dim")
    else:
        room = base.rooms[base.room_of[space]]
        text.append_text(_room_name(room))
        text.append(f" ${room.energy_cost}")
        if len(room.spaces) > 1:
            text.append(f" *{A.space_name(room.anchor)}", style="magenta")
    if state.dice[space]:
        text.append(" ")
        # the board does not record a placed die's colour: it is drawn as a plain die
        text.append(f"[{state.dice[space]}]", style=die_style(state.game, A.GRAY))
    elif state.robots[space]:
        tired = state.exhausted >> space & 1
        text.append(" ")
        text.append(f"R{state.robots[space]}{'z' if tired else ''}", style="dim blue" if tired else ROBOT_STYLE)
    distance = base.pos[space] - state.excavator
    if distance == 0:
        text.append(" EXC", style="bold yellow")
    elif 1 <= distance <= 6:
        text.append(f" +{distance}", style="yellow")
    if dug:
        return text
    text.stylize("dim")
    return Text.assemble("(", text, ")")


def _base_table(state: UFSState) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column(_("base"), justify="right", style="bold")
    for letter in "abcde":
        table.add_column(letter, no_wrap=False)
    for row in range(A.BASE_ROWS):
        cells = [_base_cell(state, row * COLS + c) for c in range(COLS)]
        # sections follow the cards: AA guns, top base tile or card (rows 1-2), bottom one (rows 3-5)
        table.add_row(f"{row}", *cells, end_section=row in (0, 2))
    return table


def _meter(value: int, size: int, style: str) -> Text:
    return Text.assemble(("■" * value, style), ("□" * max(0, size - value), "dim"))


def _tracks(state: UFSState) -> Text:
    layout = state.layout
    return Text.assemble(
        (_("Research") + " ", "bold"), (f"{state.research}/{state.sky.research_last}", "bold green"),
        "   ", (_("Energy") + " ", "bold"), _meter(state.energy, layout.energy_max, "yellow"),
        f" {state.energy}/{layout.energy_max}",
        "   ", (_("Damage") + " ", "bold"), _meter(state.damage, layout.damage_limit, "red"),
        " " + _("{damage} (the base is destroyed at {limit})").format(damage=state.damage, limit=layout.damage_limit),
    )


def _mothership_line(state: UFSState) -> Text:
    game = state.game
    primary, reinforcement = (ship_colour(name) for name in game.ship_names)
    return Text.assemble(
        (_("Mothership") + " ", "bold"),
        _("row {row} · waiting to spawn: {n} {ship} (").format(row=state.mothership_row, n=state.waiting_primary,
                                                                ship=primary),
        _ship_text(game, PRIMARY), _("), {n} {ship} (").format(n=state.waiting_reinforcements, ship=reinforcement),
        _ship_text(game, REINFORCEMENT),
        _(") · {ship} ships in the supply: {n}").format(ship=reinforcement, n=state.reinforcement_supply),
    )


def _next_action_line(state: UFSState) -> Text:
    sky = state.sky
    nxt = state.next_mothership_row()
    moves_left = sky.skull_row - state.mothership_row
    if acts_before_descending(state):
        if nxt == sky.skull_row:
            return Text(
                _("Next track symbol (row {row}, just below the mothership) is the SKULL: the game is lost at "
                  "the end of this round unless the research is complete").format(row=nxt),
                style="bold white on red",
            )
        action = action_text(state, nxt) or _("no symbol")
        return Text.assemble(
            (_("Next track symbol") + " ", "bold"),
            _("(row {row}, fires before the mothership moves down):").format(row=nxt) + " ",
            (action, "bold"),
            ("   · " + _("the skull (row {row}) is {n} rows below it").format(row=sky.skull_row, n=moves_left),
             "dim"),
        )
    if nxt == sky.skull_row:
        return Text(
            _("Next mothership move (row {row}) reaches the SKULL: the game is lost at the end of this round "
              "unless the research is complete").format(row=nxt), style="bold white on red",
        )
    action = action_text(state, nxt) or _("no action")
    return Text.assemble(
        (_("Next mothership action") + " ", "bold"), _("(row {row}):").format(row=nxt) + " ", (action, "bold"),
        ("   · " + _("the skull (row {row}) is {n} mothership moves away").format(row=sky.skull_row, n=moves_left),
         "dim"),
    )


def _dice_text(values: list[int], style: str) -> Text:
    text = Text()
    for v in values:
        text.append(f"[{v}]", style=style)
        text.append(" ")
    return text if values else Text("-", style="dim")


def _spawn_line(state: UFSState) -> Text:
    game = state.game
    options = ", ".join("abcde"[c] for c in state.spawn_options)
    if game.ruleset.spawn_farthest:
        return Text(_("A ship must spawn: choose the drop point above column {columns}.").format(columns=options),
                    style="bold")
    primary, reinforcement = (ship_colour(name) for name in game.ship_names)
    which = []
    if state.waiting_primary:
        which.append(f"{state.waiting_primary} {primary}")
    if state.waiting_reinforcements:
        which.append(f"{state.waiting_reinforcements} {reinforcement}")
    if len(which) > 1:
        return Text(_("A ship must spawn (waiting: {ships}): choose which ship, and the drop point above column "
                      "{columns}.").format(ships=", ".join(which), columns=options), style="bold")
    return Text(_("A ship must spawn (waiting: {ships}): choose the drop point above column {columns}.").format(
        ships=", ".join(which), columns=options), style="bold")


def _phase_lines(state: UFSState) -> list[Text]:
    game = state.game
    phase = state.phase_name
    lines: list[Text] = []
    if phase == "ability":  # a city ability's decision (Washington, DC damaged, after the first roll)
        lines.append(Text(game.hooks.decision_prompt(state), style="bold"))
    if phase in ("place", "ability"):
        plain, white = state.unplaced_dice()
        used = "".join("abcde"[c] for c in range(COLS) if state.columns_used >> c & 1) or _("none")
        lines.append(Text.assemble(
            (_("Unplaced dice:") + " ", "bold"), f"{die_colour(game.dice_names[0])} ",
            _dice_text(plain, die_style(game, A.GRAY)),
            f"  {die_colour(game.dice_names[1])} ", _dice_text(white, die_style(game, A.WHITE)),
            "   " + _("(columns already used: {columns})").format(columns=used),
        ))
    if state.dig_space >= 0 and phase in ("place", "rooms"):
        space = A.space_name(state.dig_space)
        if game.ruleset.dig_checked_on_place:
            text = _("A die waits at {space} to dig (1 energy in the Rooms Phase).").format(space=space)
        else:
            text = _("A die waits at {space} to dig (1 energy in the Rooms Phase); it digs only if it shows at least "
                     "its distance, {distance}, else it is just removed.").format(
                space=space, distance=state.base.pos[state.dig_space] - state.excavator)
        lines.append(Text(text))
    if state.pending_robots and phase != "install":
        built = ", ".join(f"R{v}" for v in state.pending_robots)
        lines.append(Text(_("Robots built this phase, installed once every die is resolved: {robots}.").format(
            robots=built), style="green"))
    if phase == "install":
        more = (" " + _("({n} more to install after it)").format(n=len(state.pending_robots))
                if state.pending_robots else "")
        when = "" if game.ruleset.robots_installed_at_once else _("Every die is resolved.") + " "
        lines.append(Text(when + _("A robot of value {value} was built: install it on an empty excavated room space "
                                   "(remove a robot first if you have the most allowed).").format(
            value=state.install_value) + more, style="bold green"))
    if phase == "spawn":
        lines.append(_spawn_line(state))
    if state.is_terminal():
        lines.append(result_text(state))
    return lines


def result_text(state: UFSState) -> Text:
    """How a finished game ended, in one line."""
    if state.result == 1.0:
        return Text(_result_words(state), style="bold green")
    return Text(_result_words(state), style="bold white on red")


def _result_words(state: UFSState) -> str:
    if state.result == 1.0:
        return _("WON: the research is complete.")
    return _("LOST: {cause}.").format(cause=_(state.loss_cause) if state.loss_cause else "")


def render_rich(state: UFSState, *, legend: bool = False, flagged: frozenset[str] = frozenset()) -> RenderableType:
    """The board as a rich renderable: ``rich.print(state)`` shows it (``UFSState.__rich__``).

    ``legend`` adds a line explaining the signs (a front end shows it once, not every turn);
    ``flagged``: sky cells (``c14``) of ships one move from the city, marked ``!`` (a front
    end finds them with move previews).
    """
    game = state.game
    title = Text(_("Under Falling Skies") + f" — {game.title()}", style="bold")
    if state.sky is None:
        return Group(title, Text(setup_text(game)))
    title = Text.assemble((_("Under Falling Skies") + " — ", "bold"), (title_text(state, "·"), "bold"),
                          " · " + _("{phase} phase").format(phase=phase_word(state.phase_name)))
    parts: list[RenderableType] = [title, _tracks(state)]
    if not research_beside_sky(state):
        parts.append(_research_track(state))
    parts.append(_mothership_line(state))
    if not state.is_terminal():
        parts.append(_next_action_line(state))
    parts += [_sky_table(state, flagged), _base_table(state), *_phase_lines(state)]
    if legend:
        parts.append(Text(legend_text(game), style="dim"))
    return Group(*parts)
