"""``mcts``: Monte Carlo tree search with chance nodes, a heuristic leaf value and transpositions.

The method is OpenSpiel's ``mcts.py`` ("MCTS with chance sampling"): a UCT tree whose
chance nodes are expectation nodes -- each visit samples one outcome with its probability
(the dice, a card draw), so a chance node's value is the running average over sampled
outcomes, an unbiased estimate of the expectation -- and decision nodes pick the move
with the best upper confidence bound. The games here are won or lost by the whole team
(Monstros is co-operative), so every decision node, whoever's seat, maximises the same
value: the team's chance of winning, in [0, 1].

What makes it play well here (random playouts almost always lose these games, which tells
the search nothing):

- **no rollouts**: a new leaf is valued by the game's evaluation (``Evaluator.value``, an
  estimated win probability: ufs/evaluate.py, monstros/evaluate.py), a cut-off evaluation;
- **heuristic priors**: the second time a decision node is reached, each of its moves is
  tried once on a copy and evaluated; a move's mean starts from that value with the weight
  of ``prior_visits`` visits (progressive bias), so the search looks at good moves first
  and a move tried once is not judged on one sample;
- **merged moves**: the engines give one action per equal die, and ``Evaluator.prune``
  drops moves that do what another does (a second tunnel, a discard ``done`` also does);
- **transpositions**: positions are looked up by ``Evaluator.key`` (placing two dice in
  either order often leads to the same position, and so do rooms used in either order);
  statistics live on the edges, so a shared node is backed up along the path that reached
  it (UCT with transpositions, update-per-path);
- **tree reuse**: the table survives from one decision to the next, so the subtree under
  the move just played is not searched again from nothing.

The budget is a time or a number of iterations per decision (``budget="0.3s"``,
``"2000it"``). With an iteration budget and a seed, the choices are reproducible.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from soloboard.agents.base import Budget, parse_budget
from soloboard.agents.evaluate import Evaluator, evaluator
from soloboard.agents.solve import sure_win


class _Decision:
    """A decision node: statistics per move (visits, value sum)."""

    __slots__ = ("actions", "n", "w", "prior", "total", "value", "expanded", "scale", "best", "best_q")

    def __init__(self, actions: list[int], value: float) -> None:
        self.actions = actions
        k = len(actions)
        self.n = [0] * k
        self.w = [0.0] * k
        self.prior: list[float] | None = None
        self.total = 0
        self.value = value  # the evaluation of the position (before any search below it)
        self.expanded = False
        self.scale = 1.0  # the spread of the moves' evaluations (``normalize``: exploration in its units)
        # ``backup="max"``: the move with the best estimate and that estimate (what the node passes up)
        self.best = -1
        self.best_q = -math.inf


class _Chance:
    __slots__ = ("total", "w", "value", "outcomes", "counts")

    def __init__(self, value: float) -> None:
        self.total = 0
        self.w = 0.0
        self.value = value
        # ``widening`` only (made on the node's first draw, so the default search allocates nothing): the
        # outcomes sampled so far, and how often each was drawn
        self.outcomes: list[int] | None = None
        self.counts: list[int] | None = None


@dataclass(frozen=True)
class MoveStats:
    """What the search found about one move at the root."""

    action: int
    visits: int
    win: float  # the search's raw estimate of winning after this move (agents/calibration.py makes it a chance)
    prior: float  # the evaluation of the position right after the move


@dataclass(frozen=True)
class SearchResult:
    moves: list[MoveStats]  # best first (most visits, then higher estimate)
    iterations: int
    seconds: float
    value: float  # the root's estimate (the best move's)

    @property
    def best(self) -> int:
        return self.moves[0].action


class MCTSAgent:
    """``make("mcts", budget="0.3s", seed=1)``; options: ``exploration`` (UCT's constant, on
    win probabilities), ``prior_visits`` (weight of a move's evaluation, in visits),
    ``reuse`` (keep the tree between decisions), ``later_visits`` (visits before a position of
    a later round is expanded; 0, the default: never, the tree ends at the next roll),
    ``widening`` and ``widening_power`` (progressive widening at chance nodes, for a search past
    the next roll: at most ceil(widening * visits ** widening_power) outcomes per chance node;
    0, the default: off; on, it expands later rounds after ``later_visits``, 2 if not given), ``backup``
    ("mean", the default: a move's estimate averages the leaf values below it; "max": a decision node passes up
    its best move's estimate, measured in docs/agents.md and not stronger), ``sure_wins`` (True, the default: where
    the game's evaluation says a win may be in reach this round, first look for a move that wins on every roll,
    ``agents/solve.py``, and play it; its estimate is then 1)."""

    name = "mcts"
    # how it plays (agents/base.py; tests/test_agent_revisions.py): 2026-11-29 is the search with sure wins.
    # The evaluations of every game's kit are part of its play: a refit of their weights bumps it too.
    revision = "2026-11-29"

    def __init__(self, budget: str | float | Budget | None = None, seed: Any = None, exploration: float = 0.1,
                 prior_visits: float = 2.0, reuse: bool = True, max_nodes: int = 400_000, normalize: bool = False,
                 min_scale: float = 0.02, later_visits: int = 0, widening: float = 0.0,
                 widening_power: float = 0.5, backup: str = "mean", sure_wins: bool = True) -> None:
        self.budget = parse_budget(budget)
        self.rng = random.Random(seed)
        self.exploration = float(exploration)
        self.prior_visits = float(prior_visits)
        self.reuse = bool(reuse)
        self.max_nodes = int(max_nodes)
        self.normalize = bool(normalize)
        self.min_scale = float(min_scale)
        self.later_visits = max(int(later_visits), 0)
        # progressive widening at chance nodes: at most ceil(widening * visits ** widening_power) distinct
        # outcomes, so a later round's few sampled rolls are reached again and can be searched (0: off)
        self.widening = max(float(widening), 0.0)
        self.widening_power = float(widening_power)
        if self.widening and not self.later_visits:
            self.later_visits = 2
        if backup not in ("mean", "max"):
            raise ValueError(f"backup must be 'mean' or 'max', not {backup!r}")
        # "max": a decision node passes up its best move's estimate instead of the leaf's value
        self.max_backup = backup == "max"
        self.sure_wins = bool(sure_wins)
        self._eval: Evaluator | None = None
        self._game: Any = None
        self._table: dict[Any, Any] = {}
        self._root_stage: Any = None
        self.iterations_done = 0  # over this agent's life: for simulations per second
        self.last_estimate: float | None = None  # the search's raw estimate at its last decision (None: no search)
        self._last_root: tuple[tuple[int, ...], Any] = ((), None)

    def reset(self, seed: Any) -> None:
        self.rng.seed(seed)
        self._table = {}
        self._last_root = ((), None)

    # --- the interface ---------------------------------------------------------------------

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_estimate = None
            return legal[0]
        proven = self._proven(state)
        if proven is not None:
            self.last_estimate = 1.0
            return proven
        result = self._search(state)
        self.last_estimate = result.value
        return result.best

    def search(self, state: Any, budget: str | float | Budget | None = None, focus: tuple[int, ...] = (),
               min_visits: int = 0) -> SearchResult:
        """Search from ``state`` (a decision node) and return every considered root move's statistics.

        ``focus``: root moves that get at least ``min_visits`` visits whatever their value
        (``soloboard review`` measures the move that was played). A move proved to win on every roll
        (``sure_wins``) comes first, with the estimate 1."""
        result = self._search(state, budget, focus, min_visits)
        proven = self._proven(state, [m.action for m in result.moves])
        if proven is None:
            return result
        moves = [dataclasses.replace(m, win=1.0) for m in result.moves if m.action == proven]
        moves += [m for m in result.moves if m.action != proven]
        return dataclasses.replace(result, moves=moves, value=1.0)

    def _proven(self, state: Any, order: list[int] | None = None) -> int | None:
        """A move that wins this round on every roll (``agents/solve.py``), the first in ``order`` if given,
        when the option is on and one is found."""
        return sure_win(state, self._evaluator(state), order=order) if self.sure_wins else None

    def _search(self, state: Any, budget: str | float | Budget | None = None, focus: tuple[int, ...] = (),
                min_visits: int = 0) -> SearchResult:
        if state.is_terminal() or state.is_chance_node():
            raise ValueError("search needs a decision node (not a chance node, not the end of the game)")
        limit = parse_budget(budget) if budget is not None else self.budget
        ev = self._evaluator(state)
        self._root_stage = ev.stage(state) if ev.stage is not None else None
        if not self.reuse or len(self._table) > self.max_nodes:
            self._table = {}
        root_key = self._key(state)
        # without keys only the same position (its history) continues the last tree
        history: tuple[int, ...] = () if root_key is not None else tuple(state.history())
        if root_key is not None:
            root = self._table.get(root_key)
        else:
            root = self._last_root[1] if self.reuse and self._last_root[0] == history else None
        if not isinstance(root, _Decision):
            root = self._new_decision(state, ev)
            if root_key is not None:
                self._table[root_key] = root
            else:
                self._table = {}  # nodes are known by their parent: a new root starts a new tree
                self._last_root = (history, root)
        if not root.expanded:
            self._expand(root, state, ev)
        for action in focus:
            if action not in root.actions:  # a pruned or unlisted move the caller wants measured
                self._add_root_action(root, state, action, ev)
        start = time.perf_counter()
        deadline = start + limit.seconds if limit.seconds is not None else math.inf
        iterations = 0
        wanted = limit.iterations
        while True:
            if wanted is not None:
                if iterations >= wanted:
                    break
            elif iterations & 15 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, state, ev, None)
            iterations += 1
        # the search's own ranking, before any visits forced on the focus moves
        order = {m.action: rank for rank, m in enumerate(self._root_stats(root))}
        for action in focus:
            i = root.actions.index(action)
            while root.n[i] < min_visits:
                self._iterate(root, state, ev, i)
                iterations += 1
        self.iterations_done += iterations
        moves = sorted(self._root_stats(root), key=lambda m: order[m.action])
        return SearchResult(moves, iterations, time.perf_counter() - start,
                            moves[0].win if moves else root.value)

    # --- the search -----------------------------------------------------------------------

    def _path_rng(self) -> random.Random:
        """Where an iteration's chance outcomes come from: the search's own generator (the
        clairvoyant search gives each path the game's future dice instead)."""
        return self.rng

    def _evaluator(self, state: Any) -> Evaluator:
        if self._eval is None or state.game is not self._game:
            self._game = state.game
            self._eval = evaluator(state.game)
            self._table = {}
        return self._eval

    def _key(self, state: Any) -> Any:
        ev = self._eval
        return ev.key(state) if ev is not None and ev.key is not None else None

    def _new_decision(self, state: Any, ev: Evaluator, value: float | None = None) -> _Decision:
        actions = ev.prune(state, state.legal_actions())
        return _Decision(actions, ev.value(state) if value is None else value)

    def _expand(self, node: _Decision, state: Any, ev: Evaluator) -> None:
        """Evaluate every move once (the priors)."""
        children = []
        for action in node.actions:
            child = state.clone()
            child.apply_action(action)
            children.append(child)
        prior = ev.values(children) if ev.values is not None else [ev.value(c) for c in children]
        node.prior = prior
        node.expanded = True
        if self.max_backup and prior:  # only the max backup reads it: the default search's expansions skip it
            node.best_q = max(prior)
            node.best = prior.index(node.best_q)
        if self.normalize and prior:
            node.scale = max(max(prior) - min(prior), self.min_scale)

    def _add_root_action(self, root: _Decision, state: Any, action: int, ev: Evaluator) -> None:
        child = state.clone()
        child.apply_action(action)  # an illegal move raises IllegalActionError here
        root.actions.append(action)
        root.n.append(0)
        root.w.append(0.0)
        if root.prior is not None:
            root.prior.append(ev.value(child))
            if self.max_backup and root.prior[-1] > root.best_q:
                root.best, root.best_q = len(root.actions) - 1, root.prior[-1]

    def _select(self, node: _Decision) -> int:
        n = node.n
        w = node.w
        prior = node.prior
        n0 = self.prior_visits
        c = self.exploration * node.scale * math.sqrt(math.log(node.total + 1))
        best = 0
        best_score = -math.inf
        for i in range(len(n)):
            ni = n[i]
            score = (w[i] + n0 * prior[i]) / (ni + n0) + c / math.sqrt(ni + 1)  # type: ignore[index]
            if score > best_score:
                best, best_score = i, score
        return best

    def _iterate(self, root: _Decision, root_state: Any, ev: Evaluator, forced: int | None) -> None:
        state = root_state.clone()
        table = self._table
        key_fn = ev.key
        rng = self._path_rng()
        sample = getattr(root_state, "sample_chance_outcome", None) and type(root_state).sample_chance_outcome
        stage = ev.stage
        root_stage = self._root_stage
        later = self.later_visits
        widen = self.widening
        power = self.widening_power
        path: list[tuple[Any, int]] = []  # (node, move index or -1 for a chance node)
        node: Any = root
        value: float
        known: float | None = None  # the evaluation of the position the move leads to, when the priors have it
        while True:
            if isinstance(node, _Decision):
                if not node.actions:
                    value = node.value
                    break
                if not node.expanded:
                    if (stage is not None and (not later or node.total < later - 1)
                            and stage(state) != root_stage):
                        # a position of a later round (after the next roll): expanding it would cost an
                        # evaluation per move, and nearly all are reached once or twice (each roll is new);
                        # it was three quarters of the work, for no strength (docs/agents.md): its
                        # evaluation is its value (``later_visits``: expand it after that many visits)
                        node.total += 1
                        value = node.value
                        break
                    self._expand(node, state, ev)
                i = forced if forced is not None and node is root else self._select(node)
                forced = None
                path.append((node, i))
                move = node.actions[i]
                known = node.prior[i]  # type: ignore[index]
            else:
                path.append((node, -1))
                if not widen:
                    move = sample(state, rng) if sample is not None else _sample(state, rng)
                else:
                    move = self._widen(node, state, rng, sample, widen, power)
                known = None
            state.apply_action(move)
            if state.is_terminal():
                value = float(state.returns()[0])
                break
            # without a key from the game, the tree has no transpositions: a node is known by its parent and move
            k = key_fn(state) if key_fn is not None else (id(node), move)
            child = table.get(k)
            if child is None:
                # a new position: its evaluation is the leaf value (no rollout); the priors may know it already
                if state.is_chance_node():
                    child = _Chance(ev.value(state) if known is None else known)
                else:
                    child = self._new_decision(state, ev, known)
                table[k] = child
                value = child.value
                child.total += 1
                if isinstance(child, _Chance):
                    child.w += value
                break
            node = child
        if self.max_backup:
            self._back_up_max(path, value)
            return
        for parent, i in path:
            if i < 0:
                parent.total += 1
                parent.w += value
            else:
                parent.total += 1
                parent.n[i] += 1
                parent.w[i] += value

    def _back_up_max(self, path: list[tuple[Any, int]], value: float) -> None:
        """Back up from the leaf: a chance node averages what reaches it; a decision node's move gets what
        reached it, and the node passes up its best move's estimate (its mean drawn towards its prior, as
        ``_select`` sees it), so a move is not judged by the poor replies its exploration tried."""
        n0 = self.prior_visits
        v = value
        for parent, i in reversed(path):
            parent.total += 1
            if i < 0:
                parent.w += v
                continue
            n, w = parent.n, parent.w
            n[i] += 1
            w[i] += v
            prior = parent.prior
            q = (w[i] + n0 * prior[i]) / (n[i] + n0)
            if q >= parent.best_q:
                parent.best, parent.best_q = i, q
            elif i == parent.best:  # the best move fell: look again at every move
                qs = [(w[j] + n0 * prior[j]) / (n[j] + n0) for j in range(len(n))]
                parent.best_q = max(qs)
                parent.best = qs.index(parent.best_q)
            v = parent.best_q

    @staticmethod
    def _widen(node: _Chance, state: Any, rng: random.Random, sample: Any, widen: float, power: float) -> int:
        """A chance node's outcome under progressive widening: a new sample while the node has fewer
        than ceil(widen * visits ** power) outcomes, else one of its outcomes again, as often as each
        was drawn (the sampled distribution)."""
        outcomes, counts = node.outcomes, node.counts
        if outcomes is None or counts is None:
            outcomes, counts = node.outcomes, node.counts = [], []
        if len(outcomes) >= math.ceil(widen * (node.total + 1) ** power):
            j = rng.choices(range(len(outcomes)), counts)[0]
        else:
            move = sample(state, rng) if sample is not None else _sample(state, rng)
            if move in outcomes:
                j = outcomes.index(move)
            else:
                j = len(outcomes)
                outcomes.append(move)
                counts.append(0)
        counts[j] += 1
        return outcomes[j]

    def _root_stats(self, root: _Decision) -> list[MoveStats]:
        prior = root.prior or [root.value] * len(root.actions)
        out = [MoveStats(action, root.n[i], root.w[i] / root.n[i] if root.n[i] else prior[i], prior[i])
               for i, action in enumerate(root.actions)]
        out.sort(key=lambda m: (-m.visits, -m.win))
        return out


def _sample(state: Any, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
