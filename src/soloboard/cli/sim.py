"""``soloboard sim``: win rates with 95 % confidence intervals."""

from __future__ import annotations

import json
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from soloboard.agents.base import describe
from soloboard.agents.simulate import simulate


def run_sim(name: str, params: dict[str, Any], *, agent: str, games: int, jobs: int, seed: int,
            as_json: bool, console: Console | None = None, budget: str | None = None, ray: str | None = None) -> int:
    if games < 1:
        raise ValueError("--games must be at least 1")
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    console = console or Console(stderr=as_json)
    start = time.perf_counter()
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=as_json) as bar:
        task = bar.add_task("games", total=games)
        summary = simulate(name, params, agent, games, seed=seed, jobs=jobs, budget=budget,
                           progress=lambda n: bar.advance(task, n), ray_address=ray)
    elapsed = time.perf_counter() - start
    low, high = summary.wilson()
    result = {
        "game": name,
        "params": params,
        "agent": agent,
        "budget": budget,
        "games": summary.games,
        "seed": seed,
        "jobs": jobs,
        "ray": ray,
        "wins": summary.wins,
        "win_rate": summary.win_rate,
        "win_rate_ci95": [round(low, 6), round(high, 6)],
        "mean_rounds": summary.rounds / summary.games,
        "loss_causes": dict(summary.causes.most_common()),
        "games_per_second": summary.games / elapsed,
        "seconds_per_decision": summary.seconds / summary.decisions if summary.decisions else 0.0,
    }
    if as_json:
        print(json.dumps(result))
        return 0
    setting = ", ".join(f"{k}={v}" for k, v in params.items()) or "defaults"
    label = describe(agent, budget)
    console.print(f"[bold]{name}[/] ({setting}), agent [bold]{label}[/], {summary.games} games, seed {seed}")
    console.print(f"win rate: {summary.win_rate:.2%}  (95% CI {low:.2%} - {high:.2%})")
    console.print(f"mean rounds: {result['mean_rounds']:.2f}")
    for cause, n in summary.causes.most_common():
        console.print(f"lost - {cause}: {n} ({n / summary.games:.2%})")
    where = f"on Ray ({ray})" if ray else f"with {jobs} job(s)"
    if agent == "random":
        console.print(f"{result['games_per_second']:.0f} games/s {where}")
    else:
        console.print(f"{result['games_per_second']:.2f} games/s {where}; "
                      f"{result['seconds_per_decision']:.3f} s per decision")
    return 0
