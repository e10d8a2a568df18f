"""``soloboard report``: how hard each setup is for each agent, as one self-contained HTML file.

::

    soloboard report ufs --agents greedy,mcts --cities roswell,new-york,washington --threats 0-4 --games 200
    soloboard report ufs-pnp --agents greedy,mcts --levels 0-4 --games 200
    soloboard report monstros --agents greedy,mcts --players 1,3 --difficulties iniciante,epico --games 100

Every agent plays ``--games`` seeded games of every setup. Each finished game goes into
the project's SQLite store (``core/store.py``) at once, so an interrupted report resumes
where it stopped and a larger ``--games`` plays only the games not yet there. Games run
on every local core (``--jobs``), or as Ray tasks (``--ray auto`` or an address), each
task a batch of seeded games whose results the driver writes to the same store.

The report: win rates with 95 % Wilson intervals for every agent x setup, plots (win rate
against the threat level, the level or the difficulty; game length; why games were lost)
embedded as PNG, the exact command, the soloboard version and the time it took.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from soloboard import __version__
from soloboard.agents import calibration as C
from soloboard.agents.base import REPORT_ONLY, UNBUDGETED, explain, parse_budget, parse_name, split_agents
from soloboard.agents.calibration import calibrator
from soloboard.agents.simulate import AgentSpec, Series, run_tasks, series_tasks
from soloboard.core.kit import Setup
from soloboard.core.registry import kit, kits, load_game, report_options
from soloboard.core.stats import wilson
from soloboard.core.store import GameRow, Store


def setups(game: str, **options: str | None) -> list[Setup]:
    """The setups a report covers (the game's kit says which options it takes and what they sweep);
    every one is checked with ``load_game`` (a bad value fails here)."""
    game_kit = kit(game)
    if game_kit.report is None:
        raise ValueError(f"no report for {game!r}: " + ", ".join(k.name for k in kits() if k.report))
    own = {option.dest for option in game_kit.report.options}
    given = [_flag(dest) for dest, value in options.items() if value is not None and dest not in own]
    if given:
        raise ValueError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} not an option of a {game} report")
    out = game_kit.report_setups(options)
    for s in out:
        load_game(s.game, **s.params)  # an unknown city or an unplayable level is refused before any game
    return out


def check_counts(games: int, jobs: int | None) -> int:
    """``--games`` and ``--jobs`` checked; the number of processes (every core when not given)."""
    if games < 1:
        raise ValueError("--games must be at least 1")
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    return jobs


def agent_specs(agents: str, budget: str | None) -> list[AgentSpec]:
    """``greedy,mcts,mcts@1s,hindsight``: each agent, with its own budget after ``@`` or ``budget``."""
    specs = []
    for word in split_agents(agents):
        name, own = _name_budget(word)
        if own:
            parse_budget(own)
        chosen = own or budget
        specs.append(AgentSpec(name, chosen if parse_name(name)[0] not in UNBUDGETED else None))
    return specs


def _name_budget(label: str) -> tuple[str, str | None]:
    """An agent's table label or ``--agents`` word (``mcts(backup=max)@5000it``, ``greedy``) as its name and
    budget, which follows the last ``@`` (an option's value may hold none: ``parse_name``)."""
    name, at, budget = label.rpartition("@")
    return (name, budget or None) if at else (label, None)


def _flag(dest: str) -> str:
    return next((o.flag for o in report_options() if o.dest == dest), f"--{dest}")


def run_report(game: str, *, agents: str, games: int, budget: str | None = None, seed: int = 0,
               jobs: int | None = None, ray: str | None = None, store: str | None = None,
               out: str = "report.html", command: str = "", console: Console | None = None,
               **setup_options: Any) -> int:
    console = console or Console(stderr=True)
    jobs = check_counts(games, jobs)
    if budget is not None:
        parse_budget(budget)
    specs = agent_specs(agents, budget)
    if not specs:
        raise ValueError("--agents: name at least one agent, e.g. greedy,mcts")
    for spec in specs:
        spec.make()  # an unknown agent fails before any game
    plan = setups(game, **setup_options)
    started = time.perf_counter()
    with Store(store) as db, db.run(command or f"soloboard report {game}") as run:
        try:
            series, played, reused = play_series(db, plan, specs, games, seed, jobs, ray, console)
        except Interrupted as stop:
            run["games"] = stop.played
            return 130
        run["games"] = played
        rows = [_row(setup, spec, db.series_games(s.series_id, games), db.series_estimates(s.series_id, games),
                     db.series_revisions(s.series_id, games))
                for setup, spec, s in series]
    elapsed = time.perf_counter() - started
    page = render_html(game, rows, command=command or f"soloboard report {game}", seconds=elapsed,
                       games=games, played=played, reused=reused)
    path = Path(out).expanduser()
    path.write_text(page, encoding="utf-8")
    console.print(f"report written to {path} ({played} games played, {reused} reused, {elapsed:.0f} s)")
    for r in rows:
        low, high = r["ci"]
        console.print(f"  {r['agent']:>14}  {r['setup']:<24} win {r['win_rate']:6.1%}  "
                      f"(95% CI {low:.1%}-{high:.1%}, n={r['games']})")
    return 0


class Interrupted(Exception):
    """Ctrl-C while playing: the games played so far are in the store."""

    def __init__(self, played: int) -> None:
        super().__init__(played)
        self.played = played


def play_series(db: Store, plan: list[Setup], specs: list[AgentSpec], games: int, seed: int, jobs: int,
                ray: str | None, console: Console) -> tuple[list[tuple[Setup, AgentSpec, Series]], int, int]:
    """Play what the store does not have yet of ``games`` seeded games per setup and agent, each kept
    at once; the series, how many games were played and how many were already there."""
    series = []
    for setup in plan:
        for spec in specs:
            sid = db.series_id(setup.game, setup.params, spec.label, seed)
            done = db.done_indices(sid)
            missing = tuple(i for i in range(games) if i not in done)
            if missing:
                check_revision(db, sid, setup, spec, seed)
            series.append((setup, spec, Series(sid, setup.game, setup.params, spec, str(seed), missing)))
    tasks = series_tasks([s for _, _, s in series])
    todo = sum(len(t[4]) for t in tasks)
    reused = len(series) * games - todo
    where = f"Ray ({ray})" if ray else f"{jobs} local process{'es' if jobs > 1 else ''}"
    console.print(f"{len(plan)} setups x {len(specs)} agents x {games} games: {reused} already in "
                  f"{db.path}, {todo} to play on {where}")
    by_key = {(s.game, json.dumps(s.params, sort_keys=True), s.spec, s.seed): s.series_id for _, _, s in series}
    played = 0
    try:
        with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TimeRemainingColumn(), console=console, transient=False, disable=todo == 0) as bar:
            task_id = bar.add_task("games", total=todo)
            for task, records in run_tasks(tasks, jobs=jobs, ray_address=ray):
                name, params, spec, task_seed, _ = task
                sid = by_key[(name, json.dumps(params, sort_keys=True), spec, str(task_seed))]
                db.add_games(sid, [GameRow(i, r.won, r.rounds, r.decisions, r.cause, list(r.history), r.seconds,
                                           list(r.estimates), r.revision)
                                   for i, r in records])
                played += len(records)
                bar.advance(task_id, len(records))
    except KeyboardInterrupt:
        console.print(f"interrupted: {played} games played now are kept in {db.path}; "
                      "the same command resumes")
        raise Interrupted(played) from None
    return series, played, reused


def check_revision(db: Store, series_id: int, setup: Setup, spec: AgentSpec, seed: int | str) -> None:
    """Refuse to add games to a series some of whose games another revision of the agent played: the same
    label (``mcts@5000it``) may play differently after an upgrade, and one series must be one agent's games.
    Reading such a store (nothing left to play) is fine: its figures are of the agent that played them."""
    now = spec.revision
    other = {revision: count for revision, count in db.series_revisions(series_id).items() if revision != now}
    if not other:
        return
    unrecorded = "an unrecorded revision (stored before revisions were kept)"
    held = ", ".join(f"{count} by {unrecorded if r is None else 'revision ' + r}"
                     for r, count in sorted(other.items(), key=lambda item: str(item[0])))
    raise ValueError(f"{db.where} holds games of {spec.label} on {setup.label}, seed {seed}, played by another "
                     f"version of the agent ({held}); this {spec.label} is revision {now or 'unrecorded'} and plays "
                     "differently. Adding its games would mix two agents in one series: give another --store "
                     "(the games there are kept as they are), or ask for no more games than it holds.")


def _row(setup: Setup, spec: AgentSpec, games: list[dict[str, Any]],
         estimates: list[tuple[int, bool, list[Any]]] | None = None,
         revisions: dict[str | None, int] | None = None) -> dict[str, Any]:
    wins = sum(g["won"] for g in games)
    n = len(games)
    decisions = sum(g["decisions"] or 0 for g in games)
    seconds = sum(g["seconds"] or 0.0 for g in games)
    game = load_game(setup.game, **setup.params)
    difficulty = kit(setup.game).difficulty(game)
    # the chances a hint would have shown at the agent's decisions, with how each game ended (none in a
    # setup without a calibration: a hint shows no chance there)
    cal = calibrator(game)
    chances = [(cal.chance(float(raw), int(ply)), 1.0 if won else 0.0) for _, won, found in estimates or ()
               for ply, raw in found] if cal.calibrated else []
    return {
        "setup": setup.label, "group": setup.group, "x": setup.x, "x_text": setup.x_text, "params": setup.params,
        "agent": spec.label, "name": spec.name, "games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
        "ci": wilson(wins, n),
        "mean_rounds": sum(g["rounds"] or 0 for g in games) / n if n else 0.0,
        "rounds": [g["rounds"] or 0 for g in games],
        "causes": Counter(g["loss_cause"] for g in games if not g["won"]),
        "seconds_per_decision": seconds / decisions if decisions else 0.0,
        "difficulty": difficulty.value, "scale": difficulty.scale, "chances": chances,
        "revisions": dict(revisions or {}),  # which revisions of the agent played these games, how many each
    }


def _difficulty_text(r: dict[str, Any]) -> str:
    if r["difficulty"] is None:
        return "-"
    value = f"{r['difficulty']:g}"
    return f"{value} ★" if r["scale"] == "stars" else f"level {value}"


def limits(rows: list[dict[str, Any]]) -> list[str]:
    """Sentences on where the agent, not the game, may be the limit: per setup, the best searching
    agent against the same search with more time and against the best bound (the agents told the future dice)."""
    out = []
    for setup in dict.fromkeys(r["setup"] for r in rows):
        mine = [r for r in rows if r["setup"] == setup and r["games"]]
        searching = sorted((r for r in mine if r["name"] == "mcts"), key=lambda r: r["seconds_per_decision"])
        # the bounds (told the future dice): the highest one found is the tightest
        bound = max((r for r in mine if r["name"] in REPORT_ONLY), key=lambda r: r["win_rate"], default=None)
        parts = []
        if len(searching) > 1:
            fast, slow = searching[0], searching[-1]
            parts.append(f"{fast['agent']} wins {fast['win_rate']:.0%} ({fast['ci'][0]:.0%}-{fast['ci'][1]:.0%}), "
                         f"{slow['agent']} {slow['win_rate']:.0%} ({slow['ci'][0]:.0%}-{slow['ci'][1]:.0%}): "
                         + ("more time still pays, so the agent is a limit here"
                            if slow["ci"][0] > fast["ci"][1] else
                            "more time does not separate them on these games"))
        if bound is not None and searching:
            best = max(searching, key=lambda r: r["win_rate"])
            b = bound
            gap = max(b["win_rate"] - best["win_rate"], 0.0)
            parts.append(f"knowing every future roll, {b['agent']} wins {b['win_rate']:.0%} "
                         f"({b['ci'][0]:.0%}-{b['ci'][1]:.0%}): about {gap:.0%} or more is left between the "
                         "agent and what the dice allow a player who knows them")
        if parts:
            out.append(f"{setup}: " + "; ".join(parts) + ".")
    return out


# --- the page ------------------------------------------------------------------------------------

def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _plots(game: str, rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        raise ValueError("the report's plots need matplotlib: pip install 'soloboard[report]'") from None
    report = kit(game).report
    assert report is not None  # setups() refused a game without one
    axis = report.axis
    lines: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        lines.setdefault((r["agent"], r["group"]), []).append(r)
    figures = [("Win rate", _png(win_rate_figure(lines, axis)))]
    figures.append(("Game length", _png(game_length_figure(rows, report.length_unit))))
    figures.append(("Why games were lost", _png(loss_causes_figure(rows))))
    calibrated = [r for r in rows if r.get("chances")]
    if calibrated:
        figures.append(("Reliability: the chance shown against the share won", _reliability_plot(calibrated)))
    return figures


LOSS_AXIS_LABEL = "share of the games played, lost to each cause"


_STYLES = (("-", "o"), ("--", "s"), (":", "^"), ("-.", "D"))  # one per agent: line and marker


def win_rate_figure(lines: dict[tuple[str, str], list[dict[str, Any]]], axis: str) -> Any:
    """The win rate against the threat level (level, difficulty): one line per agent and group of setups
    (a city side, a number of seats), a group's colour the same for every agent and an agent's line style
    the same for every group; the legend beside the axes, where it covers no point."""
    import matplotlib.pyplot as plt

    groups = list(dict.fromkeys(group for _, group in lines))
    agents = list(dict.fromkeys(agent for agent, _ in lines))
    colours = [f"C{i}" for i in range(10)]  # the style's own cycle of ten colours
    ticks = sorted({(r["x"], r["x_text"].split()[-1]) for pts in lines.values() for r in pts})
    fig, ax = plt.subplots(figsize=(7, 4))
    for k, ((agent, group), pts) in enumerate(lines.items()):
        pts = sorted(pts, key=lambda r: r["x"])
        shift = (k - (len(lines) - 1) / 2) * min(0.05, 0.6 / len(lines))  # side by side: equal rates stay apart
        xs = [r["x"] + shift for r in pts]
        ys = [r["win_rate"] for r in pts]
        # clamped at 0: with no win (or no loss) the Wilson bound equals the rate only up to rounding, and
        # matplotlib refuses a negative error bar
        err = [[max(r["win_rate"] - r["ci"][0], 0.0) for r in pts], [max(r["ci"][1] - r["win_rate"], 0.0) for r in pts]]
        style, marker = _STYLES[agents.index(agent) % len(_STYLES)]
        ax.errorbar(xs, ys, yerr=err, marker=marker, linestyle=style, capsize=3,
                    color=colours[groups.index(group) % len(colours)], label=f"{agent} {group}".strip())
    ax.set_xticks([t[0] for t in ticks], [t[1] for t in ticks])
    ax.set_xlabel(axis)
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)
    return fig


def _per_setup_size(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """A plot with one line per agent and setup grows with them: a report of 30 setups and two agents has
    60, and at a fixed height their labels overlapped into an unreadable block."""
    return 7.5, max(3.0, 0.9 + 0.24 * len(rows))


def _setup_ticks(ax: Any, rows: list[dict[str, Any]], start: int = 0) -> None:
    """One line per agent and setup, labelled on the left in the table's order, top to bottom."""
    ax.set_yticks(range(start, start + len(rows)), [f"{r['agent']} · {r['setup']}" for r in rows], fontsize=8)
    ax.set_ylim(start + len(rows) - 0.5, start - 0.5)


def game_length_figure(rows: list[dict[str, Any]], unit: str) -> Any:
    """How long the games were: one box per agent and setup (the mean marked)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=_per_setup_size(rows))
    ax.boxplot([r["rounds"] or [0] for r in rows], orientation="horizontal", showmeans=True)
    _setup_ticks(ax, rows, start=1)
    ax.set_xlabel(f"{unit} per game")
    ax.grid(alpha=0.3, axis="x")
    return fig


def loss_causes_figure(rows: list[dict[str, Any]]) -> Any:
    """Why games were lost: for each agent and setup, one bar stacked by cause, each part the number
    of games lost to that cause over the games played (so the bar's length is the loss rate, not 1)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=_per_setup_size(rows))
    causes = sorted({c for r in rows for c in r["causes"]})
    left = [0.0] * len(rows)
    for cause in causes:
        share = [r["causes"].get(cause, 0) / r["games"] if r["games"] else 0.0 for r in rows]
        ax.barh(range(len(rows)), share, left=left, label=cause)
        left = [b + s for b, s in zip(left, share, strict=True)]
    _setup_ticks(ax, rows)
    ax.set_xlabel(LOSS_AXIS_LABEL)
    ax.set_xlim(0, 1.02)
    if causes:
        # beside the axes, not inside them: at high threat levels the bars reach the end, and a legend
        # placed inside covered them
        ax.legend(title="loss cause", fontsize=8, title_fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0),
                  borderaxespad=0.0)
    return fig


def _reliability_plot(rows: list[dict[str, Any]]) -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 5))
    ax.plot([0, 1], [0, 1], color="#999", linestyle="--", label="perfect calibration")
    by_agent: dict[str, list[tuple[float, float]]] = {}
    for r in rows:
        by_agent.setdefault(r["agent"], []).extend(r["chances"])
    for agent, pairs in by_agent.items():
        table = [b for b in C.reliability([p for p, _ in pairs], [y for _, y in pairs]) if b.count]
        ece = C.ece([p for p, _ in pairs], [y for _, y in pairs])
        ax.plot([b.predicted for b in table], [b.observed for b in table], marker="o",
                label=f"{agent}: ECE {ece:.3f}, {len(pairs)} decisions")
    ax.set_xlabel("chance of winning shown (10 equal-width bins)")
    ax.set_ylabel("share of those positions whose game was won")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    return _png(fig)


def _revisions_text(label: str, rows: list[dict[str, Any]]) -> str:
    """Which revisions of the agent ``label`` played the report's games (agents/base.py): " (revision X)"."""
    found: Counter[str | None] = Counter()
    for r in rows:
        if r["agent"] == label:
            found.update(r.get("revisions") or {})
    if not found:
        return ""
    named = sorted(("unrecorded" if revision is None else revision, count) for revision, count in found.items())
    if len(named) == 1:
        return f" (revision {named[0][0]})"
    return " (revisions " + ", ".join(f"{name}: {count} games" for name, count in named) + ")"


def render_html(game: str, rows: list[dict[str, Any]], *, command: str, seconds: float, games: int,
                played: int, reused: int) -> str:
    esc = html.escape
    figures = _plots(game, rows)
    table = ["<table><tr><th>agent</th><th>setup</th><th>rulebook difficulty</th><th>games</th><th>wins</th>"
             "<th>win rate</th><th>95 % interval</th><th>mean rounds</th><th>losses by cause</th>"
             "<th>s per decision</th></tr>"]
    for r in rows:
        low, high = r["ci"]
        causes = ", ".join(f"{esc(c)}: {n}" for c, n in r["causes"].most_common()) or "-"
        table.append(f"<tr><td>{esc(r['agent'])}</td><td>{esc(r['setup'])}</td><td>{esc(_difficulty_text(r))}</td>"
                     f"<td>{r['games']}</td>"
                     f"<td>{r['wins']}</td><td>{r['win_rate']:.1%}</td><td>{low:.1%} - {high:.1%}</td>"
                     f"<td>{r['mean_rounds']:.2f}</td><td>{causes}</td><td>{r['seconds_per_decision']:.3f}</td></tr>")
    table.append("</table>")
    images = "\n".join(f"<h2>{esc(title)}</h2><img alt='{esc(title)}' src='{src}'>" for title, src in figures)
    when = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    legend = "; ".join(f"<code>{esc(label)}</code>{esc(_revisions_text(label, rows))}: "
                       f"{esc(explain(*_name_budget(label)))}"
                       for label in sorted({r["agent"] for r in rows}))
    found = limits(rows)
    limit_text = ("<ul>" + "".join(f"<li>{esc(line)}</li>" for line in found) + "</ul>" if found else
                  "<p>Run the report with the same search at a longer budget and with the hindsight bound "
                  "(<code>--agents mcts,mcts@1s,hindsight</code>) to see how much is the agent's.</p>")
    limit_text += ("<p><code>hindsight</code> and <code>clairvoyant</code> play the same seeded games knowing every "
                   "future roll. Every game <code>hindsight</code> wins is a winning line for those dice (greedy "
                   "followed to the end from each move), so its win rate is a lower bound on the share of games "
                   "the dice allow to be won; a deeper search may find more, so the true share is at least as "
                   "high. It bounds what a player who knew the rolls could win: the gap is what the agent leaves "
                   "plus what foresight is worth, not what a better fair agent would surely gain. "
                   "<code>clairvoyant</code>'s search still ends at the next roll: its bound is looser.</p>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>soloboard report: {esc(game)}</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.25em .6em;text-align:right}}
td:nth-child(-n+2),th{{text-align:left}}code{{background:#f4f4f4;padding:.1em .3em}}img{{max-width:100%}}</style>
</head><body>
<h1>How hard is {esc(game)}? Win rates by agent and setup</h1>
<p>Command: <code>{esc(command)}</code><br>
soloboard {esc(__version__)}; {games} games per agent and setup ({played} played by this run, {reused} reused
from the store); {seconds:.0f} s; written {esc(when)}.</p>
<p>Win rates with 95 % Wilson score intervals. Game <i>i</i> of every agent and setup gets its dice from the
seed and <i>i</i>, so the same command gives the same games. Agents: {legend} (docs/agents.md).</p>
<h2>Win rates</h2>
<p>The rulebook's difficulty (the boxed game's stars, the 9-card edition's level) stands beside each setup's
measured win rate: where one star costs more in one setup than in another, the rows show it.</p>
{''.join(table)}
<h2>Where the agent, not the game, may be the limit</h2>
{limit_text}
{images}
</body></html>
"""
