"""``soloboard calibrate GAME``: do the chances of winning the agent shows mean what they say?

::

    soloboard calibrate ufs --threats 0-4 --games 100 --seed 7
    soloboard calibrate monstros --players 1 --difficulties iniciante,epico --games 100

The agent (``mcts`` at the hint's budget unless told otherwise) plays seeded games of every
setup, each kept in the store with its estimate at every decision (``games.estimates``;
the same command resumes, a larger ``--games`` adds games). Each estimate is mapped by the
game's shipped calibration (``agents/calibration.py``) to the chance a hint would show,
and compared with how the game ended: the reliability table (10 equal-width bins), the
expected calibration error, the Brier score beside the base rate's, and the coverage of
the stated interval. Use seeds that the map was not fitted on (its ``provenance`` lists
them): the figures are then honest.

``--fit FILE`` fits a new map on these games instead and writes it (the kit's
``data/calibration.json``, or ``data/calibration-ufs-pnp.json`` for the 9-card edition, whose
evaluation is the boxed game's: ``agents.calibration.map_file``; for a maintainer; then check it
on other seeds).
``--also "--players 3 --difficulties iniciante"`` adds the set-ups of other options (repeatable; with
its own ``--games N`` if wanted), so one map can cover set-ups that are not one full grid (solo at five
difficulties, three seats at one; 100 games a threat at one city side, 16 at the others).
``--add-to FILE`` grows the map in FILE by the set-ups of these games that it lacks: their intercepts
are fitted with the map's slopes kept (the map's form: shared slopes, one intercept per set-up; the game's
default's slopes once every set-up has its own), so a
new set-up needs only its own games, and each is judged first on games its intercept did not see.
``--refit-in FILE`` fits set-ups the map in FILE already covers anew, each on its own games alone (its
own slopes, level and ply terms, in :func:`agents.calibration.fit_map`'s form), the map's other set-ups kept:
a set-up whose shared slopes fit it badly gets its own when the games of the others are not at hand. Each
is judged first on games its new coefficients did not see, beside the map's old figures on the same games.
With ``--pool`` the set-up's decisions kept beside the map from games of other seeds join these games in the
refit (a set-up whose win rate moves between samples of 100 games is fitted on more of them); without it
they are replaced by these games'.
All three write the decisions they fitted on beside the map (``calibration.rows.json.gz``), and a later
``--fit`` reads back those of set-ups it does not play, so a refit needs no replay; ``--fit`` refuses
to drop a set-up whose games it has neither way.
``--cross-fit`` measures the fitting itself without other games: each game's chances come
from a map fitted on the other half of the games (even against odd index), so no game is
judged by a map that saw it.
``--by-seed FILE`` judges the chances on seeds no fit saw, with every game there is: each set-up's
games of each seed (these games and those kept beside the map in FILE) are judged by the set-up
refitted as ``--refit-in --pool`` refits it, on its games of the other seeds only. A single seed's
sample moves the win rate (50 games: about ±13 points), so a check on one new seed measures that
sample as much as the map; pooled over every held-out seed the figures measure the map. Nothing is
written.
``--map FILE`` judges these games by the map in FILE instead of the shipped one (a copy being refitted,
judged on a seed it never saw, before it lands); a set-up the map has no entry for is refused before
any game is played. Nothing is written.
"""

from __future__ import annotations

import datetime
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from soloboard.agents import calibration as C
from soloboard.agents.analysis import HINT_BUDGET
from soloboard.agents.base import parse_budget
from soloboard.agents.simulate import AgentSpec
from soloboard.cli.report import Interrupted, check_counts, play_series, setups
from soloboard.core.registry import load_game
from soloboard.core.store import Store

COVERAGE_LOW, COVERAGE_HIGH = 0.88, 0.95  # what a "90 % interval" must reach to be shown


def collect(db: Store, series: list[Any], games: int) -> list[dict[str, Any]]:
    """One row per decision the agent searched: its raw estimate, the outcome, the setup, the game."""
    rows = []
    for setup, _spec, s in series:
        cal = C.calibrator(load_game(setup.game, **setup.params))
        for index, won, estimates in db.series_estimates(s.series_id, games):
            for ply, raw in estimates:
                rows.append({"setup": setup.label, "context": cal.context, "raw": float(raw), "ply": int(ply),
                             "chance": cal.chance(float(raw), int(ply)), "won": 1.0 if won else 0.0,
                             "game": (s.series_id, index), "seed": str(s.seed)})
    return rows


def cross_fitted(rows: list[dict[str, Any]],
                 fit: Callable[[list[dict[str, Any]]], C.CalibrationMap] | None = None,
                 need_both: bool = True) -> list[dict[str, Any]]:
    """``rows`` with each chance (and interval) from a map fitted (by ``fit``, a new map by default) on
    the other half of the games."""
    fit = fit or _fit_rows
    out = []
    for half in (0, 1):
        train = [r for r in rows if r["game"][1] % 2 != half]
        test = [r for r in rows if r["game"][1] % 2 == half]
        if not train or not test:
            raise ValueError("judging a map on games it did not see needs both even and odd games (--games 2 or more)")
        if need_both and len({r["won"] for r in train}) < 2:
            raise ValueError("--cross-fit needs won and lost games among both the even and the odd games")
        cmap = fit(train)
        for r in test:
            chance = cmap.chance(r["raw"], r["context"], r["ply"])
            out.append({**r, "chance": chance, "interval": cmap.interval(chance)})
    return out


def _fit_rows(rows: list[dict[str, Any]]) -> C.CalibrationMap:
    return C.fit_map([r["raw"] for r in rows], [r["won"] for r in rows], [r["context"] for r in rows],
                     [r["game"] for r in rows], [r["ply"] for r in rows])


def figures(rows: list[dict[str, Any]], cmap: C.CalibrationMap) -> dict[str, Any]:
    """The measures of a set of decisions: ECE, Brier, the base rate's Brier, coverage, the table
    (a row's own ``interval`` where it has one, else the map's)."""
    p = [r["chance"] for r in rows]
    y = [r["won"] for r in rows]
    out: dict[str, Any] = {
        "decisions": len(rows), "games": len({r["game"] for r in rows}),
        "won": sum(1 for g in {r["game"]: r["won"] for r in rows}.values() if g),
        "ece": C.ece(p, y), "brier": C.brier(p, y), "base_brier": C.base_rate_brier(y),
        "table": C.reliability(p, y), "coverage": None,
    }
    if rows and ("interval" in rows[0] or cmap.halfwidths is not None):
        intervals = [r["interval"] if "interval" in r else cmap.interval(r["chance"]) for r in rows]
        if all(i is None for i in intervals):
            return out  # no interval at all (a map without one): no coverage to state
        out["coverage"] = C.coverage(p, [i[0] if i else x for i, x in zip(intervals, p, strict=True)],
                                     [i[1] if i else x for i, x in zip(intervals, p, strict=True)], y)
    return out


def print_figures(console: Console, title: str, f: dict[str, Any], level: float) -> None:
    table = Table(title=title, show_edge=False, pad_edge=False, title_justify="left")
    for name in ("chance shown", "decisions", "mean shown", "won"):
        table.add_column(name, justify="right")
    for b in f["table"]:
        if b.count:
            table.add_row(f"{b.low:.0%}-{b.high:.0%}", str(b.count), f"{b.predicted:.1%}", f"{b.observed:.1%}")
    console.print(table)
    coverage = (f"coverage of the {level:.0%} interval {f['coverage']:.1%}" if f["coverage"] is not None
                else "no interval shown")
    console.print(f"  {f['games']} games ({f['won']} won), {f['decisions']} decisions: ECE {f['ece']:.3f}, "
                  f"Brier {f['brier']:.3f} (base rate {f['base_brier']:.3f}), {coverage}")


def run_calibrate(game: str, *, agent: str = "mcts", budget: str | None = None, games: int = 100, seed: int = 7,
                  jobs: int | None = None, ray: str | None = None, store: str | None = None,
                  fit: str | None = None, add_to: str | None = None, refit_in: str | None = None,
                  pool: bool = False, cross_fit: bool = False, by_seed: str | None = None, judge: str | None = None,
                  withdraw: str | None = None, why: str | None = None, command: str = "",
                  console: Console | None = None, also: list[dict[str, Any]] | None = None,
                  **setup_options: Any) -> int:
    console = console or Console(highlight=False)
    if withdraw or why:
        if not (withdraw and why):
            raise ValueError("--withdraw-from FILE and --why TEXT go together: which map, and what changed")
        if any((fit, add_to, refit_in, by_seed, cross_fit, judge, pool, also)):
            raise ValueError("--withdraw-from plays no games: give it without --fit, --add-to, --refit-in, --pool, "
                             "--by-seed, --cross-fit, --map or --also")
        return _withdraw(game, withdraw, why, command, console, setup_options)
    jobs = check_counts(games, jobs)
    if sum(bool(x) for x in (fit, add_to, refit_in, by_seed, cross_fit, judge)) > 1:
        raise ValueError("--fit fits a new map, --add-to grows one, --refit-in refits some of its set-ups, --by-seed, "
                         "--cross-fit and --map judge one: give one of them")
    if pool and not refit_in:
        raise ValueError("--pool pools the decisions kept beside a map with these games in a refit: give --refit-in")
    # the map written to (or judged) and the decisions kept beside it, read once: a missing or damaged one is
    # refused before hours of games, not after
    target = fit or add_to or refit_in or by_seed or judge
    old = _existing_map(target) if target else None
    kept = load_rows(rows_file(target)) if target and not judge else []
    for option, path in (("--add-to", add_to), ("--refit-in", refit_in), ("--by-seed", by_seed), ("--map", judge)):
        if path and old is None:
            raise ValueError(f"{option} {path}: no such map (fit one with --fit)")
    budget = budget or HINT_BUDGET
    parse_budget(budget)
    spec = AgentSpec(agent, budget)
    spec.make()
    # the set-ups, each group with its games: the options', then every --also's new ones (a map over
    # set-ups that are not one full grid; a set-up already given keeps its first group's games)
    groups = [(setups(game, **setup_options), games)]
    for options in also or []:
        own = dict(options)
        count = own.pop("games", None)
        count = games if count is None else count
        if count < 1:
            raise ValueError("--also: --games must be at least 1")
        known = {s.label for group, _ in groups for s in group}
        extra = [s for s in setups(game, **own) if s.label not in known]
        if extra:
            groups.append((extra, count))
    plan = [s for group, _ in groups for s in group]
    if judge and old is not None:
        # refused before the games: a set-up the map has no entry for would be judged by its defaults, which
        # no player is ever shown
        contexts = {C.calibrator(load_game(s.game, **s.params)).context: s.label for s in plan}
        missing = [label for context, label in contexts.items() if context not in old.coefficients]
        if missing:
            raise ValueError(f"--map {judge}: no entry for {', '.join(missing)}")
    with Store(store) as db, db.run(command or f"soloboard calibrate {game}") as run:
        rows, played = [], 0
        try:
            for group, count in groups:
                series, now, _ = play_series(db, group, [spec], count, seed, jobs, ray, console)
                played += now
                rows += collect(db, series, count)
        except Interrupted as stop:
            run["games"] = played + stop.played
            return 130
        run["games"] = played
    if not rows:
        console.print("no decision with an estimate in these games (an agent that does not estimate?)")
        return 1
    if fit:
        return _fit(rows, fit, old, kept, command, seed, console)
    if add_to and old is not None:
        return _add(rows, add_to, old, kept, command, seed, console)
    if refit_in and old is not None:
        return _refit(rows, refit_in, old, kept, command, seed, console, pool=pool)
    if by_seed:
        return _by_seed(rows, by_seed, kept, spec.label, console)
    cmap = C.calibrator(load_game(plan[0].game, **plan[0].params)).map
    if judge and old is not None:
        cmap = old
        rows = [{**r, "chance": cmap.chance(r["raw"], r["context"], r["ply"])} for r in rows]
        console.print(f"{spec.label}, seed {seed}: the chances of the map in {judge} against the outcomes")
    elif cross_fit:
        rows = cross_fitted(rows)
        cmap = C.IDENTITY  # every row carries its own chance and interval
        console.print(f"{spec.label}, seed {seed}: each game's chances from a map fitted on the other half of the "
                      "games, against the outcomes")
    else:
        console.print(f"{spec.label}, seed {seed}: the chances a hint shows (the shipped calibration"
                      f"{'' if cmap is not C.IDENTITY else ': none, so the raw estimates'}) against the outcomes")
    summary = []
    for setup in plan:
        mine = [r for r in rows if r["setup"] == setup.label]
        if mine:
            found = figures(mine, cmap)
            print_figures(console, setup.label, found, cmap.level)
            summary.append((setup.label, found))
    if len(plan) > 1:
        found = figures(rows, cmap)
        print_figures(console, "every setup", found, cmap.level)
        summary.append(("every setup", found))
        console.print(summary_table(summary, cmap.level))
    return 0


def _kept_of_other_seeds(mine: list[dict[str, Any]], kept: list[dict[str, Any]],
                         context: str) -> list[dict[str, Any]]:
    """The decisions of ``context`` kept beside the map from games of seeds that ``mine`` has none of: a seed's
    kept games are its games again (perhaps fewer), so these games replace them."""
    seeds = {r["seed"] for r in mine}
    return [r for r in kept if r["context"] == context and r["seed"] not in seeds]


def held_out_by_seed(rows: list[dict[str, Any]], kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each set-up's decisions of every seed (``rows``, and those of other seeds in ``kept``), each with the
    chance of the set-up refitted on its decisions of the other seeds alone (``--refit-in --pool``'s fit)."""
    out: list[dict[str, Any]] = []
    for context in sorted({r["context"] for r in rows}):
        mine = [r for r in rows if r["context"] == context]
        mine += _kept_of_other_seeds(mine, kept, context)
        setup, seeds = mine[0]["setup"], sorted({r["seed"] for r in mine})
        if len(seeds) < 2:
            raise ValueError(f"{setup}: judging it seed by seed needs games of two seeds or more, these games' and "
                             f"those kept beside the map; it has seed {seeds[0]} only")
        for seed in seeds:
            train = [r for r in mine if r["seed"] != seed]
            if len({r["won"] for r in train}) < 2:
                raise ValueError(f"{setup}: its games of the seeds other than {seed} are all won or all lost; "
                                 "no map can be fitted on them")
            cmap = _fit_rows(train)
            out += [{**r, "chance": cmap.chance(r["raw"], context, r["ply"])} for r in mine if r["seed"] == seed]
    return out


def _by_seed(rows: list[dict[str, Any]], path: str, kept: list[dict[str, Any]], agent: str, console: Console) -> int:
    """``--by-seed FILE``: the figures of :func:`held_out_by_seed`, per set-up and per seed; nothing written."""
    held = held_out_by_seed(rows, kept)
    console.print(f"{agent}: each seed's games judged by the set-up refitted (as --refit-in --pool) on its games of "
                  f"the other seeds, these games and those kept beside {path}")
    summary = []
    for setup in dict.fromkeys(r["setup"] for r in held):
        mine = [r for r in held if r["setup"] == setup]
        found = figures(mine, C.IDENTITY)
        print_figures(console, f"{setup}, every seed held out in turn", found, C.LEVEL)
        summary += [*((f"{setup}, seed {seed}", f) for seed, f in _per_seed(mine).items()),
                    (f"{setup}, every seed", found)]
    console.print(summary_table(summary, C.LEVEL))
    return 0


def summary_table(summary: list[tuple[str, dict[str, Any]]], level: float) -> Table:
    """One line per setup: what docs/agents.md quotes."""
    table = Table(title="summary", show_edge=False, pad_edge=False, title_justify="left")
    for name in ("setup", "games", "won", "decisions", "ECE", "Brier", "base rate Brier", f"{level:.0%} coverage"):
        table.add_column(name, justify="right")
    for label, f in summary:
        table.add_row(label, str(f["games"]), str(f["won"]), str(f["decisions"]), f"{f['ece']:.3f}",
                      f"{f['brier']:.3f}", f"{f['base_brier']:.3f}",
                      f"{f['coverage']:.1%}" if f["coverage"] is not None else "-")
    return table


ROWS_FORMAT = "soloboard-calibration-rows/1"
ROW_COLUMNS = ("setup", "context", "seed", "game", "ply", "raw", "won")


def rows_file(path: str | Path) -> Path:
    """Where a map's fitting decisions are kept, beside it: ``calibration.json`` ->
    ``calibration.rows.json.gz`` (in the source tree, not in the wheel: for refits, not for play)."""
    p = Path(path)
    return p.with_name(f"{p.stem}.rows.json.gz")


def save_rows(rows: list[dict[str, Any]], path: Path) -> None:
    """Write the decisions a map was fitted on (its setup, seed and game number, ply, raw estimate, outcome)."""
    table = [[r["setup"], r["context"], r["seed"], r["game"][1], r["ply"], round(r["raw"], 6), int(r["won"])]
             for r in rows]
    data = {"format": ROWS_FORMAT, "columns": list(ROW_COLUMNS), "rows": table}
    path.write_bytes(gzip.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), mtime=0))


def load_rows(path: Path) -> list[dict[str, Any]]:
    """The decisions kept beside a map (none if there is no file); a damaged file is refused by name."""
    if not path.exists():
        return []
    try:
        data = json.loads(gzip.decompress(path.read_bytes()))
        if data.get("format") != ROWS_FORMAT or data.get("columns") != list(ROW_COLUMNS):
            raise ValueError(f"not {ROWS_FORMAT}")
        out = []
        for setup, context, seed, game, ply, raw, won in data["rows"]:
            out.append({"setup": str(setup), "context": str(context), "seed": str(seed),
                        "game": (f"{setup}@{seed}", int(game)), "ply": int(ply), "raw": float(raw),
                        "chance": float(raw), "won": 1.0 if won else 0.0})
        return out
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError, gzip.BadGzipFile) as exc:
        raise ValueError(f"{path}: not a file of a map's fitting decisions ({exc})") from None


def _existing_map(path: str) -> C.CalibrationMap | None:
    p = Path(path)
    if not p.exists():
        return None
    try:
        return C.CalibrationMap.from_json(json.loads(p.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path}: not a calibration map ({exc})") from None


def _setups_of(cmap: C.CalibrationMap) -> set[str]:
    """A map's setups, without its defaults (``""``, ``ufs:``)."""
    return {k for k in cmap.coefficients if k and not k.endswith(":")}


def _held_out_figures(held_out: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {setup: figures([r for r in held_out if r["setup"] == setup], C.IDENTITY)
            for setup in dict.fromkeys(r["setup"] for r in held_out)}


def _honest(coverage: dict[str, float | None]) -> bool:
    return bool(coverage) and all(c is not None and COVERAGE_LOW <= c <= COVERAGE_HIGH for c in coverage.values())


def _write(cmap: C.CalibrationMap, rows: list[dict[str, Any]], path: str) -> None:
    """The map, and beside it every decision it was fitted on."""
    Path(path).write_text(json.dumps(cmap.to_json(), indent=1) + "\n", encoding="utf-8")
    save_rows(rows, rows_file(path))


def _fit(rows: list[dict[str, Any]], path: str, old: C.CalibrationMap | None, shipped: list[dict[str, Any]],
         command: str, seed: int, console: Console) -> int:
    # the setups this run did not play keep the decisions shipped beside the map: a refit needs no replay
    played = {r["context"] for r in rows}
    kept = [r for r in shipped if r["context"] not in played]
    rows = rows + kept
    lost = sorted(_setups_of(old) - {r["context"] for r in rows}) if old is not None else []
    if lost:
        raise ValueError(f"{path} covers set-ups whose games are neither in these games nor in {rows_file(path).name}: "
                         f"{', '.join(lost)}; play them too (--also), add the new set-ups with --add-to, or remove "
                         f"{path} to fit a map without them")
    cmap = _fit_rows(rows)
    # the interval is kept only if, judged on games its map did not see (cross-fitting), its coverage
    # held in every setup: otherwise no interval is shown at all
    try:
        held_out = cross_fitted(rows)
    except ValueError:
        held_out = []  # too few games to judge the interval on unseen ones: none is kept
    coverage = {k: f["coverage"] for k, f in _held_out_figures(held_out).items()}
    honest = _honest(coverage)
    provenance = {"command": command, "seed": seed, "games": len({r["game"] for r in rows}),
                  "decisions": len(rows), "date": datetime.date.today().isoformat(),
                  "contexts": sorted(k for k in cmap.coefficients if k),
                  "interval_coverage_cross_fitted": {k: round(v, 3) if v is not None else None
                                                     for k, v in coverage.items()},
                  "rows": rows_file(path).name}
    if kept:
        provenance["contexts_from_rows"] = sorted({r["context"] for r in kept})
    # a withdrawn set-up stays withdrawn unless these games played it: its kept decisions are an older agent's
    withdrawn = old.admitting(played) if old is not None else ()
    fitted = C.CalibrationMap(cmap.coefficients, cmap.halfwidths if honest else None, cmap.level, provenance,
                              cmap.ply_scale, withdrawn)
    _write(fitted, rows, path)
    console.print(f"calibration map fitted on {provenance['games']} games ({len(rows)} decisions) written to {path}, "
                  f"its decisions to {rows_file(path).name}; check it with other seeds")
    if not honest:
        console.print(f"no interval: its coverage on games the map did not see was outside "
                      f"{COVERAGE_LOW:.0%}-{COVERAGE_HIGH:.0%} in some setup "
                      f"({', '.join(f'{k} {v:.0%}' for k, v in coverage.items() if v is not None)})")
    return 0


def _add(rows: list[dict[str, Any]], path: str, base: C.CalibrationMap, shipped: list[dict[str, Any]],
         command: str, seed: int, console: Console) -> int:
    """``--add-to FILE``: the map in FILE (``base``) grown by these games' set-ups, its slopes and other
    set-ups kept (:func:`agents.calibration.extend_map`), each new set-up judged on games its intercept did
    not see; ``shipped``: the decisions already kept beside it."""
    known = sorted({r["context"] for r in rows} & set(base.coefficients))
    if known:
        raise ValueError(f"{path} already covers {', '.join(known)}: refit them with --refit-in (or the map with "
                         "--fit), or leave those set-ups out")

    def grow(train: list[dict[str, Any]]) -> C.CalibrationMap:
        return C.extend_map(base, [r["raw"] for r in train], [r["won"] for r in train],
                            [r["context"] for r in train], [r["ply"] for r in train])

    held_out = cross_fitted(rows, grow, need_both=False)  # a set-up never won still gets a level
    found = _held_out_figures(held_out)
    console.print("each new set-up's chances from an intercept fitted on the other half of its games, the map's "
                  "slopes kept, against the outcomes")
    for setup, f in found.items():
        print_figures(console, setup, f, base.level)
    console.print(summary_table(list(found.items()), base.level))
    grown = grow(rows)
    new = sorted(set(grown.coefficients) - set(base.coefficients))
    _amend(base, path, "added", grown.coefficients, base.ply_scale, list(found.items()), shipped, rows, new,
           command, seed, console)
    return 0


def _refit(rows: list[dict[str, Any]], path: str, base: C.CalibrationMap, shipped: list[dict[str, Any]],
           command: str, seed: int, console: Console, pool: bool = False) -> int:
    """``--refit-in FILE``: these games' set-ups, which the map in FILE (``base``) covers, fitted anew each
    on its own games (its own slopes: :func:`agents.calibration.fit_map` on one set-up), judged first on games
    the new coefficients did not see beside the old map's figures; the other set-ups and their decisions kept.
    ``pool``: a set-up's decisions kept beside the map (``shipped``) from games of other seeds than these
    join the refit (and stay kept); otherwise these games' decisions replace them."""
    contexts = sorted({r["context"] for r in rows})
    unknown = [c for c in contexts if c not in base.coefficients]
    if unknown:
        raise ValueError(f"{path} does not cover {', '.join(unknown)}: add them with --add-to, or leave them out")

    refitted: dict[str, tuple[float, ...]] = {}
    scales = {base.ply_scale} - {0.0}
    judged: list[tuple[str, dict[str, Any]]] = []
    by_seed: dict[str, dict[str, Any]] = {}
    fitted_on: list[dict[str, Any]] = []
    for context in contexts:
        mine = [r for r in rows if r["context"] == context]
        setup = mine[0]["setup"]
        if pool and context in base.withdrawn:
            raise ValueError(f"{setup} is withdrawn from {path}: the decisions kept beside it are an older "
                             f"evaluation's games; refit it on these games alone (without --pool)")
        if pool:
            seeds = {r["seed"] for r in mine}
            earlier = _kept_of_other_seeds(mine, shipped, context)
            console.print(f"{setup}: {len({r['game'] for r in mine})} games of seed {', '.join(sorted(seeds))} "
                          f"pooled with {len({r['game'] for r in earlier})} kept beside the map"
                          + (f" (seed {', '.join(sorted({r['seed'] for r in earlier}))})" if earlier else ""))
            mine += earlier
        for half in (0, 1):
            if len({r["won"] for r in mine if r["game"][1] % 2 == half}) < 2:
                raise ValueError(f"{setup}: refitting it needs won and lost games among both its even and its odd "
                                 f"games (more --games); {path} is unchanged")
        held_out = cross_fitted(mine)  # one set-up's rows: a map of its own
        found = figures(held_out, C.IDENTITY)
        before = figures([{**r, "chance": base.chance(r["raw"], context, r["ply"])} for r in mine], base)
        games = "these games and the kept ones" if pool else "these games"
        console.print(f"{setup}: the map in {path} on {games}: ECE {before['ece']:.3f}, "
                      f"Brier {before['brier']:.3f}; its own coefficients, judged on the half of the games each "
                      f"fit did not see: "
                      f"ECE {found['ece']:.3f}, Brier {found['brier']:.3f} (base rate {found['base_brier']:.3f})")
        judged.append((setup, found))
        held = None
        if len({r["seed"] for r in mine}) > 1:  # pooled over seeds: each seed judged by a fit on the others too
            try:
                held = by_seed[setup] = _seed_figures(held_out_by_seed(mine, []))
            except ValueError as exc:
                console.print(f"{setup}: not judged seed by seed ({exc})")
        if held is not None:
            console.print(f"{setup}: each seed judged by a fit on the other seeds' games: ECE "
                          + ", ".join(f"{k} {v['ece']:.3f}" for k, v in held["seeds"].items())
                          + f"; every held-out seed pooled: ECE {held['ece']:.3f}, "
                          f"Brier {held['brier']:.3f} (base rate {held['base_brier']:.3f})")
        fitted = _fit_rows(mine)
        refitted[context] = fitted.coefficients[context]
        fitted_on += mine
        if len(refitted[context]) > 3:
            scales.add(fitted.ply_scale)
    if len(scales) > 1:
        raise ValueError(f"{path} reads the ply on a scale of {base.ply_scale:g}, the new fit on another: refit the "
                         "map with --fit")
    console.print(summary_table(judged, base.level))
    _amend(base, path, "refitted", {**base.coefficients, **refitted}, scales.pop() if scales else 0.0, judged,
           [r for r in shipped if r["context"] not in refitted], fitted_on, contexts, command, seed, console,
           by_seed=by_seed)
    return 0


def _withdraw(game: str, path: str, why: str, command: str, console: Console,
              setup_options: dict[str, Any]) -> int:
    """Mark the set-ups of ``setup_options`` withdrawn in the map in ``path``: their coefficients and kept
    decisions stay (``--map`` still judges them), but no chance is shown for them until ``--refit-in`` fits
    them on the current agent's games. The provenance says when, why and by which command."""
    old = _existing_map(path)
    if old is None:
        raise ValueError(f"--withdraw-from {path}: no such map")
    plan = setups(game, **setup_options)
    # calibrator() names a set-up's context whether or not the map shows a chance there (as --map's check does)
    contexts = sorted({C.calibrator(load_game(s.game, **s.params)).context for s in plan})
    missing = [c for c in contexts if c not in old.coefficients]
    if missing:
        raise ValueError(f"{path} has no entry for {', '.join(missing)}: nothing to withdraw; {path} is unchanged")
    entry = {"command": command, "date": datetime.date.today().isoformat(), "contexts": contexts, "why": why}
    provenance = {**old.provenance, "withdrawn": [*old.provenance.get("withdrawn", []), entry]}
    withdrawn = tuple(sorted({*old.withdrawn, *contexts}))
    _write(C.CalibrationMap(old.coefficients, old.halfwidths, old.level, provenance, old.ply_scale, withdrawn),
           load_rows(rows_file(path)), path)
    console.print(f"{', '.join(contexts)} withdrawn in {path}: no chance is shown for them until --refit-in fits "
                  "them on new games")
    return 0


def _per_seed(held: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The figures of each seed's decisions, seeds in numeric order."""
    return {seed: figures([r for r in held if r["seed"] == seed], C.IDENTITY)
            for seed in sorted({r["seed"] for r in held}, key=lambda x: (len(x), x))}


def _seed_figures(held: list[dict[str, Any]]) -> dict[str, Any]:
    """What the provenance keeps of :func:`held_out_by_seed`'s judgement: each seed's ECE, and every seed's
    pooled ECE, Brier and base rate's Brier."""
    pooled = figures(held, C.IDENTITY)
    return {"seeds": {k: {"games": f["games"], "won": f["won"], "ece": round(f["ece"], 3)}
                      for k, f in _per_seed(held).items()},
            "ece": round(pooled["ece"], 3), "brier": round(pooled["brier"], 3),
            "base_brier": round(pooled["base_brier"], 3)}


def _amend(base: C.CalibrationMap, path: str, key: str, coefficients: dict[str, tuple[float, ...]],
           ply_scale: float, judged: list[tuple[str, dict[str, Any]]], kept: list[dict[str, Any]],
           rows: list[dict[str, Any]], contexts: list[str], command: str, seed: int, console: Console,
           by_seed: dict[str, dict[str, Any]] | None = None) -> None:
    """Write the map in ``path`` (``base``) with ``coefficients`` for ``contexts`` fitted on ``rows``
    (``key``: "added" or "refitted"), their provenance entry appended under ``key``; the map's interval is
    kept only if its coverage held on the games each set-up's new fit did not see (``judged``). ``kept``:
    the decisions already beside the map that stay; ``by_seed``: per set-up pooled over seeds, its figures with
    each seed judged by a fit on the others."""
    coverage = {k: f["coverage"] for k, f in judged}
    honest = base.halfwidths is not None and _honest(coverage)
    entry = {"command": command, "seed": seed, "seeds": sorted({r["seed"] for r in rows}),
             "games": len({r["game"] for r in rows}), "decisions": len(rows),
             "date": datetime.date.today().isoformat(), "contexts": contexts,
             "ece_cross_fitted": {k: round(f["ece"], 3) for k, f in judged},
             "brier_cross_fitted": {k: round(f["brier"], 3) for k, f in judged},
             "interval_coverage_cross_fitted": {k: round(v, 3) if v is not None else None for k, v in coverage.items()}}
    if by_seed:
        entry["by_seed"] = by_seed  # each seed judged by a fit on the others (``--by-seed``)
    provenance = {**base.provenance, key: [*base.provenance.get(key, []), entry], "rows": rows_file(path).name}
    _write(C.CalibrationMap(coefficients, base.halfwidths if honest else None, base.level, provenance, ply_scale,
                            base.admitting(contexts)), kept + rows, path)
    console.print(f"{', '.join(contexts)} {key} {'to' if key == 'added' else 'in'} {path} from {entry['games']} "
                  f"games ({len(rows)} decisions); their decisions kept in {rows_file(path).name}; "
                  "check them with other seeds")
    if base.halfwidths is not None and not honest:
        console.print(f"the map's interval is dropped: its coverage on the {key} set-ups was outside "
                      f"{COVERAGE_LOW:.0%}-{COVERAGE_HIGH:.0%}")
