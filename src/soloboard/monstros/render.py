"""Pictures of a position: plain text (``str(state)``) and a rich renderable (``state.__rich__()``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soloboard.monstros.state import (
    BOARD_SLOTS,
    DIE_TOKENS,
    INVASION_WIN,
    REROLL_SLOT,
    SHIELD_SLOTS,
    SHIELD_TOKENS,
    TOWER_PIECES,
    WALL_MAX,
)

if TYPE_CHECKING:
    from soloboard.monstros.state import MonstrosState

ABILITY_WORDS = (("raises", "invasion+1"), ("saves", "save 3"), ("destroys", "destroy tower"))
COLOUR_STYLE = {"azul": "bold blue", "vermelha": "bold red", "verde": "bold green"}


def monster_text(state: MonstrosState, kind: int) -> str:
    """``3c (L3 life 4 atk 2, shield, invasion+1)``."""
    deck = state.deck
    extras = ["shield"] if deck.shield[kind] else []
    extras += [word for field, word in ABILITY_WORDS if getattr(deck, field)[kind]]
    name = f" {deck.m_names[kind]}" if deck.m_names[kind] else ""
    return (f"{deck.m_ids[kind]}{name} (L{deck.level[kind]} life {deck.life[kind]} atk {deck.attack[kind]}"
            + "".join(f", {e}" for e in extras) + ")")


def _counted(ids: list[str]) -> str:
    counts = Counter(ids)
    return " ".join(f"{i}x{n}" if n > 1 else i for i, n in counts.items()) or "-"


def deck_summary(state: MonstrosState) -> str:
    """The monster deck from the top: ``[shuffled 6] [shuffled 37] [known: 2a 1b]``."""
    parts = []
    for shuffled, cards in state.mdeck:
        if shuffled:
            parts.append(f"[shuffled {len(cards)}]")
        else:
            parts.append("[known: " + " ".join(state.deck.m_ids[k] for k in cards) + "]")
    return " ".join(parts) or "empty"


def status_line(state: MonstrosState) -> str:
    return (f"Wall {state.wall}/{WALL_MAX} · Invasion {state.invasion} (win at {INVASION_WIN}) · "
            f"Towers {1 + state.towers} (printed + {state.towers}/{TOWER_PIECES} built) · "
            f"Die tokens {state.tokens} (supply {DIE_TOKENS - state.tokens}) · "
            f"Shields {state.shields} (supply {SHIELD_TOKENS - state.shields})")


def _header(state: MonstrosState) -> str:
    game = state.game
    if state.is_terminal():
        return f"Monstros ({game.title()}) - game over: {state.end_cause}"
    who = "chance" if state.is_chance_node() else f"seat {state.actor} to act"
    return f"Monstros ({game.title()}) - turn {state.round}, seat {state.seat}'s turn, {state.phase_name}: {who}"


def _board_cells(state: MonstrosState) -> list[str]:
    ids = state.deck.a_ids
    return [ids[state.board[i]] if i < len(state.board) else "-" for i in range(BOARD_SLOTS)]


def _attack_line(state: MonstrosState) -> str:
    deck = state.deck
    parts = [f"dice {' '.join(map(str, state.dice_values())) or '-'}"]
    if state.group >= 0:
        parts.append(f"on {deck.m_ids[state.group]}: {'+'.join(map(str, state.gdice))} "
                     f"of {deck.life[state.group]}")
    parts.append("re-roll available" if state.reroll else "no re-roll")
    return "Attack: " + ", ".join(parts)


def render_text(state: MonstrosState) -> str:
    deck = state.deck
    lines = [_header(state), status_line(state)]
    cells = _board_cells(state)
    lines.append("Board: " + "  ".join(f"{i + 1}:{c}" for i, c in enumerate(cells))
                 + f"   (slots 1-{SHIELD_SLOTS}: -1 monster attack each; slot {REROLL_SLOT}: one re-roll)")
    for seat in range(state.game.players):
        mark = "*" if seat == state.seat else " "
        lines.append(f"{mark}Seat {seat} hand: {' '.join(deck.a_ids[k] for k in state.hand(seat)) or '-'}")
    lines.append(f"Table ({len(state.table)}, attack {state.monster_attack()} after the board):")
    lines.extend(f"  {monster_text(state, k)}" for k in state.table)
    if not state.table:
        lines.append("  (no monster)")
    if state.revealed:
        lines.append("Revealed: " + ", ".join(monster_text(state, k) for k in state.revealed))
    if state.aside:
        lines.append("Set aside (to the bottom): " + " ".join(deck.m_ids[k] for k in state.aside))
    if state.order:
        lines.append("Going to the bottom, in your order: " + " ".join(deck.m_ids[k] for k in state.order))
    if state.phase_name in ("attack", "roll") or any(state.dice):
        lines.append(_attack_line(state))
    lines.append(f"Monster deck {state.monster_deck_size()} {deck_summary(state)} · defeated {len(state.defeated)}"
                 + (f" (top: {deck.m_ids[state.defeated[-1]]})" if state.defeated else "")
                 + f" · action deck {state.adeck_n} · discard {sum(state.discard)}")
    return "\n".join(lines)


class _FitsTheTerminal:
    """The boxed tables when the terminal has the room, else the same facts in plain lines.

    Chosen at drawing time from the console's height (``options.height`` or the console's
    size), keeping ``RESERVE`` lines for the move list and the prompt below it."""

    RESERVE = 8

    def __init__(self, state: MonstrosState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        full = render_full(self.state)
        height = options.height or console.size.height
        lines = console.render_lines(full, options.update(height=None), pad=False)
        if len(lines) + self.RESERVE <= height:
            yield full
        else:
            yield render_compact(self.state, options.max_width)


def render_rich(state: MonstrosState) -> RenderableType:
    """The table as the terminal shows it: :func:`render_full` or, on a small terminal,
    :func:`render_compact`."""
    return _FitsTheTerminal(state)


def render_compact(state: MonstrosState, width: int = 80) -> RenderableType:
    """Every fact of :func:`render_full` in plain lines, for an 80x24 terminal."""
    deck = state.deck
    style = "green" if state.result == 1.0 else "red" if state.is_terminal() else "cyan"
    if state.is_terminal():
        header = f"Monstros · game over: {state.end_cause}"
    else:
        who = "chance" if state.is_chance_node() else f"seat {state.actor} to act"
        header = f"Monstros · turn {state.round} · seat {state.seat}'s turn · {state.phase_name}: {who}"
    status = (f"Wall {state.wall}/{WALL_MAX} · Invasion {state.invasion}/{INVASION_WIN} · "
              f"Towers {1 + state.towers}/{1 + TOWER_PIECES} · "
              f"Die tokens {state.tokens}/{DIE_TOKENS} · Shields {state.shields}/{SHIELD_TOKENS}")
    lines: list[Text] = [Text(header, style=f"bold {style}"), Text(status, style="bold")]
    board = Text("Board", style="bold")
    for i in range(BOARD_SLOTS):
        notes = "".join(("-" if i < SHIELD_SLOTS else "", "re-roll" if i + 1 == REROLL_SLOT else ""))
        board.append(f" {i + 1}{notes}:", style="dim")
        if i < len(state.board):
            k = state.board[i]
            board.append(deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], ""))
        else:
            board.append("-", style="dim")
    lines.append(board)
    hands: list[Text] = []
    for seat in range(state.game.players):
        hand = Text(f"seat {seat}:", style="bold reverse" if seat == state.actor and not state.is_terminal()
                    else "bold")
        for k in state.hand(seat):
            hand.append(" " + deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], ""))
        hands.append(hand)
    half = (width - 3) // 2
    for i in range(0, len(hands), 2):  # two hands a line when they fit: a six-seat table stays short
        pair = hands[i:i + 2]
        if len(pair) == 2 and max(len(h.plain) for h in pair) <= half:
            left = pair[0].copy()
            left.pad_right(half - len(left.plain))
            lines.append(Text.assemble(left, " │ ", pair[1]))
        else:
            lines.extend(pair)
    lines.append(Text(f"Monsters on the table ({len(state.table)}, their attack now: {state.monster_attack()}):",
                      style="bold"))
    for k in state.table:
        extras = ["shield"] if deck.shield[k] else []
        extras += [word for field, word in ABILITY_WORDS if getattr(deck, field)[k]]
        name = f" ({deck.m_names[k]})" if deck.m_names[k] else ""
        lines.append(Text(f"  {deck.m_ids[k]}{name}: level {deck.level[k]}, life {deck.life[k]}, attack "
                          f"{deck.attack[k]}" + "".join(f", {e}" for e in extras)))
    if state.revealed:
        lines.append(Text("Revealed: " + ", ".join(monster_text(state, k) for k in state.revealed)))
    if state.aside:
        lines.append(Text("Set aside (to the bottom): " + " ".join(deck.m_ids[k] for k in state.aside)))
    if state.order:
        lines.append(Text("Going to the bottom, in your order: " + " ".join(deck.m_ids[k] for k in state.order)))
    if state.phase_name in ("attack", "roll") or any(state.dice):
        lines.append(Text(_attack_line(state)))
    defeated = f" ({' '.join(deck.m_ids[k] for k in state.defeated[-3:])} <- top)" if state.defeated else ""
    lines.append(Text(f"Monster deck {state.monster_deck_size()}: {deck_summary(state)}", style="dim"))
    lines.append(Text(f"Defeated {len(state.defeated)}{defeated} · Action deck {state.adeck_n} · discard "
                      f"{sum(state.discard)}", style="dim"))
    return Group(*lines)


def render_full(state: MonstrosState) -> RenderableType:
    """The table with boxed tables for the board, the hands and the monsters."""
    deck = state.deck
    parts: list[RenderableType] = [Text(status_line(state), style="bold")]

    board = Table(title="Board", title_justify="left", show_lines=False, padding=(0, 1))
    for i in range(BOARD_SLOTS):
        notes = []
        if i < SHIELD_SLOTS:
            notes.append("-1 atk")
        if i + 1 == REROLL_SLOT:
            notes.append("re-roll")
        if i + 1 == BOARD_SLOTS:
            notes.append("full: remove")
        board.add_column(f"{i + 1} ({', '.join(notes)})", justify="center")
    cells = []
    for i in range(BOARD_SLOTS):
        if i < len(state.board):
            k = state.board[i]
            cells.append(Text(deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], "")))
        else:
            cells.append(Text("-", style="dim"))
    board.add_row(*cells)
    parts.append(board)

    hands = Table(title="Hands (open)", title_justify="left", show_header=False, padding=(0, 1))
    hands.add_column()
    hands.add_column()
    for seat in range(state.game.players):
        label = Text(f"seat {seat}", style="bold reverse" if seat == state.actor and not state.is_terminal()
                     else "bold")
        cards = Text()
        for k in state.hand(seat):
            if cards:
                cards.append(" ")
            cards.append(deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], ""))
        hands.add_row(label, cards or Text("-", style="dim"))
    parts.append(hands)

    table = Table(title=f"Monsters on the table (their attack now: {state.monster_attack()})", title_justify="left",
                  padding=(0, 1))
    for heading in ("monster", "level", "life", "attack", "shield", "abilities"):
        table.add_column(heading)
    for k in state.table:
        abilities = ", ".join(word for field, word in ABILITY_WORDS if getattr(deck, field)[k])
        table.add_row(deck.m_ids[k] + (f" ({deck.m_names[k]})" if deck.m_names[k] else ""), str(deck.level[k]),
                      str(deck.life[k]), str(deck.attack[k]), "yes" if deck.shield[k] else "",
                      abilities)
    parts.append(table)
    extra = []
    if state.revealed:
        extra.append("Revealed: " + ", ".join(monster_text(state, k) for k in state.revealed))
    if state.aside:
        extra.append("Set aside (to the bottom): " + " ".join(deck.m_ids[k] for k in state.aside))
    if state.order:
        extra.append("Going to the bottom, in your order: " + " ".join(deck.m_ids[k] for k in state.order))
    if state.phase_name in ("attack", "roll") or any(state.dice):
        extra.append(_attack_line(state))
    extra.append(f"Monster deck {state.monster_deck_size()}: {deck_summary(state)}")
    extra.append(f"Defeated {len(state.defeated)}"
                 + (f" ({' '.join(deck.m_ids[k] for k in state.defeated[-3:])} <- top)" if state.defeated else ""))
    extra.append(f"Action deck {state.adeck_n} · discard {sum(state.discard)}")
    parts.append(Text("\n".join(extra)))
    title = _header(state)
    style = "green" if state.result == 1.0 else "red" if state.is_terminal() else "cyan"
    return Panel(Group(*parts), title=title, title_align="left", border_style=style)
