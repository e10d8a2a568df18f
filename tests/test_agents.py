"""The agents (soloboard.agents): one interface, legal moves only, search that sees forced lines,
reproducible choices, and the places they are reachable from (sim, bench, user agents)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import soloboard
from conftest import make_position, play, pos, strings
from soloboard import agents
from soloboard.agents.base import Budget, parse_budget
from soloboard.agents.simulate import AgentSpec, game_rng, play_one, simulate
from soloboard.cli.main import main
from soloboard.core.chance import sample_outcome
from soloboard.monstros import evaluate as eval_monstros
from soloboard.monstros import state as monstros_state
from soloboard.ufs import evaluate as eval_ufs
from soloboard.ufs import state as ufs_state

SETTINGS = [
    ("ufs", {"city": "roswell", "threat": 1}),
    ("ufs", {"city": "washington", "threat": 2, "side": "damaged"}),
    ("ufs-pnp", {}),
    ("monstros", {"players": 1}),
    ("monstros", {"players": 3, "difficulty": "epico"}),
]


class FirstLegal:
    """A user's own agent, loaded as ``test_agents:FirstLegal``."""

    name = "first"

    def __init__(self, seed: Any = None) -> None:
        self.seed = seed

    def step(self, state: Any) -> int:
        return state.legal_actions()[0]


def decision_states(name: str, params: dict[str, Any], count: int, seed: int = 0) -> list[Any]:
    """Decision positions met in random games (varied phases: placing, rooms, spawning...)."""
    game = soloboard.load_game(name, **params)
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                if rng.random() < 0.2:
                    found.append(state.clone())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return found


# --- the interface -------------------------------------------------------------------------------

def test_make_names_and_budgets() -> None:
    assert agents.names() == ["mcts", "greedy", "random"]  # the default (the strongest) first: a seat's default
    assert agents.names()[0] == agents.base.DEFAULT_AGENT
    assert parse_budget("0.3s") == Budget(seconds=0.3)
    assert parse_budget("300ms") == Budget(seconds=0.3)
    assert parse_budget("2000it") == Budget(iterations=2000)
    assert parse_budget(1.5) == Budget(seconds=1.5)
    for bad in ("fast", "0s", "-1it", "2.5it", "1 hour"):
        with pytest.raises(ValueError):
            parse_budget(bad)
    with pytest.raises(ValueError, match="valid agents: mcts, greedy, random"):
        agents.make("alphazero")
    with pytest.raises(ValueError, match="cannot import"):
        agents.make("no_such_package.bots:Clever")
    with pytest.raises(ValueError, match="has no 'Missing'"):
        agents.make("test_agents:Missing")
    with pytest.raises(ValueError, match="takes no option"):
        agents.make("greedy", depth=3)
    mine = agents.make("test_agents:FirstLegal", seed=7)
    assert isinstance(mine, FirstLegal) and mine.seed == 7
    assert agents.make("mcts", budget="50it").budget == Budget(iterations=50)
    assert agents.make("random", budget="1s").name == "random"  # options an agent does not take are dropped


def test_agent_options_written_in_the_name() -> None:
    """``mcts(backup=max, prior_visits=0.5)`` is ``make("mcts", backup="max", prior_visits=0.5)``: a command
    line names any variant without code; its label has one spelling, so a store never mixes two variants."""
    from soloboard.agents.base import canonical_name, describe, explain, parse_name, split_agents

    assert parse_name("mcts") == ("mcts", {})
    assert parse_name("mybots.clever:Clever") == ("mybots.clever:Clever", {})
    assert parse_name(" mcts( backup=max, prior_visits=0.5 ,reuse=False, later_visits=8, tag=a b) ") == (
        "mcts", {"backup": "max", "prior_visits": 0.5, "reuse": False, "later_visits": 8, "tag": "a b"})
    variant = agents.make("mcts(backup=max, prior_visits=0.5, widening=1)", budget="40it", seed=3)
    assert isinstance(variant, agents.mcts.MCTSAgent)
    assert (variant.max_backup, variant.prior_visits, variant.widening, variant.later_visits) == (True, 0.5, 1.0, 2)
    assert variant.budget == Budget(iterations=40)
    assert canonical_name("mcts(widening=1, backup=max)") == canonical_name("mcts(backup=max,widening=1)") \
        == "mcts(backup=max,widening=1)"
    assert describe("mcts( widening=1,backup=max )", "3000it") == "mcts(backup=max,widening=1)@3000it"
    assert describe("mcts", "5000it") == "mcts@5000it" and describe("greedy", "1s") == "greedy"
    assert explain("mcts(backup=max, reuse=False)", "5000it") == (
        "Monte Carlo tree search with backup=max, reuse=false, 5,000 iterations per decision")
    assert split_agents("greedy, mcts(backup=max, widening=1)@3000it,hindsight") == [
        "greedy", "mcts(backup=max, widening=1)@3000it", "hindsight"]
    # the variant plays: the same moves as the option given as an argument
    state = next(s for s in decision_states("ufs", {"threat": 1}, 30, seed=6) if s.phase_name == "place")
    assert variant.step(state) == agents.make("mcts", budget="40it", seed=3, backup="max", prior_visits=0.5,
                                              widening=1).step(state)
    bad = {
        "mcts(backup)": "write each option as name=value",
        "mcts(backup=max": "name or name[(]option=value",
        "mcts(=max)": "write each option as name=value",
        "mcts(backup=max, backup=mean)": "given twice",
        "mcts(backup=m@x)": "cannot contain @",
        "mcts(depth=3)": "takes no option depth",
        "mcts(backup=minimax)": "backup must be",
        "greedy(depth=3)": "takes no option depth",
    }
    for name, message in bad.items():
        with pytest.raises(ValueError, match=message):
            agents.make(name)
    with pytest.raises(ValueError, match="both in the name and as an argument"):
        agents.make("mcts(backup=max)", backup="mean")
    with pytest.raises(ValueError, match="unbalanced parentheses"):
        split_agents("greedy,mcts(backup=max")


def test_import_soloboard_does_not_load_the_agents() -> None:
    import subprocess
    import sys

    code = "import soloboard, sys; print('soloboard.agents' in sys.modules, 'soloboard.agents.mcts' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.parametrize(("name", "params"), SETTINGS)
@pytest.mark.parametrize("agent", ["random", "greedy", "mcts"])
def test_agents_choose_legal_actions(name: str, params: dict[str, Any], agent: str) -> None:
    player = agents.make(agent, budget="30it", seed=3)
    for state in decision_states(name, params, 12 if agent == "mcts" else 40, seed=len(agent)):
        before = state.to_json()
        action = player.step(state)
        assert action in state.legal_actions()
        assert state.to_json() == before  # the agent looked at copies only


@pytest.mark.parametrize(("name", "params"), [SETTINGS[0], SETTINGS[3]])
def test_whole_games_with_the_searching_agents(name: str, params: dict[str, Any]) -> None:
    game = soloboard.load_game(name, **params)
    for agent in (agents.make("greedy"), agents.make("mcts", budget="8it", seed=1)):
        record = play_one(game, agent, game_rng(5, 0))
        assert record.decisions > 0 and record.actions == len(record.history)
        replay = game.new_initial_state()
        for action in record.history:
            replay.apply_action(action)
        assert replay.is_terminal() and (replay.returns()[0] > 0) == record.won


# --- search quality on hand-built positions -----------------------------------------------------------

def forced_win() -> Any:
    """Research one space from the end (it costs 11): G6 and G5 on the two-space research room c3-d3,
    then 'use c3', win at once; no other placement reaches 11 this round."""
    return make_position(research=15, excavator="e3", energy=2, gray=[5, 6], columns_used="abe",
                         ships={(3, c): "P" for c in range(5)})


def forced_loss() -> Any:
    """Damage 6 of 7; a ship on a14 needs 3 steps to hit the city, one on b15 needs 2. Dice G1 and G3
    go in columns a and b: only the 3 on the AA gun a0 (2 steps) with the 1 in column b is safe."""
    return make_position(ships={(14, 0): "P", (15, 1): "P", (5, 2): "P", (5, 3): "P", (5, 4): "P"},
                         damage=6, gray=[1, 3], columns_used="cde")


def losing_first_moves(state: Any) -> set[int]:
    """First moves after which every way of placing the other die loses (worked out by brute force)."""
    losing = set()
    for first in state.legal_actions():
        after = state.clone()
        after.apply_action(first)
        if after.is_terminal():
            losing.add(first)
            continue
        outcomes = []
        for second in after.legal_actions():
            end = after.clone()
            end.apply_action(second)
            outcomes.append(end.is_terminal() and end.returns()[0] == 0)
        if all(outcomes):
            losing.add(first)
    return losing


def play_out_decisions(state: Any, agent: Any) -> Any:
    state = state.clone()
    while not state.is_terminal() and not state.is_chance_node():
        state.apply_action(agent.step(state))
    return state


def test_mcts_finds_the_forced_win() -> None:
    state = forced_win()
    end = play_out_decisions(state, agents.make("mcts", budget="200it", seed=2))
    assert end.is_terminal() and end.returns() == [1.0]


def test_mcts_avoids_the_forced_loss() -> None:
    state = forced_loss()
    losing = losing_first_moves(state)
    assert {state.action_to_string(a) for a in losing} == {"G1a0", "G1a1", "G3b0", "G3a1", "G3b1", "G3b2"}
    for seed in range(3):
        choice = agents.make("mcts", budget="100it", seed=seed).step(state)
        assert choice not in losing
        end = play_out_decisions(state, agents.make("mcts", budget="100it", seed=seed))
        assert not (end.is_terminal() and end.returns() == [0.0])


def test_mcts_choices_are_reproducible_with_a_seed_and_iterations() -> None:
    states = decision_states("ufs", {"threat": 2}, 15, seed=4)

    def choices(seed: int) -> list[int]:
        agent = agents.make("mcts", budget="60it", seed=seed)
        return [agent.step(s) for s in states]

    assert choices(1) == choices(1)
    game = soloboard.load_game("ufs", threat=1)
    spec = AgentSpec("mcts", "10it")
    first = play_one(game, spec.make(), game_rng(9, 3))
    again = play_one(game, spec.make(), game_rng(9, 3))
    assert first.history == again.history


def test_mcts_statistics_and_focus() -> None:
    state = forced_win()
    agent = agents.make("mcts", budget="150it", seed=0)
    result = agent.search(state)
    assert result.iterations == 150
    assert sum(m.visits for m in result.moves) == 150
    best = result.moves[0]
    assert state.action_to_string(best.action) in {"G6c3", "G6d3", "G5c3", "G5d3"}
    assert 0.0 <= best.win <= 1.0 and best.visits == max(m.visits for m in result.moves)
    poor = state.string_to_action("G5c0")
    focused = agent.search(state, budget="20it", focus=(poor,), min_visits=15)
    assert {m.action: m for m in focused.moves}[poor].visits >= 15
    with pytest.raises(ValueError, match="decision node"):
        agent.search(soloboard.load_game("ufs").new_initial_state())


def test_mcts_tree_ends_at_the_next_roll() -> None:
    """Positions of a later round are valued, not expanded (docs/agents.md: three quarters of the
    work went there); ``later_visits=2`` expands them like any other node, as before."""
    from soloboard.agents.mcts import _Decision

    state = next(s for s in decision_states("ufs", {"threat": 1}, 40, seed=6) if s.phase_name == "rooms")

    def expanded_rounds(**options: Any) -> set[int]:
        agent = agents.make("mcts", budget="400it", seed=1, reuse=False, **options)
        agent.search(state)
        return {key[-1] for key, node in agent._table.items() if isinstance(node, _Decision) and node.expanded}

    assert expanded_rounds() == {state.round}
    assert max(expanded_rounds(later_visits=2)) > state.round


def test_mcts_widening_keeps_few_outcomes_per_chance_node_and_searches_past_the_roll() -> None:
    """``widening``: a chance node visited n times holds at most ceil(widening * n ** power) distinct
    outcomes, each drawn again as often as it was sampled, so a later round's positions are reached
    again and expanded; the choices stay reproducible."""
    import math

    from soloboard.agents.mcts import _Chance, _Decision

    state = next(s for s in decision_states("ufs", {"threat": 1}, 40, seed=6) if s.phase_name == "rooms")
    agent = agents.make("mcts", budget="600it", seed=1, reuse=False, widening=1.0, widening_power=0.25)
    assert agent.later_visits == 2  # widening searches past the roll: later rounds expand
    agent.search(state)
    chances = [node for node in agent._table.values() if isinstance(node, _Chance)]
    visited = [node for node in chances if node.total > 1]
    assert visited
    for node in visited:
        assert len(set(node.outcomes)) == len(node.outcomes) <= math.ceil(node.total ** 0.25)
        assert sum(node.counts) == node.total - 1  # every pass after the visit that made it drew one
    widest = max(visited, key=lambda node: node.total)
    assert len(widest.outcomes) < widest.total - 1  # outcomes were drawn again, not always new
    later = {key[-1] for key, node in agent._table.items() if isinstance(node, _Decision) and node.expanded}
    assert max(later) > state.round
    again = agents.make("mcts", budget="600it", seed=1, reuse=False, widening=1.0, widening_power=0.25)
    assert again.step(state) == agents.make("mcts", budget="600it", seed=1, reuse=False, widening=1.0,
                                            widening_power=0.25).step(state)


def test_mcts_max_backup_passes_up_each_nodes_best_move() -> None:
    """``backup="max"``: a decision node passes up its best move's estimate (the mean drawn towards the
    prior, as selection sees it); after a search every expanded node knows that best move, and the
    forced win and the forced loss are still found and avoided."""
    from soloboard.agents.mcts import _Decision

    state = next(s for s in decision_states("ufs", {"threat": 1}, 40, seed=6) if s.phase_name == "place")
    agent = agents.make("mcts", budget="500it", seed=1, reuse=False, backup="max")
    agent.search(state)
    n0 = agent.prior_visits
    checked = 0
    for node in agent._table.values():
        if isinstance(node, _Decision) and node.expanded and node.total:
            estimates = [(w + n0 * p) / (n + n0) for n, w, p in zip(node.n, node.w, node.prior or [], strict=True)]
            assert node.best_q == pytest.approx(max(estimates))
            assert estimates[node.best] == pytest.approx(node.best_q)
            checked += 1
    assert checked > 10
    # a move's estimate averages its replies' best estimates: still a chance of winning
    root = agent._table[eval_ufs.key(state)]
    assert all(0.0 <= w / n <= 1.0 for n, w in zip(root.n, root.w, strict=True) if n)
    end = play_out_decisions(forced_win(), agents.make("mcts", budget="200it", seed=2, backup="max"))
    assert end.is_terminal() and end.returns() == [1.0]
    loss = forced_loss()
    assert agents.make("mcts", budget="100it", seed=0, backup="max").step(loss) not in losing_first_moves(loss)
    with pytest.raises(ValueError, match="backup"):
        agents.make("mcts", backup="minimax")


# --- evaluations ------------------------------------------------------------------------------------

def test_evaluation_helpers_know_the_engines_phases() -> None:
    assert (eval_ufs.ROLL_PHASE, eval_ufs.PLACE_PHASE, eval_ufs.ROOMS_PHASE) == (ufs_state.ROLL, ufs_state.PLACE,
                                                                              ufs_state.ROOMS)
    assert eval_monstros.OVER == monstros_state.OVER
    assert len(eval_ufs.WEIGHTS) == len(eval_ufs.FEATURE_NAMES)
    assert len(eval_monstros.WEIGHTS) == len(eval_monstros.FEATURE_NAMES)


@pytest.mark.parametrize(("name", "params"), SETTINGS)
def test_values_are_probabilities_and_keys_follow_positions(name: str, params: dict[str, Any]) -> None:
    module = eval_ufs if name.startswith("ufs") else eval_monstros
    for state in decision_states(name, params, 30, seed=1):
        assert 0.0 <= module.value(state) <= 1.0
        copy = soloboard.state_from_json(state.to_json())
        assert module.key(copy) == module.key(state)
        legal = state.legal_actions()
        moved = state.clone()
        moved.apply_action(legal[0])
        assert module.key(moved) != module.key(state)


def test_ufs_values_see_research_and_damage() -> None:
    base = make_position(research=8)
    assert eval_ufs.value(make_position(research=12)) > eval_ufs.value(base)
    assert eval_ufs.value(make_position(research=8, damage=5)) < eval_ufs.value(base)
    won = forced_win()
    won.apply_action(won.string_to_action("G6c3"))
    won.apply_action(won.string_to_action("G5d3"))
    won.apply_action(won.string_to_action("use c3"))
    assert eval_ufs.value(won) == 1.0


def test_ufs_pruning_keeps_a_move_of_every_kind() -> None:
    state = forced_loss()
    kept = eval_ufs.prune(state, state.legal_actions())
    assert set(kept) <= set(state.legal_actions())
    # the rooms phase: discards are dropped (``done`` discards too), everything else stays
    rooms = decision_states("ufs", {}, 400, seed=2)
    rooms = [s for s in rooms if s.phase_name == "rooms" and any(s.dice)]
    assert rooms
    for s in rooms:
        kept = eval_ufs.prune(s, s.legal_actions())
        assert not [a for a in kept if s.action_to_string(a).startswith("discard")]
        assert [a for a in s.legal_actions() if not s.action_to_string(a).startswith("discard")] == kept


def test_ufs_pruning_leaves_out_the_dig_onto_a_tunnel_ahead_on_purpose() -> None:
    """Roswell's last path space, e5, is a tunnel, and column e's tunnel e2 is excavated. A die on e5
    would be the excavation die, and digging onto e5 is the only way to excavate d5, the end of the
    three-space research room b5-c5-d5: the rules allow it, but the agents leave it out, because
    offering it made them weaker with today's evaluation (ufs/evaluate.py's doc, docs/agents.md). If
    this fails, the move is back: measure the agent and refit the calibration maps before shipping."""
    state = make_position(research=15, energy=3, excavator="d5", gray=[1, 5, 6], white=[])
    assert {"G1e5", "G5e5", "G6e5"} <= set(strings(state))
    kept = strings(state, eval_ufs.prune(state, state.legal_actions()))
    assert not {"G1e5", "G5e5", "G6e5"} & set(kept)
    assert {"G1e2", "G5e2", "G6e2"} <= set(kept)  # the excavated tunnel of column e: the ships still move
    # the move itself works: the dig excavates the room, which the evaluation then counts
    play(state, "G1e5", "G5a0", "G6b0", "dig e5")
    assert pos(state)["excavator"] == "e5"
    assert eval_ufs.features(state)[eval_ufs.FEATURE_NAMES.index("last_space_chance")] > 0.8


# --- reachable everywhere -----------------------------------------------------------------------------

def test_sim_with_agents_and_budgets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "ufs", "--agent", "mcts", "--budget", "5it", "--games", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["agent"] == "mcts" and result["budget"] == "5it" and result["games"] == 2
    assert main(["sim", "ufs", "--agent", "test_agents:FirstLegal", "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    assert main(["sim", "ufs", "--agent", "mcts", "--budget", "soon", "--games", "2"]) == 2
    assert "invalid budget" in capsys.readouterr().err


def test_simulate_is_the_same_whatever_the_jobs() -> None:
    one = simulate("ufs", {"threat": 1}, "greedy", 6, seed=3, jobs=1)
    two = simulate("ufs", {"threat": 1}, "greedy", 6, seed=3, jobs=2)
    assert (one.wins, one.rounds, one.causes) == (two.wins, two.rounds, two.causes)


def test_bench_prints_mcts_simulations_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ufs", "--runs", "1", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "simulations/s" in out and "random playouts" in out


# --- the development tools behind the weights (docs/agents.md) ------------------------------------------

def test_fit_recovers_logistic_weights() -> None:
    from soloboard.agents.fit import fit, log_loss

    rng = random.Random(0)
    xs = [[1.0, rng.uniform(-2, 2), rng.uniform(-2, 2)] for _ in range(3000)]
    truth = [0.5, 2.0, -1.0]
    ys = [1.0 if rng.random() < 1 / (1 + pow(2.718281828, -sum(w * x for w, x in zip(truth, row, strict=True))))
          else 0.0 for row in xs]
    w = fit(xs, ys, l2=0.0)
    assert all(abs(a - b) < 0.25 for a, b in zip(w, truth, strict=True))
    assert log_loss(xs, ys, w) < log_loss(xs, ys, [0.0, 0.0, 0.0])


def test_tune_scores_greedy_on_seeded_games() -> None:
    from soloboard.agents import tune

    game = soloboard.load_game("ufs", threat=0)
    first = tune.score(game, eval_ufs, list(eval_ufs.WEIGHTS), 3, "t")
    assert first == tune.score(game, eval_ufs, list(eval_ufs.WEIGHTS), 3, "t")  # the same games
    wins, progress = first[1], first[2]
    assert 0 <= wins <= 3 and 0.0 < progress <= 1.0 and first[0] == wins + progress
    worse = [0.0] * len(eval_ufs.WEIGHTS)  # a flat evaluation: greedy plays its first move
    assert tune.score(game, eval_ufs, worse, 3, "t")[2] < progress
    assert tuple(worse) != eval_ufs.WEIGHTS  # the module's weights are put back


def test_tune_screens_changes_in_worker_processes_with_the_same_games() -> None:
    from soloboard.agents import tune

    game = soloboard.load_game("ufs", threat=1)
    changed = tune.variant(eval_ufs, "last_space_chance*4,bias=1")
    i, j = eval_ufs.FEATURE_NAMES.index("last_space_chance"), eval_ufs.FEATURE_NAMES.index("bias")
    assert changed[i] == eval_ufs.WEIGHTS[i] * 4 and changed[j] == 1.0
    assert [w for k, w in enumerate(changed) if k not in (i, j)] == [
        w for k, w in enumerate(eval_ufs.WEIGHTS) if k not in (i, j)]
    # the weights reach the worker processes: two processes play exactly the games one plays
    flat = [0.0] * len(eval_ufs.WEIGHTS)
    assert tune.score(game, eval_ufs, flat, 4, "s", jobs=2) == tune.score(game, eval_ufs, flat, 4, "s")
    assert tune.score(game, eval_ufs, flat, 4, "s", jobs=2) != tune.score(game, eval_ufs, changed, 4, "s", jobs=2)


@pytest.mark.parametrize("text", ["nonsense*2", "bias*x", "bias"])
def test_tune_rejects_a_change_it_cannot_read(text: str) -> None:
    from soloboard.agents import tune

    with pytest.raises(SystemExit, match="--try"):
        tune.variant(eval_ufs, text)
