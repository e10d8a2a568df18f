"""``soloboard replay FILE``: step through a saved game from its first move."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from soloboard.cli.terminal import (
    Narrator,
    SaveFileError,
    board,
    error,
    game_label,
    initial_state_of,
    notices_panel,
    read_save,
    summary,
)
from soloboard.core.api import State

InputFn = Callable[[str], str]
STEP_PROMPT = "Enter = next, q = quit: "


class Replay:
    """Walks a history action by action, telling what each one did."""

    def __init__(self, start: State, actions: list[int], console: Console) -> None:
        self.state = start
        self.actions = actions
        self.index = 0
        self.console = console
        self.narrator = Narrator(console)

    def done(self) -> bool:
        return self.index >= len(self.actions)

    def chance_run(self) -> None:
        """Apply the chance outcomes that come next (dice, the sky draw), printing them."""
        while not self.done() and self.state.is_chance_node():
            self.narrator.apply_chance(self.state, self.actions[self.index])
            self.index += 1

    def player_step(self) -> None:
        """The next player action, then the dice it leads to, then the board."""
        action = self.actions[self.index]
        before = self.state.clone()
        notation = self.state.action_to_string(action)
        self.state.apply_action(action)
        self.index += 1
        label = f"[{self.index}/{len(self.actions)}] round {getattr(before, 'round', '?')}, " \
                f"{getattr(before, 'phase_name', '')} phase: "
        self.narrator.move(notation, before, self.state, prefix=label)
        self.chance_run()
        self.console.print(self.state)


def _wants_to_stop(input_fn: InputFn) -> bool:
    try:
        return input_fn(STEP_PROMPT).strip().lower() in ("q", "quit", "exit")
    except EOFError:
        return True


def run_replay(
    path: str,
    step: bool = True,
    *,
    console: Console | None = None,
    input_fn: InputFn = input,
) -> int:
    """Show a saved game move by move; 0 when shown, 2 when the file is missing or corrupt."""
    out = console or Console(highlight=False)
    try:
        saved = read_save(path)
    except SaveFileError as exc:
        error(console or Console(stderr=True, highlight=False), "Cannot replay", str(exc))
        return 2
    actions = saved.history()
    out.print(Text(f"Replay of {path}: {game_label(saved)} · {len(actions)} actions", style="bold"))
    panel = notices_panel(saved)
    if panel is not None:
        out.print(panel)
    if not actions:
        out.print(Text("This save holds a position without a history: there is nothing to step through.",
                       style="yellow"))
        out.print(board(saved, legend=True))
        out.print(summary(saved))
        return 0
    replay = Replay(initial_state_of(saved), actions, out)
    try:
        replay.chance_run()
        out.print(board(replay.state, legend=True))
        while not replay.done():
            if step and _wants_to_stop(input_fn):
                out.print(Text(f"Stopped after {replay.index} of {len(actions)} actions.", style="dim"))
                break
            replay.player_step()
    except KeyboardInterrupt:
        out.print(Text(f"\nStopped after {replay.index} of {len(actions)} actions.", style="dim"))
    out.print(summary(replay.state))
    return 0
