"""The one agent interface: ``step(state) -> action`` at a decision node.

Every front end asks agents the same way: ``soloboard sim`` and ``soloboard report`` (whole
games), the Monstros AI seats, the terminal's ``ai`` and ``hint`` commands, ``soloboard
review``. An agent is any object with

- ``name``: a short label for tables and reports;
- ``step(state) -> int``: a legal action of ``state`` (a decision node, never a chance node);
- optionally ``reset(seed)``: a new game starts; an agent that draws random numbers reseeds
  here, so game *i* of a run plays the same whatever the number of processes;
- optionally ``revision``: a text naming how the agent plays (the built-in agents give the date of
  their last change of play). The store keeps it beside each game the agent played, and a seeded
  series is never extended with games of another revision (``soloboard report`` refuses): the same
  name at the same budget may play differently after an upgrade. ``tests/test_agent_revisions.py``
  holds each built-in agent's revision to one recorded game: a change of play fails it until the
  revision is bumped.

A user's own agent is named ``package.module:Class`` (``--agent mypkg.bots:Clever``; the
module is looked for in the current folder too, as ``python -m`` would): the class is built
with the keyword arguments ``soloboard.agents.make`` received that its constructor accepts
(``budget``, ``seed``).

Options ride in the name, so a command line can name any variant of an agent without code:
``mcts(backup=max, prior_visits=0.5)`` is ``make("mcts", backup="max", prior_visits=0.5)``
(numbers and ``true``/``false`` are read as such, anything else as text); the store and the
report keep the whole name, so games of two variants never mix.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import os
import random
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Agent(Protocol):
    name: str

    def step(self, state: Any) -> int: ...


# the budget the front ends give mcts (hints, reviews, the ai command, AI seats): about 0.3 s per decision on a
# free core of this project's two-core test machine, and the budget its strength and its calibration map were
# measured at (docs/agents.md); iterations, not seconds, so a hint and a review of one position agree exactly
STANDARD_BUDGET = "5000it"


@dataclass(frozen=True)
class Budget:
    """How long an agent may think per decision: ``seconds`` or ``iterations`` (one of them)."""

    seconds: float | None = None
    iterations: int | None = None

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations}it"
        return f"{self.seconds:g}s"


_BUDGET = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(s|ms|it|i|iter|iterations?)\s*$", re.IGNORECASE)


def parse_budget(budget: str | float | int | Budget | None, default: Budget | None = None) -> Budget:
    """``"0.3s"``, ``"300ms"``, ``"2000it"``, a number of seconds, or a :class:`Budget`.

    >>> parse_budget("2000it")
    Budget(seconds=None, iterations=2000)
    >>> parse_budget("0.3s").seconds
    0.3
    """
    if budget is None:
        return default or Budget(seconds=0.3)
    if isinstance(budget, Budget):
        return budget
    if isinstance(budget, bool):
        raise ValueError(f"invalid budget {budget!r}: write e.g. 0.3s, 300ms or 2000it")
    if isinstance(budget, int | float):
        if budget <= 0:
            raise ValueError(f"the budget must be positive, not {budget}")
        return Budget(seconds=float(budget))
    match = _BUDGET.match(str(budget))
    if not match:
        raise ValueError(f"invalid budget {budget!r}: write a time (0.3s, 300ms) or iterations (2000it)")
    number, unit = float(match.group(1)), match.group(2).lower()
    if number <= 0:
        raise ValueError(f"the budget must be positive, not {budget!r}")
    if unit == "s":
        return Budget(seconds=number)
    if unit == "ms":
        return Budget(seconds=number / 1000)
    if number != int(number):
        raise ValueError(f"a number of iterations is whole: {budget!r}")
    return Budget(iterations=int(number))


class RandomAgent:
    """A legal action uniformly at random (the baseline; the random-playout benchmark's player)."""

    name = "random"
    revision = "2026-11-29"  # see the module's docstring: bumped whenever the agent's play changes

    def __init__(self, seed: Any = None) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: Any) -> None:
        self.rng.seed(seed)

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


# name -> "module:Class", imported on first use so that ``soloboard.agents`` stays light
BUILTIN: dict[str, str] = {
    "random": "soloboard.agents.base:RandomAgent",
    "greedy": "soloboard.agents.greedy:GreedyAgent",
    "mcts": "soloboard.agents.mcts:MCTSAgent",
    "clairvoyant": "soloboard.agents.clairvoyant:ClairvoyantAgent",  # knows the future dice: the report's bound
    "hindsight": "soloboard.agents.hindsight:HindsightAgent",  # greedy searched over the future dice: a bound
}


# agents for the report only, never a seat or a hint: they need the game's future dice (its bounds)
REPORT_ONLY = frozenset({"clairvoyant", "hindsight"})


# the strongest agent: what a hint, the `ai` command and an AI seat use unless told otherwise
DEFAULT_AGENT = "mcts"


def names() -> list[str]:
    """The agents that can play a seat, the default first (the report's bounds, ``clairvoyant`` and
    ``hindsight``, cannot)."""
    return [DEFAULT_AGENT, *sorted(set(BUILTIN) - REPORT_ONLY - {DEFAULT_AGENT})]


_OPTIONS = re.compile(r"^\s*([^()@,]+?)\s*(?:\((.*)\))?\s*$", re.S)
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_name(spec: str) -> tuple[str, dict[str, Any]]:
    """An agent's name and the options written after it: ``mcts(backup=max, widening=1)`` is
    ``("mcts", {"backup": "max", "widening": 1})``; a plain name has none."""
    if "(" not in spec and ")" not in spec:
        return spec, {}
    m = _OPTIONS.match(spec)
    if m is None:
        raise ValueError(f"an agent is written name or name(option=value, ...), not {spec!r}")
    name, inner = m.group(1), m.group(2)
    if inner and "@" in inner:  # a label's budget follows the last @ (mcts(...)@5000it)
        raise ValueError(f"agent {spec!r}: an option's value cannot contain @")
    options: dict[str, Any] = {}
    for part in (inner or "").split(","):
        if not part.strip():
            continue
        key, eq, text = (x.strip() for x in part.partition("="))
        if not eq or not _KEY.match(key) or not text:
            raise ValueError(f"agent {spec!r}: write each option as name=value, not {part.strip()!r}")
        if key in options:
            raise ValueError(f"agent {spec!r}: option {key} is given twice")
        options[key] = _option_value(text)
    return name, options


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def canonical_name(spec: str) -> str:
    """One spelling per variant, for the store's and the report's labels: ``mcts( widening=1,backup=max)``
    is ``mcts(backup=max,widening=1)``."""
    name, options = parse_name(spec)
    return f"{name}({','.join(sorted(_written(options)))})" if options else name


def _written(options: dict[str, Any]) -> list[str]:
    """Options as written in a name: ``backup=max``, ``reuse=false``."""
    return [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]


def split_agents(text: str) -> list[str]:
    """``greedy, mcts(backup=max, widening=1)@3000it`` as its agents: commas inside an agent's
    options do not separate agents."""
    out: list[str] = []
    word: list[str] = []
    depth = 0
    for ch in str(text):
        if ch == "," and depth == 0:
            out.append("".join(word).strip())
            word = []
            continue
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            raise ValueError(f"unbalanced parentheses in the agents {text!r}")
        word.append(ch)
    if depth:
        raise ValueError(f"unbalanced parentheses in the agents {text!r}")
    out.append("".join(word).strip())
    return [w for w in out if w]


def _load_class(spec: str) -> Any:
    target = BUILTIN.get(spec)
    if target is None:
        if ":" not in spec:
            raise ValueError(f"unknown agent {spec!r}; valid agents: {', '.join(names())} (and, for "
                             "soloboard report, clairvoyant and hindsight), or your own as package.module:Class")
        target = spec
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise ValueError(f"an agent of your own is named package.module:Class, not {spec!r}")
    try:
        module = _import_user_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import the agent's module {module_name!r}: {exc}") from None
    cls = getattr(module, attr, None)
    if cls is None:
        raise ValueError(f"module {module_name!r} has no {attr!r} (agent {spec!r})")
    return cls


def _import_user_module(name: str) -> Any:
    """Import ``name`` as ``python -m`` would, from the current directory too.

    ``soloboard`` is a console script: its ``sys.path`` starts at the script's folder, not at the
    folder it was started from, so an agent module beside the user (``examples.ppo``, ``mybots``)
    would not be found. The folder is appended, never put first: an installed module of the same
    name wins, as it does not under ``python -m``; a worker process inherits the path.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        top = name.partition(".")[0]
        # only the named module itself missing: an import error inside it is the user's to see
        if exc.name != top or here in sys.path or not (Path(here, top).is_dir() or Path(here, f"{top}.py").is_file()):
            raise
    sys.path.append(here)
    return importlib.import_module(name)


def make(name: str, budget: str | float | Budget | None = None, seed: Any = None, **options: Any) -> Agent:
    """An agent by name: ``make("mcts", budget="0.3s", seed=1)``, ``make("greedy")``,
    ``make("mypkg.bots:Clever")``.

    ``budget``: time (``"0.3s"``) or iterations (``"2000it"``) per decision, for agents that
    search; ``seed``: their random numbers. Keyword options go to the agent's constructor
    (only those it accepts, so ``make("random", budget="1s")`` is fine); options may also be
    written in the name, ``make("mcts(backup=max)")`` (``parse_name``).
    """
    name, written = parse_name(name)
    both = sorted(set(written) & set(options))
    if both:
        raise ValueError(f"agent {name!r}: option {', '.join(both)} is given both in the name and as an argument")
    options = {**written, **options}
    cls = _load_class(name)
    kwargs: dict[str, Any] = {"budget": budget, "seed": seed, **options}
    params: Mapping[str, inspect.Parameter]
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    if not takes_all:
        dropped = [k for k in options if k not in params]
        if dropped:
            raise ValueError(f"agent {name!r} takes no option {', '.join(dropped)}")
        kwargs = {k: v for k, v in kwargs.items() if k in params and (v is not None or k in options)}
    try:
        agent = cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cannot make agent {name!r}: {exc}") from None
    if not callable(getattr(agent, "step", None)):
        raise ValueError(f"{name!r} is not an agent: it has no step(state) method")
    if not hasattr(agent, "name"):
        with contextlib.suppress(AttributeError):  # a class with __slots__ keeps its own label
            agent.name = name
    return agent


def seat_agent(name: str, budget: str | None = None) -> Agent:
    """The agent ``name`` for an AI seat (the terminal's and the browser's): ``mcts`` thinks ``budget``
    a move, the standard budget (about 0.3 s) when None, as the hint and the ``ai`` command do."""
    return make(name, budget=budget or (STANDARD_BUDGET if parse_name(name)[0] == "mcts" else None))


# the built-in agents that do not search, so take no budget (a label never carries one)
UNBUDGETED = frozenset({"random", "greedy", "hindsight"})

# what each built-in agent is, for a report's legend (explain)
_WHAT = {
    "random": "a legal move at random",
    "greedy": "the move whose next position the evaluation rates best, without search",
    "mcts": "Monte Carlo tree search",
    "clairvoyant": "the same search told every future roll of the seeded game (a bound on what the dice allow)",
    "hindsight": ("greedy searched to the end of the game with every future roll of the seeded game known: "
                  "each game it wins is a winning line, so its win rate is a lower bound on what the dice allow"),
}


def explain(name: str, budget: Any = None) -> str:
    """What an agent is, with its budget spelled out: ``explain("mcts", "5000it")`` is
    ``'Monte Carlo tree search, 5,000 iterations per decision'``; no budget is the searches' own default."""
    base, options = parse_name(name)
    what = _WHAT.get(base, "an agent of your own")
    if options:
        what += " with " + ", ".join(_written(options))
    if base in UNBUDGETED:
        return what
    b = parse_budget(budget)
    per = f"{b.seconds:g} s" if b.seconds is not None else f"{b.iterations:,} iterations"
    return f"{what}, {per} per decision"


def describe(name: str, budget: Any = None) -> str:
    """The label of an agent with its budget, for tables: ``mcts@0.3s``."""
    name = canonical_name(name)
    if parse_name(name)[0] in UNBUDGETED or budget is None:
        return name
    return f"{name}@{parse_budget(budget)}"
