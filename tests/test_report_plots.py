"""The report's per-setup plots: "why games were lost" says on its axis what the bars count, and its legend
never covers a bar (it used to sit inside the axes, over the bars of the hardest setups); with many
setups, their labels stay apart (a report of 30 setups and two agents once printed 60 labels on top of
one another)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from soloboard.cli import report as report_module


def _rows() -> list[dict[str, Any]]:
    # losses near every game at every setup: the bars fill the axes, so no place inside them is free
    out = []
    for agent in ("greedy", "mcts"):
        for threat in range(5):
            causes = Counter({"base destroyed": 40 + threat, "mothership reached the skull row": 55 - threat,
                              "the skull symbol was resolved": 3 if agent == "mcts" else 0})
            out.append({"agent": agent, "setup": f"roswell threat {threat}", "games": 100,
                        "causes": +causes})
    return out


def _figure() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    return report_module.loss_causes_figure(_rows())


def test_the_axis_says_the_bars_count_games_lost_over_games_played() -> None:
    fig = _figure()
    ax = fig.axes[0]
    assert ax.get_xlabel() == "share of the games played, lost to each cause"
    # what the label says is what is drawn: each bar's end is that setup's losses over its games
    ends: dict[float, float] = {}
    for bar in ax.patches:
        y = round(bar.get_y() + bar.get_height() / 2, 6)
        ends[y] = max(ends.get(y, 0.0), bar.get_x() + bar.get_width())
    expected = [sum(r["causes"].values()) / r["games"] for r in _rows()]
    assert [round(ends[y], 6) for y in sorted(ends)] == [round(e, 6) for e in expected]
    # in the table's order, top to bottom, each bar beside its own setup's label
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [f"{r['agent']} · {r['setup']}" for r in _rows()]
    assert ax.get_ylim()[0] > ax.get_ylim()[1]
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_the_legend_covers_no_bar() -> None:
    fig = _figure()
    ax = fig.axes[0]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    legend = ax.get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == [
        "base destroyed", "mothership reached the skull row", "the skull symbol was resolved"]
    box = legend.get_window_extent(renderer)
    bars = [bar for bar in ax.patches if bar.get_width() > 0]
    assert len(bars) == 25  # 10 setups x 2 causes, and mcts's third cause
    for bar in bars:
        assert not box.overlaps(bar.get_window_extent(renderer)), bar
    import matplotlib.pyplot as plt

    plt.close(fig)


def _many_rows() -> list[dict[str, Any]]:
    out = []
    for agent in ("greedy", "mcts@5000it"):
        for city in ("roswell", "new-york", "washington"):
            for side in ("", " damaged"):
                for threat in range(5):
                    out.append({"agent": agent, "setup": f"{city}{side} threat {threat}", "games": 8,
                                "causes": Counter({"base destroyed": 5}), "rounds": [6, 7, 8, 9]})
    return out


def _labels_apart(fig: Any) -> None:
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    ax = fig.axes[0]
    boxes = [t.get_window_extent(renderer) for t in ax.get_yticklabels() if t.get_text()]
    assert len(boxes) == 60
    for above, below in itertools.pairwise(boxes):
        assert not above.overlaps(below), (above, below)


def test_sixty_setups_labels_stay_apart() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = _many_rows()
    fig = report_module.loss_causes_figure(rows)
    _labels_apart(fig)
    plt.close(fig)
    fig = report_module.game_length_figure(rows, "rounds")
    _labels_apart(fig)
    assert fig.axes[0].get_xlabel() == "rounds per game"
    plt.close(fig)


def test_the_win_rate_plot_gives_a_city_side_one_colour_and_an_agent_one_line_style() -> None:
    """Twelve lines (two agents at six city sides): the default colour cycle of ten repeated colours, and
    the legend sat inside the axes over the points; now each side keeps its colour across agents, each agent
    its line style across sides, and the legend stands beside the axes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lines: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for agent in ("greedy", "mcts@5000it"):
        for group in ("roswell", "roswell damaged", "new-york", "new-york damaged", "washington",
                      "washington damaged"):
            lines[(agent, group)] = [{"x": t, "x_text": f"threat {t}", "win_rate": 0.9 - 0.2 * t,
                                      "ci": (0.8 - 0.2 * t, 1.0 - 0.2 * t)} for t in range(5)]
    fig = report_module.win_rate_figure(lines, "threat level")
    ax = fig.axes[0]
    drawn = {bars.get_label(): bars.lines[0] for bars in ax.containers}  # each errorbar's line through its points
    assert len(drawn) == 12
    for group in ("roswell", "new-york damaged", "washington damaged"):
        greedy, mcts = drawn[f"greedy {group}"], drawn[f"mcts@5000it {group}"]
        assert greedy.get_color() == mcts.get_color() and greedy.get_linestyle() != mcts.get_linestyle()
    assert len({line.get_color() for line in drawn.values()}) == 6
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    legend = ax.get_legend()
    assert legend is not None and not legend.get_window_extent(renderer).overlaps(ax.get_window_extent(renderer))
    plt.close(fig)
