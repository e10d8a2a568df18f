"""The report's "why games were lost" plot: its y-axis says what the bars count, and its legend never
covers a bar (it used to sit inside the axes, over the bars of the hardest setups)."""

from __future__ import annotations

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


def test_the_y_axis_says_the_bars_count_games_lost_over_games_played() -> None:
    fig = _figure()
    ax = fig.axes[0]
    assert ax.get_ylabel() == "share of the games played, lost to each cause"
    # what the label says is what is drawn: each bar's top is that setup's losses over its games
    tops: dict[float, float] = {}
    for bar in ax.patches:
        x = round(bar.get_x() + bar.get_width() / 2, 6)
        tops[x] = max(tops.get(x, 0.0), bar.get_y() + bar.get_height())
    expected = [sum(r["causes"].values()) / r["games"] for r in _rows()]
    assert [round(tops[x], 6) for x in sorted(tops)] == [round(e, 6) for e in expected]
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
    bars = [bar for bar in ax.patches if bar.get_height() > 0]
    assert len(bars) == 25  # 10 setups x 2 causes, and mcts's third cause
    for bar in bars:
        assert not box.overlaps(bar.get_window_extent(renderer)), bar
    import matplotlib.pyplot as plt

    plt.close(fig)
