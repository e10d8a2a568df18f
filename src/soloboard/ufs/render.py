"""A plain-text picture of a state (``str(state)``); the terminal UI colours the same layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from soloboard.ufs import actions as A
from soloboard.ufs.tables import (
    AA_GUN,
    ARROW_LEFT,
    ARROW_RIGHT,
    EXPLOSION,
    MOTHERSHIP,
    SKY_ROWS,
    TUNNEL,
)

if TYPE_CHECKING:
    from soloboard.ufs.state import UFSState

COLS = A.COLS
SHIP = {0: " ", 1: "P", 2: "W"}
ROOM_ABBR = {"energy": "ENE", "fighters": "FIG", "research": "RES", "robots": "ROB"}


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


def mothership_action_text(action: tuple[str, int] | None, unidentified_reading: str) -> str:
    if action is None:
        return ""
    kind, amount = action
    if kind == "excavator_back":
        return f"excavator back {amount}"
    if kind == "research_back":
        return f"research back {amount}"
    if kind == "add_white_ships":
        return f"+{amount} white ship" + ("s" if amount > 1 else "")
    if kind == "damage":
        return "1 damage"
    if kind == "skull":
        return "SKULL (lose)"
    reading = "1 damage" if unidentified_reading == "damage" else "no effect"
    return f"?? unidentified symbol (played as {reading})"


def room_label(state: UFSState, space: int) -> str:
    base = state.base
    kind = base.kind[space]
    if kind == AA_GUN:
        return "AA gun"
    if kind == TUNNEL:
        return "tunnel"
    room = base.rooms[base.room_of[space]]
    mod = f"{room.modifier:+d}" if room.modifier else ""
    multi = "*" if len(room.spaces) > 1 else ""
    return f"{ROOM_ABBR[room.type]}{mod} ${room.energy_cost}{multi}"


def space_content(state: UFSState, space: int) -> str:
    if state.dice[space]:
        return f"[{state.dice[space]}]"
    if state.robots[space]:
        tired = "z" if state.exhausted >> space & 1 else ""
        return f"R{state.robots[space]}{tired}"
    if state.base.path[state.exc] == space:
        return "EXC"
    return ""


def render_text(state: UFSState) -> str:
    game = state.game
    city = game.city
    lines = [f"Under Falling Skies - {city.name}"]
    if state.sky is None:
        lines.append(f"Set-up: {game.threat} sky tile(s) will be drawn for their threat side.")
        return "\n".join(lines)
    sides = "".join(s[0].upper() for s in state.sky.sides)
    lines[0] += (
        f", threat {game.threat} (sky {sides}, bottom tile first) - round {state.round}, {state.phase_name} phase"
    )
    lines.append(
        f"Research {state.research}/{state.sky.research_last}   Energy {state.energy}/{city.energy_max}   "
        f"Damage {state.damage} (destroyed at {city.damage_limit})"
    )
    lines.append(
        f"On the mothership: {state.wait_p} purple, {state.wait_w} white; white supply {state.supply_w}"
    )
    lines.append("")
    lines.append("row    " + "".join(f"  {c}  " for c in "abcde") + "  mothership action / research cost")
    grid = state.grid
    cell = state.sky.cell
    for row in range(state.ms, SKY_ROWS + 1):
        if row == state.ms:
            cells = "".join(f" [{SHIP[grid[row * COLS + c]]}] " for c in range(COLS))
            lines.append(f"MS {row:>2}  {cells}  drop points")
            continue
        cells = "".join(
            f"{sky_symbol(cell[row * COLS + c]):>3}{SHIP[grid[row * COLS + c]]} " for c in range(COLS)
        )
        research_space = SKY_ROWS + 1 - row
        cost = state.sky.research_costs[research_space]
        marker = "<-R" if state.research == research_space else "   "
        action = mothership_action_text(state.sky.action[row], game.unidentified_action)
        lines.append(f"sky{row:>2}  {cells}  {action:<30} {cost:>2}{marker}")
    start_marker = "<-R" if state.research == 0 else ""
    lines.append(f"city    {'=' * 25}  research start {start_marker}")
    lines.append("")
    for row in range(A.BASE_ROWS):
        parts = []
        for col in range(COLS):
            s = row * COLS + col
            label = room_label(state, s)
            dug = state.is_excavated(s)
            text = f"{label} {space_content(state, s)}".strip()
            parts.append(f"{text if dug else '(' + text + ')':<16}")
        lines.append(f"base {row}  " + "".join(parts))
    lines.append("(parentheses: not excavated yet; [n] worker die, Rn robot, Rnz exhausted robot, EXC excavator)")
    if state.phase == 2:  # PLACE
        gray, white = state.unplaced_dice()
        lines.append(f"Unplaced dice: gray {gray or '-'}  white {white or '-'}")
    if state.is_terminal():
        lines.append("WON: the research is complete." if state.result == 1.0 else f"LOST: {state.loss_cause}.")
    return "\n".join(lines)


# --- the coloured board (rich) ------------------------------------------------------------
# Every colour is doubled by a letter or a sign, so the board still reads on a terminal
# without colour (or in a log file).

SHIP_STYLE = {1: "bold white on magenta", 2: "bold black on white"}
ROOM_STYLE = {"energy": "yellow", "fighters": "red", "research": "cyan", "robots": "green"}
DIE_STYLE = "bold black on grey70"
WHITE_DIE_STYLE = "bold black on white"
ROBOT_STYLE = "bold white on blue"
LEGEND = (
    "P purple ship · W white ship · < > arrow · M mothership descends · Xn explosion n · "
    "[n] worker die · Rn robot (Rnz exhausted) · EXC excavator · (…) not excavated · "
    "+n that many spaces ahead of the excavator · *c3 part of the multi-space room c3 · $n energy cost"
)


def _symbol_style(code: int) -> str:
    if code in (ARROW_LEFT, ARROW_RIGHT):
        return "cyan"
    if code == MOTHERSHIP:
        return "bold red"
    if code >= EXPLOSION:
        return "yellow"
    return "dim"


def _ship_text(ship: int) -> Text:
    return Text(SHIP[ship], style=SHIP_STYLE.get(ship, ""))


def _sky_cell(state: UFSState, row: int, col: int) -> Text:
    idx = row * COLS + col
    code = state.sky.cell[idx]
    ship = state.grid[idx]
    symbol = sky_symbol(code)
    return Text.assemble((f"{symbol:>2}", _symbol_style(code)), " ", _ship_text(ship))


def _drop_point(ship: int) -> Text:
    return Text.assemble("[", _ship_text(ship), "]")


def _research_cell(state: UFSState, row: int) -> Text:
    space = SKY_ROWS + 1 - row
    cost = state.sky.research_costs[space]
    text = Text(f"{cost:>2}", style="dim" if space <= state.research else "bold")
    if state.research == space:
        text.append(" ◀R", style="bold green")
    elif space == state.sky.research_last:
        text.append(" win", style="green")
    return text


def _action_cell(state: UFSState, row: int) -> Text:
    sky = state.sky
    if row == state.ms:
        if row == sky.skull_row:
            return Text("▲ mothership on the SKULL row: the game is lost", style="bold white on red")
        return Text("▲ mothership and its drop points", style="bold")
    if row == sky.skull_row:
        text = Text("SKULL: the game is lost here", style="bold white on red")
    else:
        action = sky.action[row]
        label = mothership_action_text(action, state.game.unidentified_action)
        style = "yellow italic" if action is not None and action[0] == "unidentified" else ""
        text = Text(label or "-", style=style or ("dim" if not label else ""))
    if row == state.ms + 1:
        text.append("  ◀ next", style="bold")
    return text


def _sky_table(state: UFSState) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column("sky", justify="right", style="bold")
    for letter in "abcde":
        table.add_column(letter, justify="center", min_width=4)
    table.add_column("research", justify="left")
    table.add_column("mothership action")
    ms = state.ms
    for row in range(0 if ms == 0 else 1, SKY_ROWS + 1):
        if row < ms:  # covered by the mothership: only the research cost still matters
            blanks = [Text("░░", style="dim") for _ in range(COLS)]
            table.add_row(Text(f"{row}", style="dim"), *blanks, _research_cell(state, row), Text(""))
            continue
        if row == ms:
            cells = [_drop_point(state.grid[row * COLS + c]) for c in range(COLS)]
            label = Text(f"MS {row}", style="bold magenta")
        else:
            cells = [_sky_cell(state, row, c) for c in range(COLS)]
            label = Text(f"{row}", style="bold red" if row == state.sky.skull_row else "bold")
        research = _research_cell(state, row) if row else Text("")
        table.add_row(label, *cells, research, _action_cell(state, row))
    start = Text("start", style="dim")
    if state.research == 0:
        start.append(" ◀R", style="bold green")
    table.add_row(Text("city", style="bold"), *[Text("════", style="blue") for _ in range(COLS)], start,
                  Text("ships passing row 16 hit the city", style="dim"))
    return table


def _base_cell(state: UFSState, space: int) -> Text:
    base = state.base
    kind = base.kind[space]
    dug = state.is_excavated(space)
    text = Text()
    if kind == AA_GUN:
        text.append("AA gun", style="bold")
    elif kind == TUNNEL:
        text.append("tunnel", style="dim")
    else:
        room = base.rooms[base.room_of[space]]
        mod = f"{room.modifier:+d}" if room.modifier else ""
        text.append(f"{ROOM_ABBR[room.type]}{mod}", style=f"bold {ROOM_STYLE[room.type]}")
        text.append(f" ${room.energy_cost}")
        if len(room.spaces) > 1:
            text.append(f" *{A.space_name(room.anchor)}", style="magenta")
    if state.dice[space]:
        text.append(" ")
        text.append(f"[{state.dice[space]}]", style=DIE_STYLE)
    elif state.robots[space]:
        tired = state.exhausted >> space & 1
        text.append(" ")
        text.append(f"R{state.robots[space]}{'z' if tired else ''}", style="dim blue" if tired else ROBOT_STYLE)
    distance = base.pos[space] - state.exc
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
    table.add_column("base", justify="right", style="bold")
    for letter in "abcde":
        table.add_column(letter, no_wrap=False)
    for row in range(A.BASE_ROWS):
        cells = [_base_cell(state, row * COLS + c) for c in range(COLS)]
        # sections follow the tiles: AA guns, top base tile (rows 1-2), bottom tile (rows 3-5)
        table.add_row(f"{row}", *cells, end_section=row in (0, 2))
    return table


def _meter(value: int, size: int, style: str) -> Text:
    return Text.assemble(("■" * value, style), ("□" * max(0, size - value), "dim"))


def _tracks(state: UFSState) -> Text:
    city = state.game.city
    return Text.assemble(
        ("Research ", "bold"), (f"{state.research}/{state.sky.research_last}", "bold green"),
        "   ", ("Energy ", "bold"), _meter(state.energy, city.energy_max, "yellow"),
        f" {state.energy}/{city.energy_max}",
        "   ", ("Damage ", "bold"), _meter(state.damage, city.damage_limit, "red"),
        f" {state.damage} (the base is destroyed at {city.damage_limit})",
    )


def _mothership_line(state: UFSState) -> Text:
    return Text.assemble(
        ("Mothership ", "bold"), f"row {state.ms} · waiting to spawn: {state.wait_p} purple (", _ship_text(1),
        f"), {state.wait_w} white (", _ship_text(2), f") · white ships in the supply: {state.supply_w}",
    )


def _next_action_line(state: UFSState) -> Text:
    sky = state.sky
    nxt = state.ms + 1
    moves_left = sky.skull_row - state.ms
    if nxt == sky.skull_row:
        return Text(
            f"Next mothership move (row {nxt}) reaches the SKULL: the game is lost at the end of this round "
            "unless the research is complete", style="bold white on red",
        )
    action = mothership_action_text(sky.action[nxt], state.game.unidentified_action) or "no action"
    return Text.assemble(
        ("Next mothership action ", "bold"), f"(row {nxt}): ", (action, "bold"),
        (f"   · the skull (row {sky.skull_row}) is {moves_left} mothership moves away", "dim"),
    )


def _dice_text(values: list[int], style: str) -> Text:
    text = Text()
    for v in values:
        text.append(f"[{v}]", style=style)
        text.append(" ")
    return text if values else Text("-", style="dim")


def _phase_lines(state: UFSState) -> list[Text]:
    phase = state.phase_name
    lines: list[Text] = []
    if phase == "place":
        gray, white = state.unplaced_dice()
        used = "".join("abcde"[c] for c in range(COLS) if state.cols_used >> c & 1) or "none"
        lines.append(Text.assemble(
            ("Unplaced dice: ", "bold"), "gray ", _dice_text(gray, DIE_STYLE),
            "  white ", _dice_text(white, WHITE_DIE_STYLE), f"   (columns already used: {used})",
        ))
    if state.dig_space >= 0 and phase in ("place", "rooms"):
        lines.append(Text(f"A die waits at {A.space_name(state.dig_space)} to dig (1 energy in the Rooms Phase)."))
    if phase == "install":
        lines.append(Text(f"A robot of value {state.install_value} was built: install it on an empty excavated "
                          "room space (remove a robot first if you have the most allowed).", style="bold green"))
    if phase == "spawn":
        options = ", ".join("abcde"[c] for c in state.spawn_options)
        lines.append(Text(f"A ship must spawn: choose the drop point above column {options}.", style="bold"))
    if state.is_terminal():
        if state.result == 1.0:
            lines.append(Text("WON: the research is complete.", style="bold green"))
        else:
            lines.append(Text(f"LOST: {state.loss_cause}.", style="bold white on red"))
    return lines


def render_rich(state: UFSState, *, legend: bool = False) -> RenderableType:
    """The board as a rich renderable: ``rich.print(state)`` shows it (``UFSState.__rich__``).

    ``legend`` adds a line explaining the signs (a front end shows it once, not every turn).
    """
    game = state.game
    title = Text(f"Under Falling Skies — {game.city.name}", style="bold")
    if state.sky is None:
        return Group(title, Text(f"Set-up: {game.threat} sky tile(s) will be drawn for their threat side."))
    sides = " ".join(s[0].upper() for s in state.sky.sides)
    title.append(f" · threat {game.threat} (sky {sides}, bottom tile first) · round {state.round} · "
                 f"{state.phase_name} phase", style="")
    parts: list[RenderableType] = [title, _tracks(state), _mothership_line(state)]
    if not state.is_terminal():
        parts.append(_next_action_line(state))
    parts += [_sky_table(state), _base_table(state), *_phase_lines(state)]
    if legend:
        parts.append(Text(LEGEND, style="dim"))
    return Group(*parts)
