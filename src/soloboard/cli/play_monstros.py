"""``soloboard play monstros``: hot-seat play of A Invasão dos Monstros Sem Nome in the terminal.

Every seat is a person at this terminal except the seats in ``ai_seats``, which an agent
plays (``--ai``: mcts, the default, greedy or random; soloboard.agents). A save records each AI
seat's agent (``ai_agents``), so a resumed game goes on with the same agents. Chance (shuffles, dice) is drawn
by :class:`~soloboard.core.chance.HistorySampler` from the seed and the position in the game,
so a seed replays the same game and ``undo`` never re-rolls: coming back to a chance event
brings back the same cards and dice.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from soloboard.agents.base import DEFAULT_AGENT, parse_budget, seat_agent
from soloboard.agents.base import names as agent_names
from soloboard.cli.part import TerminalPart
from soloboard.cli.session import AGENT_HELP, InputFn, TerminalSession, enable_line_editing
from soloboard.cli.terminal import hanging, help_lines
from soloboard.core.api import State
from soloboard.core.errors import IllegalActionError
from soloboard.core.registry import load_game
from soloboard.core.table import ai_step
from soloboard.i18n import N_, _
from soloboard.monstros import narrate
from soloboard.monstros.cards import first_mentions
from soloboard.monstros.events import MonstrosEvent
from soloboard.monstros.game import MonstrosGame
from soloboard.monstros.refusals import phase_word
from soloboard.monstros.render import mark_shown
from soloboard.monstros.state import MonstrosState

ERROR = "bold red"

# i18n: keep the moves (play pa, hit 3a 6...), the command words and the [bold] markup as they are
HELP = N_("""\
[bold]A Invasão dos Monstros Sem Nome in brief[/bold] (co-operative: everyone wins or loses together)
[bold]Your turn[/bold]  1) play a card into the first free board slot (you draw a new one);
  2) you may remove three equal blue cards (the Builder, CONSTRUTOR '*', is wild) for a tower (+ a die token for
  tower spaces 1-2). With five cards on the board you must remove: a triple or all five (all five:
  +10 wall, a die token, you may reshuffle the discards, and one table monster to the bottom of the
  monster deck per blue card removed); 3) attack: one die per tower (printed tower included), a die
  token for one more die, one re-roll while board slot 3 holds a card. Dice destroy shields first
  (one die each); then one die or several together on ONE monster defeat it if they reach its life;
  each unused die adds 1 wall.
[bold]The monsters' turn[/bold]  they attack the wall (their attack total minus 1 per card in board
  slots 1-4), then 3 monster cards are revealed: the ones whose levels add up closest to the invasion
  without passing it come to the table (a shield token for each shielded one); every revealed
  monster's ability acts; the rest go to the bottom in your order; the invasion goes up by 1 if
  nothing came and no monster raised it.
[bold]Win[/bold] when the invasion passes 15 or every monster is defeated; [bold]lose[/bold] when the wall reaches 0.
  A tower may be removed at any of your decisions: up to 2 table monsters go to the bottom.

[bold]Moves[/bold]
  play pa          play a card             tower pa pa *    remove a triple ('*' = Builder)
  five / pass      remove all five / none  reshuffle / no-reshuffle   the five-card reward
  hit 3a 6         a die showing 6 on 3a   shield 2         a die showing 2 on a shield
  reroll 1         re-roll a 1             token            spend a die token: one more die
  done             end the attack          remove tower     remove a built tower
  place 1a 2a      the revealed to place   bottom 3a        the next card to the deck bottom
  stop             no more monsters to the bottom          return atraso / keep   set-up exchange
  3                the move numbered 3 in the list

[bold]Commands[/bold]
  moves, ?         list the legal moves    board            show the table again
  preview MOVE     what MOVE would do, without doing it (e.g. preview hit 3a 6)
  undo             take back the last decision of a person (AI moves after it go too)
  log              what happened, turn by turn       log N       turn N only
  log moves        the moves only (notation)         save FILE   save (a temporary file, then renamed)
  load FILE        load a saved game       help             this text
  quit             leave the game""")

# how an event's sentence is printed (kinds in docs/monstros.md, "Events"); unlisted kinds are plain
EVENT_STYLES = {
    "game_won": "bold green", "game_lost": "bold red", "forced_move": "italic",
    "monster_defeated": "green", "tower_built": "green", "die_token_gained": "green", "reshuffled": "green",
    "invasion_raised": "yellow", "tower_destroyed": "red", "monsters_saved": "red", "no_card_drawn": "yellow",
    "monsters_attack": "red", "monsters_placed": "magenta", "shield_placed": "magenta",
}
HEADINGS = ("turn_started", "monsters_turn")  # printed as a heading line: a new step of the game


def _monstros_state(state: State) -> MonstrosState:
    """``state`` as a Monstros position: the kit hands this terminal part only Monstros games'."""
    if not isinstance(state, MonstrosState):
        raise TypeError(f"the Monstros terminal was handed a {type(state).__name__}, not a MonstrosState")
    return state


def _monstros_game(params: dict[str, Any]) -> MonstrosGame:
    """The Monstros game with ``params``, loaded through the registry (which checks the parameters)."""
    game = load_game("monstros", **params)
    if not isinstance(game, MonstrosGame):
        raise TypeError(f"the registry's monstros game is a {type(game).__name__}, not a MonstrosGame")
    return game


def _seat_label(seat: int, ai_seats: set[int]) -> str:
    shown = narrate.shown_seat(seat)  # people count seats from 1; the API from 0
    return _("seat {seat} (AI)").format(seat=shown) if seat in ai_seats else _("seat {seat}").format(seat=shown)


class MonstrosSession(TerminalSession):
    """A hot-seat game at the terminal: who plays which seat, and the conversation.

    What happened is told from the engine's events only (``state.events()``, sentences from
    :mod:`soloboard.monstros.narrate`): after every move, chance event and AI move, including
    the moves the engine makes by itself and the monsters' turn step by step."""

    save_example = "monstros.json"
    notes_title = N_("Please note: the cards and our readings of the rules")
    commands: ClassVar[dict[str, str]] = {**TerminalSession.commands, "preview": "cmd_preview"}
    move_words: ClassVar[frozenset[str]] = frozenset({
        "play", "tower", "five", "pass", "reshuffle", "no-reshuffle", "hit", "shield", "reroll", "token", "done",
        "remove", "place", "bottom", "stop", "return", "keep"})

    def __init__(self, state: MonstrosState, seed: int, ai_seats: set[int], console: Console,
                 input_fn: InputFn, agent: Any = None, agent_name: str = DEFAULT_AGENT,
                 seat_agents: dict[int, str] | None = None, budget: str | None = None) -> None:
        """``agent`` (named ``agent_name``, made when None) plays every AI seat that ``seat_agents``
        (a save's agent of each seat, a built-in agent's name) does not name; a searching agent
        thinks ``budget`` a move (the standard budget when None), which a save records."""
        super().__init__(state, seed, console, input_fn)
        self.ai_seats = ai_seats
        self.budget = budget
        made: dict[str, Any] = {agent_name: agent} if agent is not None else {}
        self.agents: dict[int, tuple[str, Any]] = {}  # seat -> (the agent's name, which a save records; agent)
        for seat in sorted(ai_seats):
            name = (seat_agents or {}).get(seat, agent_name)
            if name not in made:
                made[name] = seat_agent(name, budget)
            self.agents[seat] = (name, made[name])

    def save_extras(self) -> dict[str, Any]:
        """Beside the seed and the AI seats, each AI seat's agent (the browser's export writes the same)."""
        extras = super().save_extras()
        if self.ai_seats:
            extras["ai_agents"] = {str(s): self.agents[s][0] for s in sorted(self.ai_seats)}
            if self.budget is not None:
                extras["ai_budget"] = self.budget
        return extras

    def run(self) -> int:
        with first_mentions():  # a card's printed (Portuguese) name is given at its first mention in the session
            return super().run()

    def prompt(self) -> str:
        state = self.state
        return _("turn {turn} · seat {seat} · {phase}> ").format(
            turn=state.round, seat=narrate.shown_seat(state.current_player()), phase=phase_word(state.phase_name))

    def advance(self) -> None:
        """Resolve chance events and AI seats until a person must decide (or the game ends)."""
        state = self.state
        state.record_events()  # this state records from now on: reading each move's events costs nothing
        while not state.is_terminal():
            done = len(state.history())
            if state.is_chance_node():
                state.apply_action(self.sampler(state))  # the events say what came (card, dice)
                self.board_due = True
            elif state.current_player() in self.ai_seats:
                seat = state.current_player()
                action = ai_step(self.agents[seat][1], self.seed, state)  # the same seed and position: the same move
                self.console.print(Text.assemble((f"{_seat_label(seat, self.ai_seats)}: ", "dim"), ("▶ ", "bold"),
                                                 (state.action_to_string(action), "bold")))
                state.apply_action(action)
                self.board_due = True
            else:
                return
            self.tell(state.events(done), state)

    def tell(self, events: list[MonstrosEvent], context: Any) -> None:
        """Print events as sentences; a new turn and the monsters' turn as headings."""
        for event in events:
            sentence = narrate.describe(event, context)
            kind = event["kind"]
            if kind in HEADINGS:
                self.console.print(Text(f"── {sentence}", style="bold cyan" if kind == "turn_started"
                                        else "bold magenta"))
            else:  # a sentence too long for a line goes on under itself, not at the margin
                said = Text(f"  {sentence}", style=EVENT_STYLES.get(kind, ""))
                for line in hanging(self.console, said, self.console.size.width, 2):
                    self.console.print(line)

    def show(self) -> None:
        self.print_table()
        self.show_moves()
        self.board_due = False

    def print_table(self) -> None:
        """The table, on a screen of its own when what was said before leaves no room for it."""
        console = self.console
        self.make_room(len(console.render_lines(self.state, console.options, pad=False)))
        console.print(self.state)
        mark_shown(self.state)  # its names' printed (Portuguese) forms were given: not again

    def show_moves(self) -> None:
        state = self.state
        legal = state.legal_actions()  # numbered in this order: a number names legal[number - 1]
        table = Table.grid(padding=(0, 2))
        for _column in range(4):
            table.add_column(no_wrap=True)
        cells = [Text.assemble((f"{i + 1:>2}) ", "dim"), (state.action_to_string(a), "bold"))
                 for i, a in enumerate(legal)]
        for row in range(0, len(cells), 4):
            table.add_row(*cells[row:row + 4])
        seat = state.current_player()
        self.make_room(len(self.console.render_lines(table, self.console.options, pad=False)) + 3)
        self.console.print(Text(_("Seat {seat} to decide ({phase}), {n} legal moves:").format(
            seat=narrate.shown_seat(seat), phase=phase_word(state.phase_name), n=len(legal)), style="bold underline"))
        self.console.print(table)
        self.console.print(self.hint_line())

    def hint_line(self) -> Text:
        """What may be typed, on one line: the commands that do not fit the terminal are left out ('help' says
        them all)."""
        lead = _("Type a move or its number")
        items = ["help", "moves", "board", "undo", "log", "hint", "save FILE", "load FILE", "quit"]
        width = self.console.size.width
        while len(items) > 1 and cell_len(lead) + sum(cell_len(i) + 3 for i in items) > width - 1:
            items.pop(-2)  # 'quit' stays
        return Text(" · ".join([lead, *items]), style="dim")

    # --- one line of input --------------------------------------------------------------------------

    def play_number(self, number: int) -> None:
        legal = self.state.legal_actions()
        if not 1 <= number <= len(legal):
            self.error(_("There is no move {number}").format(number=number),
                       _("the moves are numbered 1 to {last}").format(last=len(legal)))
        else:
            self.play(legal[number - 1])

    def play_text(self, text: str) -> None:
        try:
            action = self.state.string_to_action(text)
        except ValueError as exc:
            self.error(_("Cannot read {text}").format(text=repr(text)),
                       f"{exc}\n  " + _("Type 'help' for the notation, 'moves' for the legal moves."))
            return
        self.play(action)

    def narrate_move(self, notation: str, before: MonstrosState, after: MonstrosState) -> None:
        self.console.print(Text.assemble((f"{_seat_label(before.current_player(), self.ai_seats)}: ", "dim"),
                                         ("▶ ", "bold green"), (notation, "bold")))
        self.tell(after.events(len(before.history())), after)

    # --- commands -------------------------------------------------------------------------------------

    def is_person(self, state: Any) -> bool:
        return state.current_player() not in self.ai_seats

    def undone(self, state: Any, notation: str) -> None:
        self.console.print(Text(_("Undone: {move} (and what followed). Back to turn {turn}, seat {seat}.").format(
            move=notation, turn=state.round, seat=narrate.shown_seat(state.current_player())), style="bold yellow"))

    def refuse_load(self, loaded: Any, name: str) -> tuple[str, str] | None:
        if not isinstance(loaded, MonstrosState):
            return (_("That save is not a Monstros game; the current game goes on"),
                    _("it is a {kind} game").format(kind=getattr(getattr(loaded, "game", None), "short_name", "?")))
        if loaded.is_terminal():
            return (_("That save is a finished game; the current game goes on"), narrate.end_cause(loaded.end_cause))
        return None

    def loaded(self, loaded: Any, name: str) -> None:
        self.ai_seats = {s for s in self.ai_seats if s < loaded.game.players}
        self.console.print(Text(_("Loaded {name}: {game}, turn {turn}.").format(
            name=name, game=loaded.game.title(), turn=loaded.round), style="bold green"))
        self.show_notes(loaded)

    def cmd_log(self, arg: str) -> bool:
        """``log``: what happened, turn by turn; ``log N``: turn N; ``log moves``: the notation only."""
        if arg.lower() == "moves":
            return self.log_moves()
        turns = _events_by_turn(self.state.events())
        if arg:
            if not arg.isdigit() or int(arg) not in turns:
                self.error(_("No turn {turn} to show").format(turn=repr(arg)),
                           _("type log, log moves, or log N with N from 0 (the set-up) to {last}").format(
                               last=max(turns)))
                return True
            turns = {int(arg): turns[int(arg)]}
        if not any(events for events in turns.values()):
            self.console.print(_("Nothing has happened yet."))
        for turn, events in turns.items():
            seat = next((e["seat"] for e in events if e["kind"] == "turn_started"), None)
            self.console.print(Text(narrate.turn_heading(turn, seat), style="bold underline"))
            self.tell([e for e in events if e["kind"] != "turn_started"], self.state)
        return True

    def log_moves(self) -> bool:
        replay = _monstros_state(self.origin).clone()
        lines: dict[int, list[str]] = {}
        for action in self.state.history()[len(replay.history()):]:
            notation = replay.action_to_string(action)
            entry = f"({notation})" if replay.is_chance_node() else f"s{replay.current_player()}: {notation}"
            lines.setdefault(replay.round, []).append(entry)
            replay.apply_action(action)
        if not lines:
            self.console.print(_("No moves yet."))
        for turn, entries in lines.items():
            label = _("Set-up") if turn == 0 else _("Turn {turn}").format(turn=turn)
            self.console.print(Text.assemble((f"{label}: ", "bold"), ", ".join(entries)))
        return True

    def cmd_preview(self, arg: str) -> bool:
        """``preview MOVE``: the events MOVE would cause, worked out on a copy."""
        state = self.state
        if not arg:
            self.error(_("Preview what?"), _("type preview MOVE, e.g. preview hit 3a 6 (or a move's number)"))
            return True
        try:
            legal = state.legal_actions()
            action = legal[int(arg) - 1] if arg.isdigit() and 1 <= int(arg) <= len(legal) \
                else state.string_to_action(arg)
            events = state.preview(action)
        except ValueError as exc:
            self.error(_("Cannot read {text}").format(text=repr(arg)), str(exc))
            return True
        except IllegalActionError as exc:
            self.error(_("Not allowed ({rule})").format(rule=_(exc.rule)) if exc.rule else _("Not allowed"), str(exc))
            return True
        self.console.print(Text(_("If {move}:").format(move=state.action_to_string(action)), style="bold"))
        self.tell(events, state)
        self.console.print(Text(_("(nothing was played: type the move to play it)"), style="dim"))
        return True

    def cmd_help(self, _arg: str) -> bool:
        for line in help_lines(self.console, f"{_(HELP)}\n{_(AGENT_HELP)}"):
            self.console.print(line, highlight=False)
        return True

    def cmd_board(self, _arg: str) -> bool:
        self.print_table()
        return True

    # --- the end -----------------------------------------------------------------------------------------

    def finish(self) -> None:
        self.print_table()
        self.console.print(summary(self.state, self.seed))
        self.offer_save()


def _events_by_turn(events: list[MonstrosEvent]) -> dict[int, list[MonstrosEvent]]:
    """Events grouped by turn (0: the set-up, before the first turn starts)."""
    turns: dict[int, list[MonstrosEvent]] = {0: []}
    turn = 0
    for event in events:
        if event["kind"] == "turn_started":
            turn = event["turn"]
            turns.setdefault(turn, [])
        turns[turn].append(event)
    return turns


def summary(state: MonstrosState, seed: int) -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row(_("Game"), state.game.title())
    grid.add_row(_("Turns played"), str(state.round))
    grid.add_row(_("Wall"), str(state.wall))
    grid.add_row(_("Invasion"), str(state.invasion))
    grid.add_row(_("Monsters defeated"), _("{n} (on the table: {table}, in the deck: {deck})").format(
        n=len(state.defeated), table=len(state.table), deck=state.monster_deck_size()))
    grid.add_row(_("Towers"), f"{1 + state.built_towers}")
    grid.add_row(_("Seed"), str(seed))
    if state.is_terminal():
        won = state.result == 1.0
        title, style = TERMINAL.result_headline(state, won), "green" if won else "red"
    else:
        title, style = _("Game not finished"), "cyan"
    return Panel(grid, title=title, title_align="left", border_style=style)


def saved_agents(meta: dict[str, Any], seats: set[int], console: Console) -> dict[int, str]:
    """Each AI seat's agent as a save recorded it (``ai_agents``: ``{"1": "greedy"}``, API seats).
    A save from before the field, or a seat it leaves out, gets the default agent; a name that is not
    a built-in agent's is said and replaced by the default (a save never names code to import)."""
    recorded = meta.get("ai_agents")
    out: dict[int, str] = {}
    for seat in sorted(seats):
        name = recorded.get(str(seat)) if isinstance(recorded, dict) else None
        if name is None:
            continue
        if isinstance(name, str) and name in agent_names():
            out[seat] = name
        else:
            console.print(Text(_("The save names {agent!r} for seat {seat}, which is not a built-in agent: {default} "
                                 "plays it").format(agent=str(name)[:40], seat=narrate.shown_seat(seat),
                                                    default=DEFAULT_AGENT), style="yellow"))
    return out


def run_play_monstros(
    params: dict[str, Any],  # load_game's keyword arguments
    seed: int | None = None,
    ai_seats: list[int] | None = None,
    *,
    console: Console | None = None,
    input_fn: InputFn = input,
    ai: str = DEFAULT_AGENT,
    budget: str | None = None,
) -> int:
    """Play one game; 0 when it ends or the players leave, 2 for invalid parameters.

    ``ai_seats`` are API seats (0-based, as ``state.current_player()``): ``[1, 2]`` lets the
    agent ``ai`` (``budget`` a move, for mcts) play the second and third seats, which the screen
    calls seats 2 and 3 (people count seats from 1; ``soloboard play --ai-seats`` takes those
    numbers)."""
    out = console or Console(highlight=False)
    try:
        game = _monstros_game(params)
        agent = seat_agent(ai, budget)  # the AI seats
    except (TypeError, ValueError) as exc:
        (console or Console(stderr=True, highlight=False)).print(Text(f"soloboard: {exc}", style=ERROR))
        return 2
    seats = set(ai_seats or ())
    bad = sorted(s for s in seats if not (isinstance(s, int) and 0 <= s < game.players))
    if bad:
        (console or Console(stderr=True, highlight=False)).print(Text(
            "soloboard: " + _("AI seats {seats} do not exist: the seats are 1 to {last}").format(
                seats=", ".join(str(narrate.shown_seat(s)) for s in bad), last=game.players), style=ERROR))
        return 2
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = game.new_initial_state()
    enable_line_editing(input_fn)
    session = MonstrosSession(state, seed, seats, out, input_fn, agent, ai,  # at a terminal: a screen at a time
                              budget=str(parse_budget(budget)) if budget is not None else None)
    out.print(Text(f"{_(game.long_name)}: {game.title()} · " + _("seed {seed}").format(seed=seed), style="bold"))
    people = [s for s in range(game.players) if s not in seats]
    who = _("no one at the terminal: the agent plays every seat") if not people else _("hot seat")
    out.print(Text(_("Seats: {seats} ({who})").format(
        seats=", ".join(_seat_label(s, seats) for s in range(game.players)), who=who), style="dim"))
    session.show_notes(state)
    out.print(Text(_("Type 'help' for the rules and the notation."), style="dim"))
    return session.run()


class MonstrosTerminal(TerminalPart):
    """Monstros in the terminal: hot seat with AI seats (the kit's ``terminal``)."""

    notes_title = MonstrosSession.notes_title

    def play(self, game_name: str, params: dict[str, Any], *, seed: int | None = None,
             ai_seats: list[int] | None = None, ai: str = DEFAULT_AGENT, budget: str | None = None,
             console: Console | None = None, input_fn: InputFn = input) -> int:
        return run_play_monstros(params, seed=seed, ai_seats=ai_seats, ai=ai, budget=budget, console=console,
                                 input_fn=input_fn)

    def session(self, state: State, seed: int, meta: dict[str, Any], console: Console,
                input_fn: InputFn) -> TerminalSession:
        monstros = _monstros_state(state)
        players = monstros.game.players
        seats = {s for s in meta.get("ai_seats", []) if isinstance(s, int) and 0 <= s < players}
        return MonstrosSession(monstros, seed, seats, console, input_fn,
                               seat_agents=saved_agents(meta, seats, console), budget=meta.get("ai_budget"))

    def result_headline(self, state: State, won: bool) -> str:
        cause = narrate.end_cause(_monstros_state(state).end_cause)
        return (_("WON: {cause}") if won else _("LOST: {cause}")).format(cause=cause)

    def phase_word(self, phase: str) -> str:
        return phase_word(phase)


TERMINAL = MonstrosTerminal()
