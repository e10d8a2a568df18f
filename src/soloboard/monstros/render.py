"""Pictures of a position: plain text (``str(state)``) and a rich renderable (``state.__rich__()``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soloboard.i18n import N_, _
from soloboard.monstros.cards import Deck, mark_mentioned, mention
from soloboard.monstros.narrate import card_name, end_cause, shown_seat
from soloboard.monstros.refusals import phase_word
from soloboard.monstros.state import (
    BOARD_SLOTS,
    DIE_TOKENS,
    INVASION_WIN,
    REROLL_SLOT,
    SHIELD_SLOTS,
    SHIELD_TOKENS,
    TOWER_PIECES,
    WALL_MAX,
    slot_bonuses,
)

if TYPE_CHECKING:
    from soloboard.monstros.state import MonstrosState

ABILITY_WORDS = (("raises", N_("invasion+1")), ("saves", N_("save 3")), ("destroys", N_("destroy tower")))
COLOUR_STYLE = {"azul": "bold blue", "vermelha": "bold red", "verde": "bold green"}


def _label(deck: Deck, k: int) -> str:
    """`` (Starting monster, monstro inicial)`` after a monster's id: its name, the printed one at its first mention."""
    name, printed = mention(deck, "monster", k, mark=False)  # marked once the drawing is shown
    return f" ({name}, {printed})" if name and printed else f" ({name})" if name else ""


def monster_text(state: MonstrosState, kind: int) -> str:
    """``3c (L3 life 4 atk 2, shield, invasion+1)``."""
    deck = state.deck
    extras = [_("shield")] if deck.shield[kind] else []
    extras += [_(word) for field, word in ABILITY_WORDS if getattr(deck, field)[kind]]
    shown = card_name(deck, "monster", kind, mark=False)  # marked once the drawing is shown
    name = f" {shown}" if shown else ""
    return (f"{deck.m_ids[kind]}{name} ("
            + _("L{level} life {life} atk {attack}").format(level=deck.level[kind], life=deck.life[kind],
                                                            attack=deck.attack[kind])
            + "".join(f", {e}" for e in extras) + ")")


def _counted(ids: list[str]) -> str:
    counts = Counter(ids)
    return " ".join(f"{i}x{n}" if n > 1 else i for i, n in counts.items()) or "-"


def deck_summary(state: MonstrosState) -> str:
    """The monster deck from the top: ``[shuffled 6] [shuffled 37] [known: 2a 1b]``."""
    parts = []
    for shuffled, cards in state.monster_deck:
        if shuffled:
            parts.append("[" + _("shuffled {n}").format(n=len(cards)) + "]")
        else:
            parts.append("[" + _("known: {cards}").format(cards=" ".join(state.deck.m_ids[k] for k in cards)) + "]")
    return " ".join(parts) or _("empty")


def status_line(state: MonstrosState) -> str:
    return _("Wall {wall}/{wall_max} · Invasion {invasion} (win at {win}) · Towers {towers} (printed + "
             "{built}/{pieces} built) · Die tokens {tokens} (supply {token_supply}) · Shields {shields} (supply "
             "{shield_supply})").format(
        wall=state.wall, wall_max=WALL_MAX, invasion=state.invasion, win=INVASION_WIN, towers=1 + state.built_towers,
        built=state.built_towers, pieces=TOWER_PIECES, tokens=state.die_tokens,
        token_supply=DIE_TOKENS - state.die_tokens,
        shields=state.shields, shield_supply=SHIELD_TOKENS - state.shields)


def _header(state: MonstrosState) -> str:
    game = state.game
    if state.is_terminal():
        return f"Monstros ({game.title()}) - " + _("game over: {cause}").format(cause=end_cause(state.end_cause))
    who = _("chance") if state.is_chance_node() else _("seat {seat} to act").format(seat=shown_seat(state.actor))
    return f"Monstros ({game.title()}) - " + _("turn {turn}, seat {seat}'s turn, {phase}: {who}").format(
        turn=state.round, seat=shown_seat(state.seat), phase=phase_word(state.phase_name), who=who)


def _board_cells(state: MonstrosState) -> list[str]:
    ids = state.deck.a_ids
    return [ids[state.board[i]] if i < len(state.board) else "-" for i in range(BOARD_SLOTS)]


def _attack_line(state: MonstrosState) -> str:
    deck = state.deck
    parts = [_("dice {values}").format(values=" ".join(map(str, state.dice_values())) or "-")]
    if state.target_monster >= 0:
        parts.append(_("on {monster}: {dice} of {life}").format(
            monster=deck.m_ids[state.target_monster], dice="+".join(map(str, state.dice_on_target)),
            life=deck.life[state.target_monster]))
    parts.append(_("re-roll available") if state.reroll_available else _("no re-roll"))
    return _("Attack: {parts}").format(parts=", ".join(parts))


def render_text(state: MonstrosState) -> str:
    deck = state.deck
    lines = [_header(state), status_line(state)]
    cells = _board_cells(state)
    lines.append(_("Board:") + " " + "  ".join(f"{i + 1}:{c}" for i, c in enumerate(cells)) + "   "
                 + _("(slots 1-{shield_slots}: -1 monster attack each; slot {reroll_slot}: one re-roll)").format(
                     shield_slots=SHIELD_SLOTS, reroll_slot=REROLL_SLOT))
    for seat in range(state.game.players):
        mark = "*" if seat == state.seat else " "
        lines.append(mark + _("Seat {seat} hand: {cards}").format(
            seat=shown_seat(seat), cards=" ".join(deck.a_ids[k] for k in state.hand(seat)) or "-"))
    lines.append(_("Table ({n}, attack {attack} after the board):").format(n=len(state.table),
                                                                          attack=state.monster_attack()))
    lines.extend(f"  {monster_text(state, k)}" for k in state.table)
    if not state.table:
        lines.append("  " + _("(no monster)"))
    lines.extend(_pending_lines(state))
    lines.append(_("Monster deck {n} {summary} · defeated {defeated}").format(
        n=state.monster_deck_size(), summary=deck_summary(state), defeated=len(state.defeated))
                 + (" " + _("(top: {card})").format(card=deck.m_ids[state.defeated[-1]]) if state.defeated else "")
                 + " · " + _("action deck {n} · discard {discard}").format(n=state.action_deck_size,
                                                                            discard=sum(state.discard)))
    return "\n".join(lines)


def _pending_lines(state: MonstrosState) -> list[str]:
    """The revealed, set-aside and ordered monsters and the attack, when there are any."""
    deck = state.deck
    lines = []
    if state.revealed:
        lines.append(_("Revealed: {monsters}").format(
            monsters=", ".join(monster_text(state, k) for k in state.revealed)))
    if state.set_aside:
        lines.append(_("Set aside (to the bottom): {monsters}").format(
            monsters=" ".join(deck.m_ids[k] for k in state.set_aside)))
    if state.to_order:
        lines.append(_("Going to the bottom, in your order: {monsters}").format(
            monsters=" ".join(deck.m_ids[k] for k in state.to_order)))
    if state.phase_name in ("attack", "roll") or any(state.dice):
        lines.append(_attack_line(state))
    return lines


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


def mark_shown(state: MonstrosState) -> None:
    """The monsters the table names now count as mentioned (call it once the table was printed: a
    drawing is also rendered to be measured)."""
    mark_mentioned(state.deck, "monster", [*state.table, *state.revealed])


def render_rich(state: MonstrosState) -> RenderableType:
    """The table as the terminal shows it: :func:`render_full` or, on a small terminal,
    :func:`render_compact`."""
    return _FitsTheTerminal(state)


def render_compact(state: MonstrosState, width: int = 80) -> RenderableType:
    """Every fact of :func:`render_full` in plain lines, for an 80x24 terminal."""
    deck = state.deck
    style = "green" if state.result == 1.0 else "red" if state.is_terminal() else "cyan"
    if state.is_terminal():
        header = "Monstros · " + _("game over: {cause}").format(cause=end_cause(state.end_cause))
    else:
        who = _("chance") if state.is_chance_node() else _("seat {seat} to act").format(seat=shown_seat(state.actor))
        header = "Monstros · " + _("turn {turn} · seat {seat}'s turn · {phase}: {who}").format(
            turn=state.round, seat=shown_seat(state.seat), phase=phase_word(state.phase_name), who=who)
    status = _("Wall {wall}/{wall_max} · Invasion {invasion}/{win} · Towers {towers}/{towers_max} · Die tokens "
               "{tokens}/{tokens_max} · Shields {shields}/{shields_max}").format(
        wall=state.wall, wall_max=WALL_MAX, invasion=state.invasion, win=INVASION_WIN, towers=1 + state.built_towers,
        towers_max=1 + TOWER_PIECES, tokens=state.die_tokens, tokens_max=DIE_TOKENS, shields=state.shields,
        shields_max=SHIELD_TOKENS)
    lines: list[Text] = [Text(header, style=f"bold {style}"), Text(status, style="bold")]
    board = Text(_("Board"), style="bold")
    for i in range(BOARD_SLOTS):
        bonuses = slot_bonuses(i + 1)
        notes = "".join(("-" if "block" in bonuses else "", _("re-roll") if "reroll" in bonuses else ""))
        board.append(f" {i + 1}{notes}:", style="dim")
        if i < len(state.board):
            k = state.board[i]
            board.append(deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], ""))
        else:
            board.append("-", style="dim")
    lines.append(board)
    hands: list[Text] = []
    for seat in range(state.game.players):
        hand = Text(_("seat {seat}:").format(seat=shown_seat(seat)),
                    style="bold reverse" if seat == state.actor and not state.is_terminal() else "bold")
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
    lines.append(Text(_("Monsters on the table ({n}, their attack now: {attack}):").format(
        n=len(state.table), attack=state.monster_attack()), style="bold"))
    for k in state.table:
        extras = [_("shield")] if deck.shield[k] else []
        extras += [_(word) for field, word in ABILITY_WORDS if getattr(deck, field)[k]]
        name = _label(deck, k)
        lines.append(Text(f"  {deck.m_ids[k]}{name}: " + _("level {level}, life {life}, attack {attack}").format(
            level=deck.level[k], life=deck.life[k], attack=deck.attack[k]) + "".join(f", {e}" for e in extras)))
    lines.extend(Text(line) for line in _pending_lines(state))
    defeated = (" (" + _("{cards} <- top").format(cards=" ".join(deck.m_ids[k] for k in state.defeated[-3:])) + ")"
                if state.defeated else "")
    lines.append(Text(_("Monster deck {n}: {summary}").format(n=state.monster_deck_size(),
                                                              summary=deck_summary(state)), style="dim"))
    lines.append(Text(_("Defeated {n}").format(n=len(state.defeated)) + defeated + " · "
                      + _("Action deck {n} · discard {discard}").format(n=state.action_deck_size,
                                                                         discard=sum(state.discard)),
                      style="dim"))
    return Group(*lines)


def render_full(state: MonstrosState) -> RenderableType:
    """The table with boxed tables for the board, the hands and the monsters."""
    deck = state.deck
    parts: list[RenderableType] = [Text(status_line(state), style="bold")]

    board = Table(title=_("Board"), title_justify="left", show_lines=False, padding=(0, 1))
    for i in range(BOARD_SLOTS):
        bonuses = slot_bonuses(i + 1)
        notes = []
        if "block" in bonuses:
            notes.append(_("-1 atk"))
        if "reroll" in bonuses:
            notes.append(_("re-roll"))
        if i + 1 == BOARD_SLOTS:
            notes.append(_("full: remove"))
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

    hands = Table(title=_("Hands (open)"), title_justify="left", show_header=False, padding=(0, 1))
    hands.add_column()
    hands.add_column()
    for seat in range(state.game.players):
        label = Text(_("seat {seat}").format(seat=shown_seat(seat)),
                     style="bold reverse" if seat == state.actor and not state.is_terminal() else "bold")
        cards = Text()
        for k in state.hand(seat):
            if cards:
                cards.append(" ")
            cards.append(deck.a_ids[k], style=COLOUR_STYLE.get(deck.colour[k], ""))
        hands.add_row(label, cards or Text("-", style="dim"))
    parts.append(hands)

    table = Table(title=_("Monsters on the table (their attack now: {attack})").format(attack=state.monster_attack()),
                  title_justify="left", padding=(0, 1))
    for heading in (_("monster"), _("level"), _("life"), _("attack"), _("shield"), _("abilities")):
        table.add_column(heading)
    for k in state.table:
        abilities = ", ".join(_(word) for field, word in ABILITY_WORDS if getattr(deck, field)[k])
        table.add_row(deck.m_ids[k] + _label(deck, k),
                      str(deck.level[k]), str(deck.life[k]), str(deck.attack[k]), _("yes") if deck.shield[k] else "",
                      abilities)
    parts.append(table)
    extra = _pending_lines(state)
    extra.append(_("Monster deck {n}: {summary}").format(n=state.monster_deck_size(), summary=deck_summary(state)))
    extra.append(_("Defeated {n}").format(n=len(state.defeated))
                 + (" (" + _("{cards} <- top").format(cards=" ".join(deck.m_ids[k] for k in state.defeated[-3:]))
                    + ")" if state.defeated else ""))
    extra.append(_("Action deck {n} · discard {discard}").format(n=state.action_deck_size, discard=sum(state.discard)))
    parts.append(Text("\n".join(extra)))
    title = _header(state)
    style = "green" if state.result == 1.0 else "red" if state.is_terminal() else "cyan"
    return Panel(Group(*parts), title=title, title_align="left", border_style=style)
