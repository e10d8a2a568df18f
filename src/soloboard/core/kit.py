"""A game kit: everything a front end, an agent or an adapter needs to know about one game.

Each game package defines one :class:`GameKit` and the registry (``core/registry.py``) lists it
once. The terminal, the browser, the agents, the research adapters and the reports ask the kit;
none of them names a game. A fourth game is one new package plus one registry line.

What a kit gives:

- its name and title, how many seats it has, and its **parameters** (:class:`Parameter`): the
  command line and the new-game dialog are built from them, and :meth:`GameKit.choices` gives the
  values the engine accepts;
- the **game** itself (``load_game`` builds it through :meth:`GameKit.game`);
- its **narrator** (events into words: :meth:`GameKit.sentence`, :meth:`GameKit.move_effect`);
- its **evaluator** for the agents (:meth:`GameKit.evaluator`);
- its **observer** for the research adapters (:meth:`GameKit.observer`);
- its **browser view** (JSON for the page) and what the page clicks for a move;
- its **terminal** part (screen, session, resume), which lives with the terminal's code and is
  reached through the kit by name (``terminal``), so the game package never imports a front end;
- what a **report** plots on its axes (:class:`ReportAxis`) and its **difficulty** in the rulebook's terms.

A kit's module must stay light: everything heavy is imported when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from soloboard.core.difficulty import NONE, Difficulty
from soloboard.core.lazy import load

if TYPE_CHECKING:
    from collections.abc import Sequence

    from soloboard.core.api import Game, State
    from soloboard.core.events import Event


@dataclass(frozen=True)
class Parameter:
    """One keyword of ``load_game``, as a person gives it on the command line or in the dialog.

    ``label`` and ``help`` are catalog msgids (the front end translates them); ``cli_help`` is the
    command line's help, a msgid too (``soloboard --lang cs play --help`` shows it in Czech).
    """

    name: str
    kind: str  # "choice" | "text" | "sky" (one side per tile) | "cards" (a set of cards) | "file"
    default: Any
    label: str
    help: str
    flag: str = ""  # the command-line option ("--city"); "" for none
    cli_help: str = ""
    cli_type: Callable[[str], Any] = str
    cli_choices: tuple[str, ...] | None = None  # argparse's choices (None: the engine checks the value)
    instead_of: str | None = None  # the other way to give the same thing: load_game refuses both at once
    key: bool = False  # named in a set-up's summary even at its default: it makes the set-up what it is
    advanced: bool = False  # kept out of the way in the dialog ("More options")
    in_dialog: bool = True  # offered in the browser's new-game dialog
    length: int | None = None  # "sky": how many tiles

    @property
    def dest(self) -> str:
        """The attribute of the parsed command line that holds this parameter."""
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class ReportAxis:
    """What ``soloboard report`` varies for a game: one command-line option per parameter it
    sweeps (``--threats 0-4``), the axis it plots and what a game's length is counted in."""

    options: tuple[ReportOption, ...]
    axis: str  # the x axis of the win-rate plot, e.g. "threat level"
    length_unit: str  # "rounds" | "turns"


@dataclass(frozen=True)
class ReportOption:
    flag: str  # "--threats"
    dest: str  # the attribute of the parsed command line
    help: str


@dataclass(frozen=True)
class Setup:
    """One set-up a report covers: the parameters, and where it sits on the plot."""

    game: str
    params: dict[str, Any]
    group: str  # one line per group (e.g. the city)
    x: int  # the position on the axis
    x_text: str  # e.g. "threat 2"

    @property
    def label(self) -> str:
        return f"{self.group} {self.x_text}".strip()


@dataclass(frozen=True)
class Evaluator:
    """The game's evaluation for the agents (``agents/mcts.py``, ``agents/greedy.py``).

    - ``value(state)``: the estimated probability that the team wins from here (the games are
      won or lost together, so one number serves every seat); 1 or 0 once the game is over;
    - ``key(state)``: a cheap hashable key equal for equal positions, or None where the game
      gives none (the search then keeps no transposition table);
    - ``prune(state, actions)``: the legal actions without moves another legal move always does
      at least as well as (never empty);
    - ``greedy_value(state)``: what ``greedy`` maximises (``value`` unless the game says more);
    - ``stage(state)``: the round a position is in; ``mcts`` does not expand a later round's positions;
    - ``values(states)``: ``value`` of each state, computed together (a learned value's batch);
    - ``win_in_reach(state)``: False where no line can win before the stage ends on every roll (a
      necessary condition, cheap): ``agents/solve.py`` searches for such a sure win only where it is True.
    """

    name: str
    value: Callable[[Any], float]
    key: Callable[[Any], Any] | None
    prune: Callable[[Any, list[int]], list[int]]
    greedy_value: Callable[[Any], float]
    stage: Callable[[Any], Any] | None = None
    values: Callable[[list[Any]], list[float]] | None = None  # ``value`` of many states at once (a batch)
    win_in_reach: Callable[[Any], bool] | None = None  # None: the game's sure wins are never searched for


def _terminal_value(state: Any) -> float:
    returns = state.returns()
    return float(returns[0]) if returns else 0.0


def neutral_value(state: Any) -> float:
    """0.5 for every unfinished game: with it ``mcts`` is plain tree search on terminal values."""
    return _terminal_value(state) if state.is_terminal() else 0.5


def _all_actions(state: Any, actions: list[int]) -> list[int]:
    return actions


NEUTRAL = Evaluator("neutral", neutral_value, None, _all_actions, neutral_value, None)


class Observer(Protocol):
    """A game's observation for learning agents (``docs/research.md``)."""

    size: int
    pieces: Any

    def encode(self, state: Any, player: int = 0) -> bytes: ...
    def layout(self) -> list[tuple[str, tuple[int, ...]]]: ...
    def highs(self) -> list[int]: ...


def parse_range(text: str, what: str, low: int, high: int) -> list[int]:
    """``"0-4"`` or ``"0,2,4"`` as sorted ints in ``low..high`` (a report's option)."""
    values: set[int] = set()
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        try:
            if "-" in part:
                first, last = (int(v) for v in part.split("-", 1))
                values.update(range(first, last + 1))
            else:
                values.add(int(part))
        except ValueError:
            raise ValueError(f"--{what}: {text!r} is not a list like 0-4 or 0,2,4") from None
    bad = sorted(v for v in values if not low <= v <= high)
    if not values or bad:
        raise ValueError(f"--{what}: values must be in {low}..{high}" + (f", not {bad}" if bad else ""))
    return sorted(values)


def words(text: str) -> list[str]:
    """``"roswell, new-york"`` as ``["roswell", "new-york"]``."""
    return [w.strip() for w in str(text).split(",") if w.strip()]


@dataclass(frozen=True)
class GameKit:
    """One game as the front ends and agents see it; a game package subclasses it once.

    The fields name what the kit loads lazily (``"module:attribute"``), so that importing a
    kit never imports its engine, and a front-end part (``terminal``) can live with its front
    end while the game package never imports it.
    """

    name: str  # the registry's name: load_game(name), saves' "game", the URL's game
    title: str  # msgid of the game's name for a person
    game_class: str  # "module:Class" of the Game
    parameters: tuple[Parameter, ...] = ()
    seats: bool = False  # more than one seat, each a person or an agent (co-operative games)
    board: str = ""  # the browser's board module that draws this game (web/static/<board>/)
    art: str = ""  # the drawing on the home page's game box
    terminal: str = ""  # "module:object" of the terminal part (cli): screen, session, resume
    narrator: str = ""  # module with sentence(event, state) and preview_text(events, state)
    view: str = ""  # module with view(state, seat) and move_targets(state, action): the page's JSON
    evaluation: str = ""  # module with value, key, prune (greedy_value, stage optional)
    observation: str = ""  # module with observer(game) and pieces(game)
    report: ReportAxis | None = None
    openspiel_name: str = ""  # the name registered with OpenSpiel
    environments: tuple[tuple[str, dict[str, Any]], ...] = ()  # Gymnasium ids (one player) and their parameters

    # --- the game --------------------------------------------------------------------------

    def game_factory(self) -> Any:
        return load(self.game_class)

    def game(self, **params: Any) -> Game:
        """The game with these parameters (the registry checked their names)."""
        return self.game_factory()(**params)

    def parameter(self, name: str) -> Parameter | None:
        return next((p for p in self.parameters if p.name == name), None)

    def choices(self, name: str) -> list[Any] | None:
        """The values the engine accepts for a parameter, from its own tables (None: free text)."""
        return None

    def value_label(self, name: str, value: Any) -> str:
        """A parameter's value in words for a person (inside ``i18n.use``)."""
        return str(value)

    def seat_range(self) -> range:
        """How many seats a game of this kit can have."""
        return range(1, 2)

    def setup_text(self, params: dict[str, Any]) -> str:
        """A set-up in words, e.g. "City: Roswell · City side: blue · Threat level: 1" (inside
        ``i18n.use``): the key parameters always, the others where they differ from their default."""
        from soloboard.i18n import _

        parts = []
        for p in self.parameters:
            value = params.get(p.name)
            if value is None or value == "" or value == [] or (not p.key and value == p.default):
                continue
            shown = ", ".join(self.value_label(p.name, v) for v in value) if isinstance(value, list) \
                else self.value_label(p.name, value)
            parts.append(_("{label}: {value}").format(label=_(p.label), value=shown))
        return " · ".join(parts)

    def difficulty(self, game: Game) -> Difficulty:
        """The rulebook's difficulty of ``game``: its stars, level or none."""
        from soloboard.i18n import _

        return Difficulty(None, NONE, (), (_("This game's rulebook gives no difficulty stars."),))

    def report_setups(self, options: dict[str, str | None]) -> list[Setup]:
        """The set-ups a report covers from its options (``ValueError`` for a bad value)."""
        raise ValueError(f"no report for {self.name}")

    # --- words --------------------------------------------------------------------------------

    def sentence(self, event: Event, state: State) -> str:
        """One event as a sentence, in the game's own words."""
        return str(load(self.narrator).sentence(event, state))

    def preview_text(self, events: Sequence[Event], state: State) -> str:
        """What the events of one move do, in one line (a move list's or a hint's text)."""
        return str(load(self.narrator).preview_text(events, state))

    def move_effect(self, state: State, action: int) -> str:
        """What ``action`` would do at ``state``, in the game's own words (from its events)."""
        try:
            events = state.preview(action)
        except Exception:  # a move the engine refuses: say nothing rather than fail
            return ""
        return self.preview_text(events, state)

    # --- the agents, the adapters, the page ---------------------------------------------------

    def evaluator(self) -> Evaluator:
        if not self.evaluation:
            return NEUTRAL
        module = load(self.evaluation)
        return Evaluator(self.name, module.value, getattr(module, "key", None), getattr(module, "prune", _all_actions),
                         getattr(module, "greedy_value", module.value), getattr(module, "stage", None),
                         getattr(module, "values", None), getattr(module, "win_in_reach", None))

    def observer(self, game: Game) -> Observer:
        if not self.observation:
            raise ValueError(f"{self.name} has no observation for learning agents")
        return load(self.observation).observer(game)

    def observation_pieces(self, game: Game) -> list[Any]:
        """(name, shape, highest value, meaning) of every piece of the observation."""
        return list(load(self.observation).pieces(game))

    def board_view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """Everything the browser's board draws (``seat``: whose device asks)."""
        return load(self.view).view(state, seat)

    def move_targets(self, state: State, action: int) -> dict[str, Any]:
        """What the page clicks for the legal move ``action``."""
        return load(self.view).move_targets(state, action)

    def terminal_part(self) -> Any:
        if not self.terminal:
            raise ValueError(f"{self.name} cannot be played in the terminal")
        return load(self.terminal)
