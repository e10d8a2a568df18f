"""``soloboard play``: a complete game of Under Falling Skies in the terminal.

The dice are rolled by :class:`~soloboard.core.chance.HistorySampler`, so a game is
reproducible from its seed and ``undo`` can never re-roll: going back to a chance node
brings back the same dice. What happens is told from the engine's events
(``ufs/narrate.py``); previews are the events a move would cause on a copy of the game.

The screen fits the terminal: the full board and the move list when there is room, else
the compact board (``cli/ufs_screen.py``) with the move list on demand (``moves``).
"""

from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from soloboard.agents.base import DEFAULT_AGENT
from soloboard.cli.part import TerminalPart
from soloboard.cli.session import AGENT_HELP, InputFn, TerminalSession, enable_line_editing
from soloboard.cli.terminal import game_label, hanging, help_lines, outcome, summary
from soloboard.cli.ufs_screen import MIN_WIDTH, compact_board
from soloboard.cli.ufs_tell import EventTeller
from soloboard.core.api import State
from soloboard.core.errors import IllegalActionError
from soloboard.core.registry import load_game
from soloboard.i18n import N_, _
from soloboard.ufs import narrate as N
from soloboard.ufs import words
from soloboard.ufs.actions import DIG, DISCARD, DONE, USE, parse_space
from soloboard.ufs.events import UFSEvent
from soloboard.ufs.game import BaseUFSGame
from soloboard.ufs.guide import notation_help, phase_hints, rules_summary
from soloboard.ufs.render import legend_text, render_rich
from soloboard.ufs.state import UFSState

# Above this many legal moves the list is not numbered: numbers would only add clutter to
# the placement lists (up to ~70 moves), and typing G5c3 is as quick as typing a number.
MAX_NUMBERED = 30
FULL_BOARD_WIDTH = 100  # the full board's tables wrap below this width
NATURAL_WIDTH = 10_000  # rendered this wide, nothing wraps: a renderable's own line count

# i18n: keep the command words (moves, preview, board...) and the [bold] markup as they are
COMMANDS_HELP = N_("""\
[bold]Commands[/bold]
  moves, ?       the legal moves (with what each one would do)
  preview MOVE   what a move would do: ships moved, arrows, the mothership, city hits, damage,
                 what a room gives (e.g. preview G4c1, preview use c3); 'preview' alone: every move
  board          the board again, with its key;  board full: the full board at any size
  undo           take back your last decision (the dice come back the same)
  log            the game so far, round by round, with what each move did
  save FILE      save the game (written to a temporary file first: a failed save never
                 damages an older save)
  load FILE      load a saved game (a bad file leaves the current game as it is)
  help           this text
  quit           leave the game (also q, exit, Ctrl-C): it is kept, 'soloboard resume' continues it""")

# i18n: keep 'remove' and the space (b2) as they are
REMOVE_HELP = N_("""\
  remove SPACE   boxed edition: remove a robot from the base at any time, in the
                 Dice Phase too (e.g. remove b2)""")

# a placement typed at the end-of-game file-name question: never a file name
_MOVE_SHAPE = re.compile(r"^[a-z]\s*[1-6]\s*[a-e]\s*[0-5]$", re.IGNORECASE)

_GROUP_LABELS = {
    "use": N_("use a room"), "discard": N_("discard"), "dig": N_("dig"), "remove": N_("remove a robot"),
    "install": N_("install"), "spawn": N_("spawn"), "done": N_("end"), "skip": N_("end"),
}


def _ufs_game(state: State) -> BaseUFSGame | None:
    game = getattr(state, "game", None)
    return game if isinstance(game, BaseUFSGame) else None


def _ufs_state(state: State) -> UFSState:
    """``state`` as an Under Falling Skies position: the kit hands this terminal part only its own games'."""
    if not isinstance(state, UFSState):
        raise TypeError(f"the Under Falling Skies terminal was handed a {type(state).__name__}, not a UFSState")
    return state


def help_text(state: State) -> str:
    """The rules in brief and the notation of this game's edition, then the commands."""
    game = _ufs_game(state)
    commands = f"{_(COMMANDS_HELP)}\n{_(AGENT_HELP)}"
    if game is None:
        return commands
    if game.ruleset.robots_removed_at_will:  # the boxed edition: a robot may leave the base at any time
        commands += f"\n{_(REMOVE_HELP)}"
    return f"{rules_summary(game)}\n\n{notation_help(game)}\n\n{commands}"


def hints(state: State) -> dict[str, str]:
    """Each phase's reminder of the notation (from the game's edition; none for another game)."""
    game = _ufs_game(state)
    return phase_hints(game) if game is not None else {}


def _placement_pattern(letters: str) -> re.Pattern[str]:
    return re.compile(rf"^([{re.escape(letters)}])([1-6])([a-e][0-5])$")


def example_move(state: State) -> str:
    game = _ufs_game(state)
    return f"{game.dice_letters[0]}5c3" if game is not None else _("a move from the list")


@dataclass
class MoveGroup:
    label: str
    moves: list[tuple[int, str, str]] = field(default_factory=list)  # action, notation, effect


def _group_label(state: State, action: int, notation: str) -> str:
    game = _ufs_game(state)
    match = _placement_pattern(game.dice_letters).match(notation) if game is not None else None
    if game is not None and match:
        colour = words.die_colour(game.dice_names[game.dice_letters.index(match[1])])
        space = parse_space(match[3])
        is_excavated = getattr(state, "is_excavated", None)
        digs = is_excavated is not None and not is_excavated(space)
        if digs:
            return _("{colour} {value}, to dig").format(colour=colour, value=match[2])
        return f"{colour} {match[2]}"
    parts = notation.split()
    if parts[0] == "spawn" and game is not None and not game.ruleset.spawn_farthest:
        # the player also picks which waiting ship spawns: one group per ship, the one the engine spawns
        ship = game.ship_names[state.spawned_ship(action) - 1]  # type: ignore[attr-defined]
        return _("spawn {ship}").format(ship=words.ship_colour(ship))
    return _(_GROUP_LABELS[parts[0]]) if parts[0] in _GROUP_LABELS else parts[0]


class Previews:
    """The events every legal move would cause here, worked out once per position."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.events: dict[int, list[UFSEvent]] = {}

    def of(self, state: Any) -> dict[int, list[UFSEvent]]:
        key = (id(state), len(state.history()))
        if key != self.key:
            self.key = key
            self.events = {a: state.preview(a) for a in state.legal_actions()} if hasattr(state, "preview") else {}
        return self.events


def group_moves(state: State, previews: dict[int, list[UFSEvent]] | None = None) -> list[MoveGroup]:
    """The legal moves grouped for the list: placements by die (with signs for what they
    cause), the other moves each with a preview of what it would do."""
    game = _ufs_game(state)
    previews = previews or {}
    groups: dict[str, MoveGroup] = {}
    for action in state.legal_actions():
        notation = state.action_to_string(action)
        label = _group_label(state, action, notation)
        events = previews.get(action)
        if events is None:
            effect = ""
        elif action < USE:  # a placement: signs only, the list would be too long with sentences
            notation += N.marks(events)
            effect = ""
        elif DISCARD <= action < DIG:
            effect = ""  # 'discard b1' says it all
        else:
            if action == DONE:  # the dice left are removed, of course: tell what the mothership does
                events = [ev for ev in events if ev.get("kind") != "die_discarded"]
            effect = N.preview_text(events, game)
        groups.setdefault(label, MoveGroup(label)).moves.append((action, notation, effect))
    return list(groups.values())


def _pad_to(text: Text, width: int) -> Text:
    out = text.copy()
    out.pad_right(max(0, width - len(out.plain)))
    return out


def legend_lines(game: Any, width: int) -> list[Text]:
    """The key to the board's signs, broken between its items to lines no wider than ``width``."""
    lines: list[str] = []
    for item in legend_text(game).split(" · "):
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return [Text(line, style="dim") for line in lines]


def rendered_height(console: Console, renderable: RenderableType, width: int) -> int:
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def fit_board(console: Console, state: Any, previews: dict[int, list[UFSEvent]],
              below: RenderableType | None = None, *, full: bool = False,
              legend: bool = False, reserve: int = 3) -> tuple[RenderableType, bool]:
    """The largest board that fits ``console`` (the full board, else the compact one) and
    whether ``below`` (the move list) fits under it; ``reserve``: lines kept for the hint,
    the prompt and a line of what happened. ``full`` asks for the full board at any size."""
    width, height = console.size
    flagged = frozenset(N.danger_cells(ev for a, ev in previews.items() if a < USE))
    below_height = rendered_height(console, below, width) if below is not None else 0
    if full or width >= FULL_BOARD_WIDTH:
        board = render_rich(state, flagged=flagged)
        if legend:
            board = Group(board, *legend_lines(state.game, width))
        board_height = rendered_height(console, board, width)
        unwrapped = board_height == rendered_height(console, board, NATURAL_WIDTH)  # no line is too wide
        if full or (unwrapped and board_height + reserve <= height):
            return board, below is not None and board_height + below_height + reserve <= height
    lines = compact_board(state, max(width, MIN_WIDTH), height - reserve, flagged)
    return Group(*lines), below is not None and len(lines) + below_height + reserve <= height


def same_spawn_outcome(state: Any) -> bool:
    """Whether every spawn choice here leads to the same position once the spawning is over.

    Compared on the resulting states (``==``), choice after choice: no rule is worked out here."""
    finals: list[Any] = []

    def settle(s: Any) -> None:
        if s.phase_name != "spawn" or s.is_terminal():
            finals.append(s)
            return
        for action in s.legal_actions():
            trial = s.clone()
            trial.apply_action(action)
            settle(trial)

    settle(state)
    return all(f == finals[0] for f in finals[1:])


class PlaySession(TerminalSession):
    """A one-player game at the terminal (Under Falling Skies, both editions)."""

    commands: ClassVar[dict[str, str]] = {**TerminalSession.commands, "preview": "cmd_preview", "p": "cmd_preview"}
    move_words: ClassVar[frozenset[str]] = frozenset({
        "use", "discard", "dig", "install", "remove", "skip", "spawn", "done", "six", "no", "ability", "roll", "sky"})

    def __init__(self, state: State, seed: int, console: Console, input_fn: InputFn) -> None:
        super().__init__(state, seed, console, input_fn)
        self.teller = EventTeller(console, _ufs_game(state))
        self.numbered: list[int] = []
        self.legend_due = True  # the key to the board's signs is shown with the first full board
        self.previews = Previews()

    def looks_like_move(self, text: str) -> bool:
        """A placement (``G5c3``, ``g 5 c3``): a letter, a die value and a space."""
        return _MOVE_SHAPE.match(text) is not None

    def prompt(self) -> str:
        return _("round {round} · {phase}> ").format(round=getattr(self.state, "round", "?"),
                                                     phase=words.phase_word(getattr(self.state, "phase_name", "")))

    # --- what happens without the player ---------------------------------------------------

    def advance(self) -> None:
        while True:
            while self.state.is_chance_node():
                start = len(self.state.history())
                self.state.apply_action(self.sampler(self.state))
                self.teller.tell(self.state.events(start))
                self.board_due = True
            if getattr(self.state, "phase_name", "") == "spawn" and same_spawn_outcome(self.state):
                # the choice makes no difference: play it and say so
                action = self.state.legal_actions()[0]
                notation = self.state.action_to_string(action)
                start = len(self.state.history())
                self.state.apply_action(action)
                self.teller.tell(self.state.events(start), notation, note=_("every choice gives the same position"))
                self.board_due = True
                continue
            return

    # --- the screen ----------------------------------------------------------------------------

    def screen(self, *, full: bool = False, legend: bool = False) -> tuple[RenderableType, bool]:
        """The board for this terminal, and whether the move list fits under it."""
        previews = self.previews.of(self.state)
        return fit_board(self.console, self.state, previews, self.moves_renderable(), full=full, legend=legend)

    def show(self) -> None:
        board, with_moves = self.screen(legend=self.legend_due)
        width = self.console.size.width
        self.make_room(rendered_height(self.console, board, width) + 1)  # a board is never cut by '-- more --'
        self.console.print(board)
        # the place phase's list is long: on demand when it does not fit; the other phases' lists
        # are short and are what the player chooses from (on a screen of their own if need be)
        if with_moves or getattr(self.state, "phase_name", "") != "place":
            self.make_room(rendered_height(self.console, self.moves_renderable(), width) + 1)
            self.show_moves()
        else:
            self.console.print(self.hint_line())
        self.board_due = False

    def hint_line(self, lead: str = "") -> Text:
        """A one-line reminder of what to type, as much of it as fits the terminal."""
        state = self.state
        legal = state.legal_actions()
        example = state.action_to_string(legal[0]) if legal else example_move(state)
        typed = _("Type a move (e.g. {example})").format(example=example)
        lead = lead or typed
        items = ["moves", f"preview {example}", "board", "undo", "help", "quit"]
        if lead != typed:
            items.remove("moves")
        width = self.console.size.width
        while items and len(lead) + sum(len(i) + 3 for i in items) > width - 1:
            items.pop(-2 if len(items) > 1 else 0)  # 'quit' stays longest
        return Text.assemble((lead, "italic"), (" · " + " · ".join(items) if items else "", "dim"))

    def moves_renderable(self) -> RenderableType:
        groups = group_moves(self.state, self.previews.of(self.state))
        count = sum(len(g.moves) for g in groups)
        numbered = count <= MAX_NUMBERED
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        label_width = max((len(g.label) for g in groups), default=0) + 2
        number = 0
        signs: set[str] = set()
        for group in groups:
            # moves with a preview get a line each; bare notations share a line, in columns
            one_per_line = any(effect for _, _, effect in group.moves)
            items: list[Text] = []
            for _action, notation, effect in group.moves:
                item = Text()
                if numbered:
                    number += 1
                    item.append(f"{number:>2}) ", style="dim")
                bare = notation.rstrip("".join(N.MARK_KINDS))
                item.append(bare, style="bold")
                if bare != notation:
                    signs.update(notation[len(bare):])
                    item.append(notation[len(bare):], style="bold red")
                if effect:
                    item.append(f"  {effect}", style="dim")
                items.append(item)
            if one_per_line:  # a move's text that runs on goes on under the text, not under its number
                width = max(20, self.console.size.width - label_width - 2)
                cell = Text("\n").join(line for item in items
                                       for line in hanging(self.console, item, width, 4 if numbered else 0))
            else:
                size = max(len(i.plain) for i in items) + 2
                per_line = max(1, (self.console.size.width - label_width) // size)
                rows = [Text("").join(_pad_to(i, size) for i in items[k:k + per_line])
                        for k in range(0, len(items), per_line)]
                cell = Text("\n").join(rows)
                cell.rstrip()
            table.add_row(group.label, cell)
        phase = words.phase_word(getattr(self.state, "phase_name", ""))
        title = Text(_("Your move, {phase} phase ({count} legal moves):").format(phase=phase, count=count),
                     style="bold underline")
        parts: list[RenderableType] = [title, table]
        if signs:
            parts.append(Text(N.marks_key(signs), style="dim"))
        return Group(*parts)

    def show_moves(self) -> None:
        groups = group_moves(self.state)
        count = sum(len(g.moves) for g in groups)
        self.numbered = [a for g in groups for a, _, _ in g.moves] if count <= MAX_NUMBERED else []
        self.console.print(self.moves_renderable())
        phase = getattr(self.state, "phase_name", "")
        self.console.print(self.hint_line(hints(self.state).get(phase, _("Type a move"))))

    # --- reading a move -------------------------------------------------------------------------

    def play_number(self, number: int) -> None:
        if not self.numbered:
            self.error(_("The move list is not numbered here"),
                       _("type the move itself, e.g. {example} (type 'moves' to see them)").format(
                           example=example_move(self.state)))
        elif not 1 <= number <= len(self.numbered):
            self.error(_("There is no move {number}").format(number=number),
                       _("the moves are numbered 1 to {last}").format(last=len(self.numbered)))
        elif self.numbered[number - 1] not in self.state.legal_actions():
            self.error(_("The numbered list is out of date"), _("type 'moves' to see the moves now"))
        else:
            self.play(self.numbered[number - 1])

    def suggestions(self, text: str) -> list[str]:
        """The legal moves nearest to what was typed."""
        legal = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        by_lower = {m.lower(): m for m in legal}
        near = difflib.get_close_matches(" ".join(text.lower().split()), list(by_lower), n=4, cutoff=0.5)
        return [by_lower[m] for m in near]

    def read_action(self, text: str) -> int | None:
        try:
            return int(self.state.string_to_action(text))
        except ValueError as exc:
            near = self.suggestions(text)
            detail = str(exc)
            if near:
                detail += "\n  " + _("Did you mean: {moves}?").format(moves=", ".join(near))
            self.error(_("Cannot read {text}").format(text=repr(text)), detail)
            self.console.print(Text(_("Type 'help' for the notation and the rules, 'moves' for the legal moves."),
                                    style="dim"))
            return None

    def play_text(self, text: str) -> None:
        action = self.read_action(text)
        if action is not None:
            self.play(action)

    def play(self, action: int) -> None:
        if action not in self.state.legal_actions():
            # the engine says why (its rule); the nearest legal moves follow
            try:
                self.state.clone().apply_action(action)
            except IllegalActionError as exc:
                near = self.suggestions(self.state.action_to_string(action))
                more = "\n  " + _("Legal moves like it: {moves}").format(moves=", ".join(near)) if near else ""
                self.error(not_allowed(exc), f"{exc}{more}")
                return
        super().play(action)

    def narrate_move(self, notation: str, before: State, after: Any) -> None:
        self.teller.tell(after.events(len(before.history())), notation)

    # --- commands -------------------------------------------------------------------------------

    def cmd_preview(self, arg: str) -> bool:
        state = self.state
        game = _ufs_game(state)
        if not arg:
            for legal, previewed in self.previews.of(state).items():
                text = Text.assemble((state.action_to_string(legal), "bold"), "  ", N.preview_text(previewed, game))
                self.console.print(text)
            return True
        action = self.read_action(arg)
        if action is None:
            return True
        try:
            events = state.preview(action)
        except IllegalActionError as exc:
            self.error(not_allowed(exc), str(exc))
            return True
        notation = state.action_to_string(action)
        self.console.print(Text.assemble((_("Preview") + " ", "bold"), (notation, "bold"), ": ",
                                         N.preview_text(events, game)))
        return True

    def undone(self, state: State, notation: str) -> None:
        self.console.print(Text(_("Undone: {move}. Back to round {round}, {phase} phase.").format(
            move=notation, round=getattr(state, "round", "?"),
            phase=words.phase_word(getattr(state, "phase_name", ""))),
            style="bold yellow"))

    def refuse_load(self, loaded: State, name: str) -> tuple[str, str] | None:
        if _ufs_game(loaded) is None:
            kind = getattr(getattr(loaded, "game", None), "short_name", "?")
            return (_("That save is not an Under Falling Skies game; the current game goes on"),
                    _("it is a {kind} game: play it with soloboard resume or soloboard replay {name}").format(
                        kind=kind, name=name))
        if loaded.is_terminal():
            return (_("That save is a finished game; the current game goes on"),
                    _("{headline}. Watch it with: soloboard replay {name}").format(
                        headline=outcome(loaded).headline, name=name))
        return None

    def loaded(self, loaded: State, name: str) -> None:
        self.console.print(Text(_("Loaded {name}: {game}.").format(name=name, game=game_label(loaded)),
                                style="bold green"))
        self.teller = EventTeller(self.console, _ufs_game(loaded))
        self.show_notes(loaded)

    def cmd_log(self, _arg: str) -> bool:
        game = _ufs_game(self.state)
        origin = self.origin
        actions = self.state.history()[len(origin.history()):]
        if not actions:
            self.console.print(_("No moves yet."))
            return True
        steps = history_steps(origin, actions, self.state)
        for round_no, lines in N.log_lines(steps, game):
            self.console.print(Text(_("Round {round}").format(round=round_no) if round_no else _("Set-up"),
                                    style="bold"))
            for line in lines:
                self.console.print(Text(f"  {line}", style="dim" if line.startswith("(") else ""))
        return True

    def cmd_help(self, _arg: str) -> bool:
        for line in help_lines(self.console, help_text(self.state)):
            self.console.print(line, highlight=False)
        game = _ufs_game(self.state)
        if game is not None:
            self.console.print(Text.assemble(("\n" + _("The board:") + " ", "bold"), legend_text(game)))
        return True

    def cmd_board(self, arg: str) -> bool:
        full = arg.strip().lower() in ("full", "f", "all")
        board, _fits = self.screen(full=full, legend=True)
        self.console.print(board)
        if not full:
            game = _ufs_game(self.state)
            if game is not None and self.console.size.width < FULL_BOARD_WIDTH:
                for line in legend_lines(game, self.console.size.width):
                    self.console.print(line)
            self.console.print(Text(_("board full: the full board, whatever the terminal's size"), style="dim"))
        return True

    # --- the end --------------------------------------------------------------------------------

    def finish(self) -> None:
        board, _fits = self.screen()
        self.console.print(board)
        self.console.print(summary(self.state, {_("Seed"): str(self.seed)}))
        self.offer_save()


def not_allowed(exc: IllegalActionError) -> str:
    """The heading of a refusal: ``Not allowed (rule 1: one die per column)``."""
    if exc.rule:
        return _("Not allowed ({rule})").format(rule=_(exc.rule))  # rule names are msgids of the catalog
    return _("Not allowed")


def history_steps(origin: State, actions: list[int], state: Any) -> list[N.Step]:
    """Each action after ``origin`` with its notation and the events it caused (read from ``state``)."""
    replay = origin.clone()
    notations: list[tuple[str, bool]] = []
    for action in actions:
        notations.append((replay.action_to_string(action), replay.is_chance_node()))
        replay.apply_action(action)
    first = len(origin.history())
    return N.steps(notations, state.events(first), first)


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
        message = str(exc) if isinstance(exc, ValueError) else _("invalid options for {game}: {error}").format(
            game=game_name, error=exc)
        (console or Console(stderr=True, highlight=False)).print(Text(f"soloboard: {message}", style="bold red"))
        return 2
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = game.new_initial_state()
    enable_line_editing(input_fn)
    session = PlaySession(state, seed, out, input_fn)  # at a terminal, from here on a screen at a time
    out.print(Text(f"{game_label(state)} · " + _("seed {seed}").format(seed=seed), style="bold"))
    out.print(Text(_("(the same seed, --seed {seed}, deals the same dice again)").format(seed=seed), style="dim"))
    session.show_notes(state)
    out.print(Text(_("Type 'help' for the rules and the notation."), style="dim"))
    session.announce_autosave()
    return session.run()


class UFSTerminal(TerminalPart):
    """Both editions of Under Falling Skies in the terminal (the kit's ``terminal``)."""

    def play(self, game_name: str, params: dict[str, Any], *, seed: int | None = None,
             ai_seats: list[int] | None = None, ai: str = DEFAULT_AGENT, budget: str | None = None,
             console: Console | None = None, input_fn: InputFn = input) -> int:
        return run_play(game_name, params, seed, console=console, input_fn=input_fn)

    def session(self, state: State, seed: int, meta: dict[str, Any], console: Console,
                input_fn: InputFn) -> TerminalSession:
        return PlaySession(state, seed, console, input_fn)

    def board(self, state: State, *, legend: bool = False) -> RenderableType:
        return render_rich(_ufs_state(state), legend=legend)

    def board_view(self, console: Console, state: State, *, full: bool = False) -> RenderableType:
        ufs = _ufs_state(state)
        previews = {a: ufs.preview(a) for a in ufs.legal_actions()} if not ufs.is_chance_node() else {}
        shown, _fits = fit_board(console, ufs, previews, full=full)
        return shown

    def summary_rows(self, state: State) -> list[tuple[str, str]]:
        ufs = _ufs_state(state)
        if ufs.sky is None:  # the set-up draw has not happened: no track to tell
            return []
        layout = ufs.layout
        return [
            (_("Rounds played"), str(ufs.round)),
            (_("Research"), _("{value} of {last}").format(value=ufs.research, last=ufs.sky.research_last)),
            (_("Damage"), _("{damage} (the base is destroyed at {limit})").format(damage=ufs.damage,
                                                                                 limit=layout.damage_limit)),
            (_("Energy"), _("{value} of {last}").format(value=ufs.energy, last=layout.energy_max)),
            (_("Mothership"), _("row {row} (skull row {skull})").format(row=ufs.mothership_row,
                                                                        skull=ufs.sky.skull_row)),
        ]

    def result_headline(self, state: State, won: bool) -> str:
        if won:
            return _("WON: the research is complete")
        cause = _ufs_state(state).loss_cause  # the engine's causes are msgids of the catalog
        return _("LOST: {cause}").format(cause=_(cause) if cause else _("the game was lost"))

    def phase_word(self, phase: str) -> str:
        return words.phase_word(phase)

    def teller(self, console: Console, game: Any) -> EventTeller:
        return EventTeller(console, game)


TERMINAL = UFSTerminal()
