"""``soloboard replay FILE``: step through a saved game, backward and forward, and play on.

A *step* is one decision of the player with the chance outcomes that follow it (the dice
it leads to); step 0 is the position before the first decision. At the prompt:

    Enter, n    the next step          b         the step before
    r N         the start of round N   s N       step N      (also: start, end)
    board       the board again        board full  the full board
    continue    play on from the step shown (the save's dice seed deals the same dice)
    q           stop

What each step did is told from the engine's events, as during play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from soloboard.cli.resume import continue_game
from soloboard.cli.terminal import (
    SaveFileError,
    board,
    error,
    game_label,
    page_screens,
    print_notices,
    read_save_meta,
    screen_pager,
    summary,
)
from soloboard.core.api import State
from soloboard.core.events import Event
from soloboard.core.registry import kit_of
from soloboard.i18n import N_, _

InputFn = Callable[[str], str]
REPLAY_HELP = N_("Enter/n next step · b back · r N round N · s N step N · start · end · board [full] · "
                  "continue: play on from here · q quit")


def replay_start(state: Any) -> Any:
    """The state ``state``'s history starts from (a game's first position, or a saved origin)."""
    game = state.game
    if hasattr(game, "replay_start"):
        return game.replay_start(getattr(state, "origin", None))
    origin = getattr(state, "origin", None)
    return origin.clone() if origin is not None and hasattr(origin, "clone") else game.new_initial_state()


class Replay:
    """A saved history cut into steps, and the position at any step."""

    def __init__(self, saved: State, console: Console) -> None:
        self.saved = saved
        self.console = console
        self.start = replay_start(saved)
        self.actions = saved.history()
        self.game = getattr(saved, "game", None)
        self.part = kit_of(saved).terminal_part()
        self.teller = self.part.teller(console, self.game)
        # ends[k]: how many actions step k has played (the decision and the chance after it)
        walker = self.start.clone()
        i = 0
        while i < len(self.actions) and walker.is_chance_node():
            walker.apply_action(self.actions[i])
            i += 1
        self.ends = [i]
        self.rounds: list[int] = [getattr(walker, "round", 0)]
        while i < len(self.actions):
            walker.apply_action(self.actions[i])
            i += 1
            while i < len(self.actions) and walker.is_chance_node():
                walker.apply_action(self.actions[i])
                i += 1
            self.ends.append(i)
            self.rounds.append(getattr(walker, "round", 0))
        self.step = 0
        self.events = saved.events() if hasattr(saved, "events") else []

    @property
    def last(self) -> int:
        return len(self.ends) - 1

    def state_at(self, step: int) -> Any:
        state = self.start.clone()
        for action in self.actions[:self.ends[step]]:
            state.apply_action(action)
        return state

    def step_events(self, step: int) -> Sequence[Event]:
        lo = self.ends[step - 1] if step else 0
        hi = self.ends[step]
        return [e for e in self.events if lo <= e.get("action", -1) < hi]

    def tell(self, step: int) -> None:
        """What step ``step`` did (from its events), or its notation for a game without them."""
        lo = self.ends[step - 1] if step else 0
        before = self.state_at(step - 1) if step else self.start.clone()
        label = f"[{step}/{self.last}] "
        if self.teller is not None:
            events = self.step_events(step)
            decision = [e for e in events if e.get("action") == lo]
            rest = [e for e in events if e.get("action") != lo]
            notation = None if not step else before.action_to_string(self.actions[lo])
            self.teller.tell(decision if step else events, notation, prefix=label)
            if step:
                self.teller.tell(rest)
            return
        replay = before
        for i in range(lo, self.ends[step]):
            notation = replay.action_to_string(self.actions[i])
            chance = replay.is_chance_node()
            self.console.print(Text.assemble(label if not chance else "", ("▶ " if not chance else "  ", "bold"),
                                             (notation, "" if chance else "bold")))
            replay.apply_action(self.actions[i])

    def show(self, *, full: bool = False) -> None:
        console = self.console
        shown = self.part.board_view(console, self.state_at(self.step), full=full)
        pager = screen_pager(console)
        if pager is not None:  # the board starts a screen of its own unless it fits under what was told
            pager.room(len(console.render_lines(shown, console.options, pad=False)) + 1)
        console.print(shown)

    def go(self, step: int) -> None:
        """Show step ``step``: told when it is the next one, else just its board."""
        step = max(0, min(self.last, step))
        if step == self.step + 1:
            self.step = step
            self.tell(step)
        else:
            self.step = step
            self.console.print(Text(_("Step {step} of {last}, round {round}.").format(
                step=step, last=self.last, round=self.rounds[step]), style="bold yellow"))
        self.show()

    def prompt(self) -> str:
        return _("replay step {step}/{last} · round {round}> ").format(step=self.step, last=self.last,
                                                                       round=self.rounds[self.step])

    def round_start(self, round_no: int) -> int | None:
        for step, r in enumerate(self.rounds):
            if r >= round_no:
                return step
        return None


def _number(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def run_replay(
    path: str,
    step: bool = True,
    *,
    console: Console | None = None,
    input_fn: InputFn = input,
    round_no: int | None = None,
) -> int:
    """Show a saved game step by step; 0 when shown, 2 when the file is missing or corrupt.

    ``step`` False prints every step at once; ``round_no`` starts at that round."""
    out = console or Console(highlight=False)
    if step:
        input_fn = page_screens(out, input_fn)  # at a terminal: a screen at a time
    try:
        saved, meta = read_save_meta(path)
    except SaveFileError as exc:
        error(console or Console(stderr=True, highlight=False), _("Cannot replay"), str(exc))
        return 2
    actions = saved.history()
    out.print(Text(_("Replay of {path}: {game} · {n} actions").format(path=path, game=game_label(saved),
                                                                        n=len(actions)), style="bold"))
    title = kit_of(saved).terminal_part().notes_title
    print_notices(out, saved, title and _(title))  # once: 'continue' plays on without telling them again
    if not actions:
        out.print(Text(_("This save holds a position without a history: there is nothing to step through."),
                       style="yellow"))
        out.print(board(saved, legend=True))
        out.print(summary(saved))
        return 0
    replay = Replay(saved, out)
    if not step:
        replay.tell(0)
        replay.show()
        while replay.step < replay.last:
            replay.go(replay.step + 1)
        out.print(summary(replay.state_at(replay.step)))
        return 0
    out.print(Text(_(REPLAY_HELP), style="dim"))
    if round_no is not None:
        target = replay.round_start(round_no)
        replay.go(target if target is not None else replay.last)
    else:
        replay.tell(0)
        replay.show()
    try:
        while True:
            try:
                line = input_fn(replay.prompt())
            except EOFError:
                line = "q"
            word, _sep, arg = line.strip().lower().partition(" ")
            if word in ("q", "quit", "exit"):
                break
            if word in ("c", "continue", "play"):
                state = replay.state_at(replay.step)
                if state.is_terminal():
                    error(out, _("The game is over at this step"), _("go back a step (b) to play on from there"))
                    continue
                out.print(Text(_("Playing on from step {step} of {path}.").format(step=replay.step, path=path),
                               style="bold green"))
                return continue_game(state, meta, out, input_fn)
            if not _navigate(replay, out, word, arg, line):
                break  # Enter past the end: the replay is over
    except KeyboardInterrupt:
        out.print()
    out.print(Text(_("Stopped at step {step} of {last}.").format(step=replay.step, last=replay.last), style="dim"))
    out.print(summary(replay.state_at(replay.step)))
    return 0


def _navigate(replay: Replay, out: Console, word: str, arg: str, line: str) -> bool:
    """One replay command that moves through the game or shows it; False: the replay is over."""
    if word in ("", "n", "next"):
        if replay.step >= replay.last:
            out.print(Text(_("That was the last step (b = back, continue = play on, q = quit)."), style="dim"))
            return word != ""
        replay.go(replay.step + 1)
    elif word in ("b", "back", "p", "prev"):
        replay.go(replay.step - 1)
    elif word in ("r", "round") and _number(arg) is not None:
        target = replay.round_start(_number(arg) or 0)
        if target is None:
            error(out, _("There is no round {round} in this game").format(round=arg),
                  _("rounds 1 to {last}").format(last=replay.rounds[-1]))
        else:
            replay.go(target)
    elif word in ("s", "step", "g", "go") and _number(arg) is not None:
        replay.go(_number(arg) or 0)
    elif word in ("start", "end"):
        replay.go(0 if word == "start" else replay.last)
    elif word == "board":
        replay.show(full=arg in ("full", "f"))
    elif word in ("h", "help", "?"):
        out.print(Text(_(REPLAY_HELP), style="dim"))
    else:
        error(out, _("Cannot read {text}").format(text=repr(line.strip())), _(REPLAY_HELP))
    return True
