"""``soloboard play``: a complete game in the terminal.

The dice are rolled by :class:`~soloboard.core.chance.HistorySampler`, so a game is
reproducible from its seed and ``undo`` can never re-roll: going back to a chance node
brings back the same dice.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table
from rich.text import Text

from soloboard.cli.session import InputFn, TerminalSession, enable_line_editing
from soloboard.cli.terminal import (
    Narrator,
    board,
    describe_changes,
    error,
    game_label,
    notices_panel,
    outcome,
    summary,
)
from soloboard.core.api import State
from soloboard.core.registry import load_game
from soloboard.ufs.actions import parse_space
from soloboard.ufs.game import BaseUFSGame
from soloboard.ufs.guide import notation_help, phase_hints, rules_summary
from soloboard.ufs.render import legend_text

# Above this many legal moves the list is not numbered: numbers would only add clutter to
# the placement lists (up to ~70 moves), and typing G5c3 is as quick as typing a number.
MAX_NUMBERED = 30

COMMANDS_HELP = """\
[bold]Commands[/bold]
  moves, ?     list the legal moves             board       show the board again, with its key
  undo         take back your last decision (the dice come back the same)
  log          the game so far, round by round
  save FILE    save the game (written to a temporary file first: a failed save never
               damages an older save)
  load FILE    load a saved game (a bad file leaves the current game as it is)
  help         this text                        quit        leave the game (also q, exit)"""

COMMAND_HINT = "help · moves · board · undo · log · save FILE · load FILE · quit"
_GROUP_LABELS = {
    "use": "use a room", "discard": "discard", "dig": "dig", "remove": "remove a robot",
    "install": "install", "spawn": "spawn", "done": "end", "skip": "end",
}


def _ufs_game(state: State) -> BaseUFSGame | None:
    game = getattr(state, "game", None)
    return game if isinstance(game, BaseUFSGame) else None


def help_text(state: State) -> str:
    """The rules in brief and the notation of this game's edition, then the commands."""
    game = _ufs_game(state)
    if game is None:
        return COMMANDS_HELP
    return f"{rules_summary(game)}\n\n{notation_help(game)}\n\n{COMMANDS_HELP}"


def hints(state: State) -> dict[str, str]:
    """Each phase's reminder of the notation (from the game's edition; none for another game)."""
    game = _ufs_game(state)
    return phase_hints(game) if game is not None else {}


def _placement_pattern(letters: str) -> re.Pattern[str]:
    return re.compile(rf"^([{re.escape(letters)}])([1-6])([a-e][0-5])$")


def example_move(state: State) -> str:
    game = _ufs_game(state)
    return f"{game.dice_letters[0]}5c3" if game is not None else "a move from the list"


@dataclass
class MoveGroup:
    label: str
    moves: list[tuple[int, str, str]] = field(default_factory=list)  # action, notation, effect


def _group_label(state: State, notation: str) -> str:
    game = _ufs_game(state)
    match = _placement_pattern(game.dice_letters).match(notation) if game is not None else None
    if game is not None and match:
        colour = game.dice_names[game.dice_letters.index(match[1])]
        space = parse_space(match[3])
        is_excavated = getattr(state, "is_excavated", None)
        digs = is_excavated is not None and not is_excavated(space)
        return f"{colour} {match[2]}{', to dig' if digs else ''}"
    words = notation.split()
    if words[0] == "spawn" and game is not None and not game.ruleset.spawn_farthest:
        # the player also picks which waiting ship spawns: 'spawn c' is a primary ship, 'spawn red c'
        return f"spawn {words[1] if len(words) == 3 else game.ship_names[0]}"
    return _GROUP_LABELS.get(words[0], words[0])


def _preview(state: State, action: int, notation: str) -> str:
    """What using a room or digging would do, worked out on a copy of the state."""
    if notation.split()[0] not in ("use", "dig"):
        return ""
    trial = state.clone()
    trial.apply_action(action)
    notes = describe_changes(state, trial)
    if getattr(trial, "phase_name", "") == "install":
        notes.append(f"builds a robot of value {getattr(trial, 'install_value', '?')}")
    if trial.is_terminal():
        notes.append(outcome(trial).headline)
    return " · ".join(notes) or "no effect"


def group_moves(state: State) -> list[MoveGroup]:
    groups: dict[str, MoveGroup] = {}
    for action in state.legal_actions():
        notation = state.action_to_string(action)
        label = _group_label(state, notation)
        group = groups.setdefault(label, MoveGroup(label))
        group.moves.append((action, notation, _preview(state, action, notation)))
    return list(groups.values())


class PlaySession(TerminalSession):
    """A one-player game at the terminal (Under Falling Skies, both editions)."""

    def __init__(self, state: State, seed: int, console: Console, input_fn: InputFn) -> None:
        super().__init__(state, seed, console, input_fn)
        self.narrator = Narrator(console)
        self.numbered: list[int] = []
        self.legend_due = True  # the key to the board's signs is shown with the first board

    def prompt(self) -> str:
        return f"round {getattr(self.state, 'round', '?')} · {getattr(self.state, 'phase_name', '')}> "

    def advance(self) -> None:
        while self.state.is_chance_node():
            self.narrator.apply_chance(self.state, self.sampler(self.state))
            self.board_due = True

    def show(self) -> None:
        self.console.print(board(self.state, legend=self.legend_due))
        self.legend_due = False
        self.show_moves()
        self.board_due = False

    def show_moves(self) -> None:
        groups = group_moves(self.state)
        count = sum(len(g.moves) for g in groups)
        numbered = count <= MAX_NUMBERED
        self.numbered = [a for g in groups for a, _, _ in g.moves] if numbered else []
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        number = 0
        for group in groups:
            # moves with a preview get a line each; bare notations share a line
            one_per_line = any(effect for _, _, effect in group.moves)
            cell = Text()
            for _, notation, effect in group.moves:
                if cell:
                    cell.append("\n" if one_per_line else "  ")
                if numbered:
                    number += 1
                    cell.append(f"{number:>2}) ", style="dim")
                cell.append(notation, style="bold")
                if effect:
                    cell.append(f"  ({effect})", style="dim")
            table.add_row(group.label, cell)
        phase = getattr(self.state, "phase_name", "")
        self.console.print(Text(f"Your move, {phase} phase ({count} legal moves):", style="bold underline"))
        self.console.print(table)
        hint = hints(self.state).get(phase, "Type a move")
        self.console.print(Text.assemble((hint, "italic"), ("  ·  commands: " + COMMAND_HINT, "dim")))

    def play_number(self, number: int) -> None:
        if not self.numbered:
            error(self.console, "The move list is not numbered here",
                  f"type the move itself, e.g. {example_move(self.state)} (type 'moves' to see them)")
        elif not 1 <= number <= len(self.numbered):
            error(self.console, f"There is no move {number}", f"the moves are numbered 1 to {len(self.numbered)}")
        else:
            self.play(self.numbered[number - 1])

    def play_text(self, text: str) -> None:
        try:
            action = self.state.string_to_action(text)
        except ValueError as exc:
            error(self.console, f"Cannot read {text!r}", str(exc))
            self.console.print(Text("Type 'help' for the notation and the rules, 'moves' for the legal moves.",
                                    style="dim"))
            return
        self.play(action)

    def narrate_move(self, notation: str, before: State, after: State) -> None:
        self.narrator.move(notation, before, after)

    # --- commands -------------------------------------------------------------------------------

    def undone(self, state: State, notation: str) -> None:
        self.console.print(Text(f"Undone: {notation}. Back to round {getattr(state, 'round', '?')}, "
                                f"{getattr(state, 'phase_name', '')} phase.", style="bold yellow"))

    def refuse_load(self, loaded: State, name: str) -> tuple[str, str] | None:
        if loaded.is_terminal():
            return ("That save is a finished game; the current game goes on",
                    f"{outcome(loaded).headline}. Watch it with: soloboard replay {name}")
        return None

    def loaded(self, loaded: State, name: str) -> None:
        self.console.print(Text(f"Loaded {name}: {game_label(loaded)}.", style="bold green"))
        panel = notices_panel(loaded)
        if panel is not None:
            self.console.print(panel)

    def cmd_log(self, _arg: str) -> bool:
        lines = history_by_round(self.origin, self.state.history()[len(self.origin.history()):])
        if not lines:
            self.console.print("No moves yet.")
        for round_no, entries in lines:
            text = Text(f"Round {round_no}: ", style="bold")
            for i, (notation, chance) in enumerate(entries):
                if i:
                    text.append(", ")
                text.append(f"({notation})" if chance else notation, style="dim" if chance else "")
            self.console.print(text)
        return True

    def cmd_help(self, _arg: str) -> bool:
        self.console.print(help_text(self.state), highlight=False)
        game = _ufs_game(self.state)
        if game is not None:
            self.console.print(Text.assemble(("\nThe board: ", "bold"), legend_text(game)))
        return True

    def cmd_board(self, _arg: str) -> bool:
        self.console.print(board(self.state, legend=True))
        return True

    # --- the end --------------------------------------------------------------------------------

    def finish(self) -> None:
        self.console.print(self.state)
        self.console.print(summary(self.state, {"Seed": str(self.seed)}))
        self.offer_save()


def history_by_round(origin: State, actions: list[int]) -> list[tuple[int, list[tuple[str, bool]]]]:
    """The actions after ``origin`` in notation, grouped by the round they were played in."""
    state = origin.clone()
    rounds: list[tuple[int, list[tuple[str, bool]]]] = []
    for action in actions:
        chance = state.is_chance_node()
        notation = state.action_to_string(action)
        round_no = getattr(state, "round", 0)
        state.apply_action(action)
        round_no = round_no or getattr(state, "round", 0)  # the set-up draw (round 0) opens round 1
        if not rounds or rounds[-1][0] != round_no:
            rounds.append((round_no, []))
        rounds[-1][1].append((notation, chance))
    return rounds


def run_play(
    game_name: str,
    params: dict[str, object],
    seed: int | None = None,
    *,
    console: Console | None = None,
    input_fn: InputFn = input,
) -> int:
    """Play one game; 0 when it ends or the player leaves, 2 for invalid game parameters."""
    out = console or Console(highlight=False)
    try:
        game = load_game(game_name, **params)
    except (TypeError, ValueError) as exc:
        # a TypeError is an option the game does not take (e.g. city= for the 9-card edition)
        message = str(exc) if isinstance(exc, ValueError) else f"invalid options for {game_name}: {exc}"
        (console or Console(stderr=True, highlight=False)).print(Text(f"soloboard: {message}", style="bold red"))
        return 2
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = game.new_initial_state()
    out.print(Text(f"{game_label(state)} · seed {seed}", style="bold"))
    out.print(Text(f"(the same seed, --seed {seed}, deals the same dice again)", style="dim"))
    panel = notices_panel(game)
    if panel is not None:
        out.print(panel)
    out.print(Text("Type 'help' for the rules and the notation.", style="dim"))
    enable_line_editing(input_fn)
    return PlaySession(state, seed, out, input_fn).run()
