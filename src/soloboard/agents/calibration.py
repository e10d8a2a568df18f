"""Honest chances of winning: the search's estimate mapped to what actually happens.

The search's value at a decision (``mcts``'s root estimate) ranks moves well but is not a
probability: it is the best of many noisy estimates (so too high where moves look alike)
and the evaluation under it was fitted to other games. A **calibration map** turns it into
one: fitted on the positions of games the agent played itself, it maps an estimate *r* in a
setup (*context*: the threat level, the 9-card edition's level, Monstros's difficulty and
players) and the point of the game it was made at (*s*: the decision's ply, the actions played
so far, over the map's ``ply_scale``, at most 1) to the observed chance of winning,

    p = logistic(a + b ln r - c ln(1 - r) + s (d + e ln r - f ln(1 - r)))

(beta calibration, whose terms may change as the game goes on; one *a* per context, the rest
shared). It can bend an estimate that is too low at one end and too high at the other, and it
learns that one raw estimate means more at the start, where the evaluation is least sure
(it rates the opening 7 % at threats 0 and 1, where the agent wins 92 % and 75 %), than
near the end. For a fixed ply it keeps the search's order of moves (:func:`fit_map` checks
that both slopes stay non-negative, and else leaves terms out: first the slopes' ply terms, then
the beta term whose slope came out negative). A setup refitted on its own games
(``calibrate --refit-in``) has slopes of its own. The map
ships as data in the game's kit (``ufs/data/calibration.json``, ``monstros/data/...``) with
the command, seeds, games and date it came from.

The **interval** beside a chance says how far the observed rate of positions like this one
may be from it: the half-width, per tenth of the probability scale, is the 90th percentile
of the distance between a calibration position's chance and the observed win rate of its
bin (a split-conformal interval). Held-out games measure its coverage; where the map has no
interval (too few games, or coverage outside 88-95 %), none is shown.

The measures (:func:`reliability`, :func:`ece`, :func:`brier`, :func:`coverage`) are what
``soloboard calibrate`` prints and the report draws.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from soloboard.core.lazy import data_text

FORMAT = "soloboard-calibration/2"
FORMATS = ("soloboard-calibration/1", FORMAT)  # /1: no ply terms (d = e = f = 0)
PLY_SCALE = 300.0  # plies at which a game counts as far on (a game of Under Falling Skies runs 100-160)
BINS = 10
LEVEL = 0.9  # the interval's stated coverage
EPS = 1e-4
SLOPE_PLY_TERMS = (4, 5)  # e and f: how the slopes change as the game goes on (d, the level's, is 3)


@dataclass(frozen=True)
class Bin:
    """One bin of the reliability table: predictions in [low, high)."""

    low: float
    high: float
    count: int
    predicted: float  # mean prediction in the bin
    observed: float  # share of those positions whose game was won


def _bin(p: float, bins: int) -> int:
    return min(int(p * bins), bins - 1)


def reliability(predictions: Sequence[float], outcomes: Sequence[float], bins: int = BINS) -> list[Bin]:
    """The reliability table: equal-width bins of the predicted probability, each with how many
    predictions fell in it, their mean and the observed frequency of winning."""
    count = [0] * bins
    psum = [0.0] * bins
    osum = [0.0] * bins
    for p, o in zip(predictions, outcomes, strict=True):
        b = _bin(p, bins)
        count[b] += 1
        psum[b] += p
        osum[b] += o
    return [Bin(b / bins, (b + 1) / bins, count[b], psum[b] / count[b] if count[b] else math.nan,
                osum[b] / count[b] if count[b] else math.nan) for b in range(bins)]


def ece(predictions: Sequence[float], outcomes: Sequence[float], bins: int = BINS) -> float:
    """Expected calibration error: the bins' |mean prediction - observed frequency|, weighted by size."""
    n = len(predictions)
    if not n:
        return math.nan
    return sum(b.count / n * abs(b.predicted - b.observed) for b in reliability(predictions, outcomes, bins)
               if b.count)


def brier(predictions: Sequence[float], outcomes: Sequence[float]) -> float:
    """Mean squared difference between the predicted chance and the outcome (1 won, 0 lost)."""
    if not predictions:
        return math.nan
    return sum((p - o) ** 2 for p, o in zip(predictions, outcomes, strict=True)) / len(predictions)


def base_rate_brier(outcomes: Sequence[float]) -> float:
    """The Brier score of always predicting the observed base rate (what a prediction must beat)."""
    if not outcomes:
        return math.nan
    rate = sum(outcomes) / len(outcomes)
    return rate * (1 - rate)


def coverage(predictions: Sequence[float], lows: Sequence[float], highs: Sequence[float],
             outcomes: Sequence[float], bins: int = BINS) -> float:
    """The share of intervals that contain the observed win rate of their prediction's bin."""
    table = reliability(predictions, outcomes, bins)
    inside = sum(lo - 1e-12 <= table[_bin(p, bins)].observed <= hi + 1e-12
                 for p, lo, hi in zip(predictions, lows, highs, strict=True))
    return inside / len(predictions) if predictions else math.nan


def beta_features(raw: float) -> list[float]:
    r = min(max(raw, EPS), 1 - EPS)
    return [1.0, math.log(r), -math.log(1 - r)]


def map_features(raw: float, ply: float, ply_scale: float) -> list[float]:
    """What a map reads: the beta terms, then the same terms times how far on the game is."""
    one, ln_r, ln_not_r = beta_features(raw)
    s = min(ply / ply_scale, 1.0) if ply_scale > 0 else 0.0
    return [one, ln_r, ln_not_r, s, s * ln_r, s * ln_not_r]


@dataclass(frozen=True)
class CalibrationMap:
    """Raw search estimates to chances of winning, per context; and the interval's half-widths."""

    # context -> (a, b, c) or (a, b, c, d, e, f); "" is every other context
    coefficients: dict[str, tuple[float, ...]]
    halfwidths: tuple[float, ...] | None = None  # per tenth of the chance; None: no honest interval
    level: float = LEVEL
    provenance: dict[str, Any] = field(default_factory=dict)
    ply_scale: float = 0.0  # 0: the map has no ply terms
    # set-ups whose coefficients were fitted on games of an evaluation (or agent) since changed: kept, so that
    # ``calibrate`` can still judge them on new games, but no chance is shown there until they are refitted
    withdrawn: tuple[str, ...] = ()

    def chance(self, raw: float, context: str = "", ply: float | None = None) -> float:
        """The calibrated chance of winning for a raw estimate made at ``ply`` (a finished game's 1
        or 0 stays).

        ``context`` is ``game:setup`` (``ufs:threat=1``); a context the map was not fitted for
        takes the game's own default (``ufs:``), else the map's (``""``). A map with ply terms
        needs the ply (``len(state.history())`` at the decision)."""
        if raw >= 1.0 or raw <= 0.0:
            return 1.0 if raw >= 1.0 else 0.0
        coefficients = self.coefficients
        w = (coefficients.get(context) or coefficients.get(context.partition(":")[0] + ":") or coefficients[""])
        if len(w) > 3 and ply is None:
            raise ValueError("this calibration map reads the ply of the decision: pass ply=len(state.history())")
        f = map_features(raw, ply or 0.0, self.ply_scale)
        z = sum(wi * fi for wi, fi in zip(w, f, strict=False))
        if z < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def interval(self, chance: float) -> tuple[float, float] | None:
        """The interval around a calibrated chance, or None where the map gives no honest one."""
        if self.halfwidths is None:
            return None
        if chance >= 1.0 or chance <= 0.0:
            return chance, chance
        h = self.halfwidths[_bin(chance, len(self.halfwidths))]
        return max(0.0, chance - h), min(1.0, chance + h)

    def to_json(self) -> dict[str, Any]:
        out = {"format": FORMAT, "coefficients": {k: list(v) for k, v in self.coefficients.items()},
               "ply_scale": self.ply_scale,
               "halfwidths": list(self.halfwidths) if self.halfwidths is not None else None,
               "level": self.level, "provenance": self.provenance}
        if self.withdrawn:
            out["withdrawn"] = sorted(self.withdrawn)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CalibrationMap:
        if data.get("format") not in FORMATS:
            raise ValueError(f"not a calibration map of format {FORMAT}: {data.get('format')!r}")
        coefficients = {str(k): tuple(float(x) for x in v) for k, v in data["coefficients"].items()}
        if "" not in coefficients:
            raise ValueError("a calibration map needs its default context \"\"")
        if any(len(v) not in (3, 6) for v in coefficients.values()):
            raise ValueError("a calibration map's context has 3 coefficients (a, b, c) or 6 (with ply terms)")
        widths = data.get("halfwidths")
        withdrawn = data.get("withdrawn", [])
        if not isinstance(withdrawn, list) or any(w not in coefficients for w in withdrawn):
            raise ValueError("a calibration map's 'withdrawn' lists set-ups among its coefficients")
        return cls(coefficients, tuple(float(w) for w in widths) if widths is not None else None,
                   float(data.get("level", LEVEL)), dict(data.get("provenance", {})),
                   float(data.get("ply_scale", 0.0)), tuple(str(w) for w in withdrawn))

    def admitting(self, contexts: Any) -> tuple[str, ...]:
        """The withdrawn set-ups left once ``contexts`` are fitted anew (on the current agent's games)."""
        fitted = set(contexts)
        return tuple(w for w in self.withdrawn if w not in fitted)


IDENTITY = CalibrationMap({"": (0.0, 1.0, 1.0)})  # p = r: what a game without a map shows


@dataclass(frozen=True)
class Calibrator:
    """A game's map with its setup: ``calibrator(game).chance(raw, ply)``."""

    map: CalibrationMap
    context: str

    def chance(self, raw: float, ply: float | None = None) -> float:
        """The chance of winning for the search's raw estimate at a decision of ``ply`` (the
        position's ``len(state.history())``)."""
        return self.map.chance(raw, self.context, ply)

    def interval(self, chance: float) -> tuple[float, float] | None:
        return self.map.interval(chance)

    @property
    def calibrated(self) -> bool:
        """False where no map was fitted for this game: its chances are the search's raw estimates,
        and the front ends say so."""
        return self.map is not IDENTITY


_MAPS: dict[tuple[str, str], CalibrationMap] = {}


def calibrator(game: Any) -> Calibrator:
    """The calibration of ``game``'s chances: its kit's map (:func:`map_file`, in the ``data`` folder
    beside its evaluation) and its setup's context; the identity (not calibrated: no chance is shown) for a
    game without a map or a setup the map was not fitted on."""
    from soloboard.core.lazy import load
    from soloboard.core.registry import kit_of

    try:
        kit = kit_of(game)
    except ValueError:
        return Calibrator(IDENTITY, "")
    if not kit.evaluation:
        return Calibrator(IDENTITY, "")
    module = load(kit.evaluation)
    package = module.__name__.rpartition(".")[0]
    if (package, kit.name) not in _MAPS:
        _MAPS[package, kit.name] = load_map(package, kit.name) or IDENTITY
    setup = module.context(game) if hasattr(module, "context") else ""
    context = f"{kit.name}:{setup}"
    cmap = _MAPS[package, kit.name]
    if context not in cmap.coefficients or context in cmap.withdrawn:
        # a setup whose games the map never saw (another city, the other edition), or saw only as an older
        # evaluation played them (withdrawn): what the search's estimate means there was not measured, so no
        # chance is shown (the map's defaults, fitted on other setups, are for the cross-fit's unseen halves,
        # not for players)
        cmap = IDENTITY
    return Calibrator(cmap, context)


def map_file(game_name: str, package: str) -> str:
    """The file name of a game's map in its evaluation package's ``data`` folder: ``calibration.json``
    for the package's own game (``ufs``, ``monstros``), ``calibration-<game>.json`` for another
    game the package evaluates too (``calibration-ufs-pnp.json``): one map per game, each fitted on
    that game's own runs."""
    return "calibration.json" if package.rpartition(".")[2] == game_name else f"calibration-{game_name}.json"


def load_map(package: str, game_name: str | None = None) -> CalibrationMap | None:
    """The map of ``game_name`` (by default the package's own game) shipped in ``package``'s
    ``data`` folder (:func:`map_file`), or None."""
    name = map_file(game_name or package.rpartition(".")[2], package)
    text = data_text(package, name)
    return CalibrationMap.from_json(json.loads(text)) if text is not None else None


def fit_map(raws: Sequence[float], outcomes: Sequence[float], contexts: Sequence[str],
            groups: Sequence[Any], plies: Sequence[float] | None = None, l2: float = 1e-3,
            ply_scale: float = PLY_SCALE) -> CalibrationMap:
    """Fit a map: the slopes (and, given the decisions' ``plies``, the ply terms) shared by every
    setup and one intercept per setup (so a setup with few games, or none won, still gets its own
    level, held back towards the others by the L2 penalty), a per-game default and a map-wide
    default for setups not seen; then the interval's half-widths, from the same data.

    A map never reverses the search's order of two moves at one ply, so both slopes must stay
    non-negative at every ply. The first of these forms that keeps them so is the map: every term;
    the ply's term of the level alone (*d*; *e* = *f* = 0, so the slopes are the same at every ply);
    that, without the beta term whose slope came out negative; and, with no ply terms, the same
    two (a raw estimate flat over much of the scale gives one slope a negative weight)."""
    if plies is not None:
        cmap = _fit(raws, outcomes, contexts, plies, l2, ply_scale)
        if _all_monotone(cmap):
            return cmap
        cmap = _fit(raws, outcomes, contexts, plies, l2, ply_scale, SLOPE_PLY_TERMS)
        if _all_monotone(cmap):
            return cmap
        cmap = _fit(raws, outcomes, contexts, plies, l2, ply_scale, (_negative_slope(cmap), *SLOPE_PLY_TERMS))
        if _all_monotone(cmap):
            return cmap
    cmap = _fit(raws, outcomes, contexts, None, l2, 0.0)
    if _all_monotone(cmap):
        return cmap
    return _fit(raws, outcomes, contexts, None, l2, 0.0, (_negative_slope(cmap),))


def _all_monotone(cmap: CalibrationMap) -> bool:
    return all(_monotone(w) for w in cmap.coefficients.values())


def _negative_slope(cmap: CalibrationMap) -> int:
    """The beta term to leave out: 1 (ln r) if its slope came out negative in some setup, else 2."""
    return 1 if any(w[1] < 0 for w in cmap.coefficients.values()) else 2


def extend_map(cmap: CalibrationMap, raws: Sequence[float], outcomes: Sequence[float], contexts: Sequence[str],
               plies: Sequence[float], l2: float = 1e-3) -> CalibrationMap:
    """``cmap`` with one intercept for every setup of ``contexts`` it lacks, its slopes (and every other
    coefficient) kept: the map's own form, shared slopes and one intercept per setup, grown by setups
    whose games are new when the games it was fitted on are not at hand.

    Each new intercept is fitted on its setup's decisions with the game's slopes fixed, held towards the
    mean of the game's fitted intercepts by the same L2 penalty as :func:`fit_map` (so a setup whose games
    were all lost still gets a finite level)."""
    coefficients = dict(cmap.coefficients)
    for context in sorted(set(contexts)):
        if context in coefficients:
            continue
        game = context.partition(":")[0]
        siblings = [w for k, w in cmap.coefficients.items() if k.partition(":")[0] == game and k != f"{game}:"]
        if not siblings:
            raise ValueError(f"the map has no setup of {game!r} whose slopes a new one could share: fit a map")
        # the slopes most setups share (a setup refitted on its own games, ``calibrate --refit-in``, has its own);
        # once every setup has its own, the game's default's (fitted on all its setups' decisions), which is
        # also what a setup without an entry is read with
        slopes, sharing = Counter(w[1:] for w in siblings).most_common(1)[0]
        if sharing < 2 and f"{game}:" in cmap.coefficients:
            slopes = cmap.coefficients[f"{game}:"][1:]
        anchor = sum(w[0] for w in siblings) / len(siblings)
        idx = [i for i, c in enumerate(contexts) if c == context]
        offsets = []
        for i in idx:
            f = map_features(raws[i], plies[i], cmap.ply_scale) if len(slopes) == 5 else beta_features(raws[i])
            offsets.append(sum(w * x for w, x in zip(slopes, f[1:], strict=False)))
        coefficients[context] = (_intercept(offsets, [outcomes[i] for i in idx], anchor, l2 * len(idx)),
                                 *slopes)
    return CalibrationMap(coefficients, cmap.halfwidths, cmap.level, cmap.provenance, cmap.ply_scale, cmap.withdrawn)


def _intercept(offsets: Sequence[float], outcomes: Sequence[float], anchor: float, penalty: float) -> float:
    """The a of logistic(a + offset) that fits ``outcomes``, with ``penalty`` (a - anchor)^2 / 2 (Newton)."""
    a = anchor
    for _ in range(100):
        grad = penalty * (a - anchor)
        hess = penalty + 1e-9
        for o, y in zip(offsets, outcomes, strict=True):
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a + o))))
            grad += p - y
            hess += p * (1.0 - p)
        step = grad / hess
        a -= max(-5.0, min(5.0, step))
        if abs(step) < 1e-9:
            break
    return a


def _monotone(w: tuple[float, ...]) -> bool:
    """Both slopes non-negative, and not both zero, at the start (s = 0) and at the end (s = 1) of a
    game, hence everywhere: the chance then rises with the raw estimate."""
    b, c = w[1], w[2]
    d_b, d_c = (w[4], w[5]) if len(w) > 3 else (0.0, 0.0)
    return min(b, c, b + d_b, c + d_c) >= 0 and b + c > 0 and b + d_b + c + d_c > 0


def _fit(raws: Sequence[float], outcomes: Sequence[float], contexts: Sequence[str],
         plies: Sequence[float] | None, l2: float, ply_scale: float, drop: tuple[int, ...] = ()) -> CalibrationMap:
    """The fit itself; ``drop``: terms left out, their coefficients 0 (1: ln r, 2: -ln(1 - r); with plies,
    4 and 5: the slopes' ply terms)."""
    from soloboard.agents.fit import fit

    width = 6 if plies is not None else 3

    def row(i: int) -> list[float]:
        out = map_features(raws[i], plies[i], ply_scale)[:width] if plies is not None else beta_features(raws[i])
        for k in drop:
            out[k] = 0.0  # a column of zeros: the penalty holds its weight at 0
        return out

    def pooled(idx: list[int]) -> tuple[float, ...]:
        return tuple(fit([row(i) for i in idx], [outcomes[i] for i in idx], l2=1e-4))

    everything = list(range(len(raws)))
    coefficients = {"": pooled(everything)}
    for game in sorted({c.partition(":")[0] for c in contexts}):  # each game's own default
        idx = [i for i in everything if contexts[i].partition(":")[0] == game]
        if len({outcomes[i] for i in idx}) == 2:
            coefficients[f"{game}:"] = pooled(idx)
    names = sorted(set(contexts))
    if len(names) > 1 and len(set(outcomes)) == 2:
        column = {c: k for k, c in enumerate(names)}
        rows = []
        for i in everything:
            one_hot = [0.0] * len(names)
            one_hot[column[contexts[i]]] = 1.0
            rows.append([*row(i), *one_hot[1:]])  # the first setup is the reference level
        w = fit(rows, list(outcomes), l2=l2)
        for c, k in column.items():
            coefficients[c] = (w[0] + (w[width + k - 1] if k else 0.0), *w[1:width])
    elif names and len(set(outcomes)) == 2:
        coefficients[names[0]] = pooled(everything)
    cmap = CalibrationMap(coefficients, ply_scale=ply_scale)
    chances = [cmap.chance(raws[i], contexts[i], plies[i] if plies is not None else None) for i in everything]
    return CalibrationMap(coefficients, halfwidths(chances, outcomes), ply_scale=ply_scale)


def halfwidths(chances: Sequence[float], outcomes: Sequence[float], level: float = LEVEL,
               bins: int = BINS) -> tuple[float, ...]:
    """Per bin of the chance, the ``level`` quantile of |chance - the bin's observed win rate|."""
    table = reliability(chances, outcomes, bins)
    distances: list[list[float]] = [[] for _ in range(bins)]
    for p in chances:
        b = _bin(p, bins)
        distances[b].append(abs(p - table[b].observed))
    out = []
    for d in distances:
        if not d:
            out.append(1.0 / bins)
            continue
        d.sort()
        out.append(d[min(math.ceil(level * len(d)) - 1, len(d) - 1)])
    return tuple(out)
