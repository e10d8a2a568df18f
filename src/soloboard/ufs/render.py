"""A plain-text picture of a state (``str(state)``); the terminal UI colours the same layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    lines[0] += f", threat {game.threat} (sky {sides}, bottom tile first) - round {state.round}, {state.phase_name} phase"
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
