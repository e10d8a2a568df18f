"""The Under Falling Skies board drawn small enough for an 80 by 24 terminal.

The full board (``ufs/render.py``) is about 45 lines tall; here the sky and the base sit
side by side, the research track becomes a line of numbers and the mothership actions
short words (``exc-2``, ``+1W``), so the place-phase screen — board, tracks, dice and
prompt — fits 24 lines. Wider terminals get wider cells and full words. Every line is
built to the width it is given: nothing is cut or wrapped by the terminal.

Ships that some legal placement would send into the city are flagged (``!``); which ones
they are is read from move previews (``state.preview``), never worked out here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from soloboard.i18n import _
from soloboard.ufs import actions as A
from soloboard.ufs.narrate import danger_cells
from soloboard.ufs.render import (
    ROBOT_STYLE,
    ROOM_STYLE,
    _symbol_style,
    action_text,
    die_style,
    result_text,
    room_abbr_word,
    ship_style,
    sky_symbol,
)
from soloboard.ufs.tables import AA_GUN, TUNNEL
from soloboard.ufs.words import action_word, die_colour, phase_word, short_action_text

if TYPE_CHECKING:
    from soloboard.ufs.state import UFSState

COLS = A.COLS
MIN_WIDTH = 64  # below this even the compact board is cut: the caller falls back to the plain list
_MEASURE = Console(width=400, color_system=None, force_terminal=False)  # only for Text.wrap


def danger(state: UFSState) -> set[str]:
    """Sky cells (``c14``) of ships that a legal placement would now send into the city."""
    if state.phase_name != "place":
        return set()
    return danger_cells(state.preview(a) for a in state.legal_actions() if a < A.USE)


def _wrap(text: Text, width: int) -> list[Text]:
    return list(text.wrap(_MEASURE, width, overflow="fold"))


def _pad(text: Text, width: int) -> Text:
    out = text.copy()
    out.truncate(width, overflow="crop")
    out.pad_right(max(0, width - cell_len(out.plain)))
    return out


# --- the sky (left column) ------------------------------------------------------------------

def _action_label(state: UFSState, row: int, wide: bool, most: int | None = None) -> Text:
    """The row's mothership action; ``most``: the cells it may take (a long word is cut with '…')."""
    label = _action_text(state, row, wide)
    if most is not None and cell_len(label.plain) > most:
        label.truncate(most, overflow="ellipsis")
    return label


def _action_text(state: UFSState, row: int, wide: bool) -> Text:
    sky = state.sky
    game = state.game
    if row == sky.skull_row:
        return Text(_("SKULL"), style="bold white on red")
    action = sky.action[row]
    text = action_text(state, row) if wide else short_action_text(action, game.ship_letters[1])
    # a symbol played as no effect (known from one source only): marked as on the full board
    style = "yellow italic" if action is not None and action[0] in ("none", "unidentified") else ""
    return Text(text, style=style)


def _sky_lines(state: UFSState, wide: bool, flagged: set[str], city_line: bool,
               label_width: int | None = None) -> list[Text]:
    game = state.game
    sky = state.sky
    grid = state.grid
    mothership_row = state.mothership_row
    word = _("sky")
    # the column letters over the cells whatever the language: the word before them only where it fits
    head = Text(word if cell_len(word) <= 3 else "", style="bold")
    head.pad_right(3 - cell_len(head.plain))
    for letter in "abcde":
        head.append(f"  {letter} ")
    head_note = Text(" " + (action_word(game) if wide else _("action")), style="dim")
    ms_note = Text("")
    lines = [head]
    for row in range(mothership_row, sky.rows + 1):
        line = Text()
        if row == mothership_row:
            line.append("MS ", style="bold magenta")
            for col in range(COLS):
                ship = grid[row * COLS + col]
                line.append(" [")
                line.append(game.ship_letters[ship - 1] if ship else " ", style=ship_style(game, ship))
                line.append("]")
            note = _("row {row}") if not wide else _("mothership on row {row}, its drop points")
            ms_note = Text("  " + note.format(row=mothership_row), style="dim")
            lines.append(line)
            continue
        names = [f"{'abcde'[c]}{row}" for c in range(COLS)]
        warn = any(name in flagged and grid[row * COLS + c] for c, name in enumerate(names))
        line.append(f"{row:>2}", style="bold red" if row == sky.skull_row else "bold")
        line.append("!" if warn else " ", style="bold white on red" if warn else "")
        for col in range(COLS):
            idx = row * COLS + col
            code = sky.cell[idx]
            ship = grid[idx]
            line.append(f" {sky_symbol(code):>2}", style=_symbol_style(code))
            style = ship_style(game, ship)
            if ship and names[col] in flagged:
                style = "bold white on red blink"
            line.append(game.ship_letters[ship - 1] if ship else " ", style=style)
        line.append(" ")
        line.append_text(_action_label(state, row, wide, label_width))
        if row == state.next_mothership_row():
            line.append(" ◀", style="bold")
        lines.append(line)
    # the notes on the head and the mothership's line only where they make the sky no wider (the base
    # needs every column it can get at 80: the info line says the mothership's row too)
    rows_width = max(cell_len(line.plain) for line in lines[2:]) if len(lines) > 2 else 0
    for annotated, extra in ((lines[0], head_note), (lines[1], ms_note)):
        if wide or cell_len(annotated.plain) + cell_len(extra.plain) <= rows_width:
            annotated.append_text(extra)
    if city_line:
        lines.append(Text(_("city").ljust(6) + "═══ " * COLS, style="blue"))
    return lines


# --- the base (right column) -----------------------------------------------------------------

def _room_text(state: UFSState, space: int, width: int) -> Text:
    base = state.base
    kind = base.kind[space]
    if kind == AA_GUN:
        return Text(_("AA gun") if width >= 6 else "AA", style="bold")
    if kind == TUNNEL:
        return Text(_("tunnel"), style="dim")
    room = base.rooms[base.room_of[space]]
    text = Text()
    for i, effect in enumerate(room.effects):
        if i:
            text.append("+", style="bold")
        abbr = room_abbr_word(effect)
        short = abbr if len(room.effects) == 1 or width >= 12 else abbr[0]  # ENE+FIG becomes E+F when narrow
        text.append(short, style=f"bold {ROOM_STYLE.get(effect, '')}")
    if room.modifier:
        text.append(f"{room.modifier:+d}")
    multi = len(room.spaces) > 1
    cost = f"${room.energy_cost}"
    # the gap before the cost only where the multi-space marker still fits after it: 'ENE-3$0*', never 'ENE-3 $0'
    gap = " " if cell_len(text.plain) + len(cost) + multi < width else ""
    text.append(f"{gap}{cost}")
    if multi:
        anchor = A.space_name(room.anchor)
        text.append(f" *{anchor}" if cell_len(text.plain) + 4 <= width else "*", style="magenta")
    return text


def _content_text(state: UFSState, space: int) -> Text:
    text = Text()
    if state.dice[space]:
        text.append(f"[{state.dice[space]}]", style=die_style(state.game, A.GRAY))
    elif state.robots[space]:
        tired = state.exhausted >> space & 1
        text.append(f"R{state.robots[space]}{'z' if tired else ''}", style="dim blue" if tired else ROBOT_STYLE)
    distance = state.base.pos[space] - state.excavator
    if distance == 0:
        text.append(" EXC" if text else "EXC", style="bold yellow")
    elif 1 <= distance <= 6:
        text.append(f" +{distance}" if text else f"+{distance}", style="yellow")
    elif distance > 6 and not text:
        text.append("···", style="dim")
    return text


SKY_LABEL_START = 24  # ' 1   .   .   .   >   .  ': where a sky row's mothership action begins
ROW_LABEL = 3  # ' 1 ': the base's row numbers; one column less and every room label keeps its '*' at 80


def _base_lines(state: UFSState, cell: int) -> list[Text]:
    word = _("base")
    # the column letters over the cells; the word before them where it fits
    head = Text(word if cell_len(word) < ROW_LABEL else "", style="bold")
    head.pad_right(ROW_LABEL - cell_len(head.plain))
    for letter in "abcde":
        head.append(f"{letter:<{cell}}")
    head.rstrip()
    lines = [head]
    for row in range(A.BASE_ROWS):
        top, bottom = Text(f"{row:>{ROW_LABEL - 1}} ", style="bold"), Text(" " * ROW_LABEL)
        for col in range(COLS):
            space = row * COLS + col
            dug = state.is_excavated(space)
            room = _room_text(state, space, cell - 1)
            content = _content_text(state, space)
            if row == 0:  # the AA guns take one line: 'AA [5]'
                room = Text("AA", style="bold")
                if content:
                    room.append(" ")
                    room.append_text(content)
                content = Text()
            if not dug:
                room.stylize("dim")
            top.append_text(_pad(room, cell - 1))
            top.append(" ")
            bottom.append_text(_pad(content, cell - 1))
            bottom.append(" ")
        lines.append(top)
        if row and bottom.plain.strip():  # a row with nothing on it and nothing to dig takes one line
            lines.append(bottom)
    return lines


# --- the lines around the board ----------------------------------------------------------------

def _meter(value: int, size: int, style: str) -> Text:
    return Text.assemble(("■" * value, style), ("□" * max(0, size - value), "dim"))


def title_line(state: UFSState) -> Text:
    game = state.game
    return Text.assemble((game.title(), "bold"), " · " + _("round {round}").format(round=state.round) + " · ",
                         (_("{phase} phase").format(phase=phase_word(state.phase_name)), "bold"))


def tracks_line(state: UFSState) -> Text:
    sky = state.sky
    layout = state.layout
    text = Text.assemble((_("Research") + " ", "bold"), (f"{state.research}/{sky.research_last}", "bold green"))
    if state.research < sky.research_last:
        costs = sky.research_costs[state.research + 1: state.research + 4]
        text.append(" " + _("(next {costs})").format(costs=" ".join(map(str, costs))), style="dim")
    text.append_text(Text.assemble(
        " · ", (_("Energy") + " ", "bold"), _meter(state.energy, layout.energy_max, "yellow"),
        f" {state.energy}/{layout.energy_max}",
        " · ", (_("Damage") + " ", "bold"), _meter(state.damage, layout.damage_limit, "red"),
        f" {state.damage}/{layout.damage_limit}",
    ))
    return text


def _info_lines(state: UFSState, flagged: set[str], wide: bool) -> list[Text]:
    game = state.game
    sky = state.sky
    lines: list[Text] = []
    primary, reinforcement = game.ship_letters[0], game.ship_letters[1]
    lines.append(Text.assemble(
        (_("Mothership") + " ", "bold"),
        _("row {row} · waiting {waiting} · supply {supply}").format(
            row=state.mothership_row,
            waiting=f"{primary}{state.waiting_primary} {reinforcement}{state.waiting_reinforcements}",
            supply=f"{reinforcement}{state.reinforcement_supply}"),
    ))
    if not state.is_terminal():
        nxt = state.next_mothership_row()
        if nxt == sky.skull_row:
            lines.append(Text(_("Next: the SKULL row: lost at the round's end"), style="bold white on red"))
        else:
            action = action_text(state, nxt)
            lines.append(Text.assemble((_("Next") + " ", "bold"), _("(row {row}):").format(row=nxt) + " ",
                                       (action or _("nothing"), "bold"),
                                       (" · " + _("skull row {row}").format(row=sky.skull_row), "dim")))
    ships = sorted(flagged, key=lambda c: (-int(c[1:]), c[0]))
    if ships:
        lines.append(Text("! " + _("one move from the city: {cells}").format(cells=", ".join(ships)),
                          style="bold red"))
    if state.dig_space >= 0 and state.phase_name in ("place", "rooms"):
        lines.append(Text(_("A die waits at {space} to dig (1 energy).").format(space=A.space_name(state.dig_space))))
    if state.pending_robots and state.phase_name != "install":
        lines.append(Text(_("Robots built, installed at the phase's end: {robots}").format(
            robots=", ".join(f"R{v}" for v in state.pending_robots)), style="green"))
    return lines


def phase_lines(state: UFSState) -> list[Text]:
    """The place phase's dice, or what the other phases ask for."""
    game = state.game
    phase = state.phase_name
    lines: list[Text] = []
    if phase == "ability":  # a city ability's decision (the game's hooks word it)
        lines.append(Text(game.hooks.decision_prompt(state), style="bold"))
    if phase in ("place", "ability"):
        plain, white = state.unplaced_dice()
        text = Text.assemble((_("Dice:") + " ", "bold"), f"{die_colour(game.dice_names[0])} ")
        for v in plain:
            text.append(f"[{v}]", style=die_style(game, A.GRAY))
            text.append(" ")
        if not plain:
            text.append("- ", style="dim")
        text.append(f" {die_colour(game.dice_names[1])} ")
        for v in white:
            text.append(f"[{v}]", style=die_style(game, A.WHITE))
            text.append(" ")
        if not white:
            text.append("- ", style="dim")
        used = "".join("abcde"[c] for c in range(COLS) if state.columns_used >> c & 1)
        if used:
            text.append(" " + _("(used: {columns})").format(columns=used), style="dim")
        lines.append(text)
    elif phase == "install":
        lines.append(Text(_("Install the robot of value {value} on an empty excavated room space.").format(
            value=state.install_value), style="bold green"))
    elif phase == "spawn":
        options = ", ".join("abcde"[c] for c in state.spawn_options)
        lines.append(Text(_("A ship must spawn: choose the drop point above column {columns}.").format(
            columns=options), style="bold"))
    if state.is_terminal():
        lines.append(result_text(state))
    return lines


def compact_board(state: UFSState, width: int = 80, height: int = 24,
                  flagged: Iterable[str] | None = None) -> list[Text]:
    """The board as lines no wider than ``width`` (at least :data:`MIN_WIDTH`).

    ``height`` is what the caller can spare: the city line is drawn only when it fits.
    ``flagged``: sky cells of ships one move from the city (default: found by previews).
    """
    flagged = set(danger(state) if flagged is None else flagged)
    if state.sky is None:
        return [Text(state.game.title(), style="bold")]
    wide = width >= 145  # full words for the mothership actions; below, the base gets the room
    head = [title_line(state), tracks_line(state)]
    foot = phase_lines(state)
    # the right column gets what the sky leaves: 5 base cells of at least 9 characters
    sky_probe = _sky_lines(state, wide, flagged, False)
    left_width = max(cell_len(line.plain) for line in sky_probe)
    # the base's cells need 9 columns each for every room label and its '*': a long word for the skull
    # (CALAVERA) is cut to leave them that ('SKULL' fits; the info line names the skull row in full)
    label_width = None
    base_needs = ROW_LABEL + 9 * COLS + 1
    if not wide and left_width + base_needs > width:
        label_width = max(5, width - base_needs - SKY_LABEL_START - 2)  # two for the ' ◀' of the next row
        sky_probe = _sky_lines(state, wide, flagged, False, label_width)
        left_width = max(cell_len(line.plain) for line in sky_probe)
    # two columns between the sky and the base, one where two would leave a room's label no room for its '*'
    gap = 2 if width - left_width - 2 - ROW_LABEL >= 9 * COLS else 1
    cell = max(9, min(14, (width - left_width - gap - ROW_LABEL) // COLS))
    right_width = width - left_width - gap
    if ROW_LABEL + COLS * cell > right_width:
        cell = (right_width - ROW_LABEL) // COLS
    right = [*_base_lines(state, cell), Text("")]
    for info in _info_lines(state, flagged, wide):
        right.extend(_wrap(info, right_width))
    # the dice (or what the phase asks) sit under the base when they fit there: a line saved
    if all(cell_len(line.plain) <= right_width for line in foot):
        right.extend(foot)
        foot = []
    wrapped_head = [w for line in head for w in _wrap(line, width)]
    wrapped_foot = [w for line in foot for w in _wrap(line, width)]
    spare = height - len(wrapped_head) - len(wrapped_foot) - max(len(sky_probe), len(right))
    left = _sky_lines(state, wide, flagged, spare >= 2, label_width)
    rows = max(len(left), len(right))
    body = []
    for i in range(rows):
        line = _pad(left[i], left_width) if i < len(left) else Text(" " * left_width)
        line.append(" " * gap)
        if i < len(right):
            line.append_text(right[i])
        line.rstrip()
        body.append(line)
    lines = wrapped_head + body + wrapped_foot
    for line in lines:  # built to fit: a terminal narrower than promised crops, never wraps
        line.no_wrap, line.overflow = True, "crop"
    return lines
