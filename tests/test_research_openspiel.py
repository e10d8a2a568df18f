"""The OpenSpiel adapter: registration, OpenSpiel's own random-simulation test, its MCTS bot.

These tests need the research extra (CI installs it): without it the import below fails
with a message naming ``pip install 'soloboard[research]'``, it is never skipped.
"""

from __future__ import annotations

import pickle
import random
from importlib import resources

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import soloboard
from soloboard.research import openspiel as O
from soloboard.research import params as P

SETTINGS = [
    "python_soloboard_ufs",
    "python_soloboard_ufs(city=new-york,threat=2)",
    "python_soloboard_ufs(city=washington,side=damaged,sky=TEET)",
    "python_soloboard_ufs(city=roswell,side=damaged,threat=4,unidentified_action=none)",
    "python_soloboard_ufs_pnp",
    "python_soloboard_ufs_pnp(difficult=sky-1+sky-3,energy_rule=add)",
    "python_soloboard_ufs_pnp(level=2)",
    *(f"python_soloboard_monstros(players={n})" for n in range(1, 7)),
    "python_soloboard_monstros(players=3,difficulty=epico,five_removal=forced-only)",
]


def test_every_game_is_registered_under_its_documented_name() -> None:
    names = set(pyspiel.registered_names())
    assert {"python_soloboard_ufs", "python_soloboard_ufs_pnp", "python_soloboard_monstros"} <= names
    assert set(O.GAMES) == set(soloboard.game_names())
    O.register()  # registering again is harmless
    for name, spiel_name in O.GAMES.items():
        game = pyspiel.load_game(spiel_name)
        inner = game.soloboard
        assert inner.short_name == name
        assert game.num_distinct_actions() == inner.num_distinct_actions()
        assert game.max_chance_outcomes() == inner.max_chance_outcomes()
        assert game.num_players() == inner.num_players()
        assert (game.min_utility(), game.max_utility()) == (inner.min_utility(), inner.max_utility())
        kind = game.get_type()
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game.observation_tensor_shape() == [sum(int(np.prod(s)) for _, s in inner.observation_layout())]


def test_parameters_pass_through() -> None:
    game = pyspiel.load_game("python_soloboard_ufs(city=new-york,side=damaged,threat=2,unidentified_action=none)")
    assert game.soloboard.parameters() == {"city": "new-york", "side": "damaged", "unidentified_action": "none",
                                           "threat": 2}
    game = pyspiel.load_game("python_soloboard_ufs", {"sky": "ETTE"})
    assert game.soloboard.parameters()["sky"] == "ETTE"
    game = pyspiel.load_game("python_soloboard_ufs_pnp(difficult=sky-2+sky-4)")
    assert game.soloboard.parameters()["difficult"] == ["sky-2", "sky-4"]
    game = pyspiel.load_game("python_soloboard_monstros(players=5,difficulty=dificil)")
    assert game.soloboard.parameters()["players"] == 5 and game.num_players() == 5
    deck = str(resources.files("soloboard.monstros") / "data" / "reconstructed-deck.json")
    game = pyspiel.load_game("python_soloboard_monstros", {"deck": deck, "five_removal": "forced-only"})
    assert game.soloboard.parameters()["deck"] == deck and game.soloboard.five_removal == "forced-only"
    assert P.to_kwargs("ufs", {"threat": -1, "sky": ""}) == {"city": "roswell", "unidentified_action": "damage"}


def test_bad_parameters_are_refused_with_the_games_message() -> None:
    with pytest.raises(Exception, match="unknown city"):
        pyspiel.load_game("python_soloboard_ufs(city=paris)")
    with pytest.raises(Exception, match="Wrong type"):
        pyspiel.load_game("python_soloboard_ufs(threat=high)")
    with pytest.raises(ValueError, match="unknown parameter"):
        P.to_kwargs("ufs", {"colour": "red"})


@pytest.mark.parametrize("spec", SETTINGS)
def test_openspiel_random_sim_test_passes(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_clone_pickle_and_serialization_keep_the_position() -> None:
    game = pyspiel.load_game("python_soloboard_ufs(threat=1)")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(25):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    assert clone.soloboard_state is not state.soloboard_state
    clone.apply_action(clone.legal_actions()[0])  # the copy moves alone
    assert clone.history() != state.history()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_observations_through_openspiel_match_soloboard() -> None:
    game = pyspiel.load_game("python_soloboard_monstros(players=3)")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    for seat in range(3):
        assert state.observation_tensor(seat) == pytest.approx(state.soloboard_state.observation_tensor(seat))
        assert state.observation_string(seat) == state.soloboard_state.observation_string(seat)
    assert state.information_state_string(0) == " ".join(map(str, state.history()))


def test_monstros_stops_at_max_game_length_as_not_won() -> None:
    game = pyspiel.load_game("python_soloboard_monstros(players=2,max_game_length=5)")
    assert game.max_game_length() == 5
    state = game.new_initial_state()
    rng = random.Random(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    assert decisions == 5
    assert state.returns() == [0.0, 0.0]
    assert O.CAPPED in str(state)
    assert not state.soloboard_state.is_terminal()
    assert pyspiel.load_game("python_soloboard_monstros").max_game_length() == O.DEFAULT_CAP
    with pytest.raises(Exception, match="at least 1"):
        pyspiel.load_game("python_soloboard_monstros(max_game_length=0)")


def test_ufs_max_game_length_is_the_games_own_bound() -> None:
    game = pyspiel.load_game("python_soloboard_ufs")
    assert game.max_game_length() == game.soloboard.max_game_length()
    assert "max_game_length" not in game.get_parameters()


@pytest.mark.parametrize("spec", ["python_soloboard_ufs(threat=1)", "python_soloboard_ufs_pnp",
                                  "python_soloboard_monstros(players=1)", "python_soloboard_monstros(players=3)"])
def test_openspiel_mcts_bot_plays_a_game_to_the_end(spec: str) -> None:
    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves > 5
    assert state.returns() in ([0.0] * game.num_players(), [1.0] * game.num_players())
    assert state.soloboard_state.is_terminal()


def _python_and_cpp_answers(state: pyspiel.State) -> tuple[list[object], list[object]]:
    """What the adapter's Python methods answer, and what OpenSpiel's C++ State answers for the same calls."""
    seats = range(state.num_players())
    ours: list[object] = [state.is_chance_node(), state.is_player_node(), state.is_terminal(),
                          state.legal_actions(), *(state.legal_actions(p) for p in seats)]
    cpp: list[object] = [pyspiel.State.is_chance_node(state), pyspiel.State.is_player_node(state),
                         pyspiel.State.is_terminal(state), pyspiel.State.legal_actions(state),
                         *(pyspiel.State.legal_actions(state, p) for p in seats)]
    return ours, cpp


@pytest.mark.parametrize("spec", [
    "python_soloboard_ufs(threat=1)", "python_soloboard_ufs_pnp", "python_soloboard_monstros(players=3)",
    "python_soloboard_monstros(players=2,max_game_length=4)",  # capped: terminal before the game ends
])
def test_python_level_answers_equal_openspiels_cpp_path(spec: str) -> None:
    """The adapter answers is_chance_node/is_player_node/legal_actions in Python (no C++ round trip);
    OpenSpiel's C++ algorithms take the C++ path. Both must agree everywhere, to the end of the game."""
    game = pyspiel.load_game(spec)
    rng = random.Random(7)
    checked = 0
    for _ in range(5):
        state = game.new_initial_state()
        while True:
            ours, cpp = _python_and_cpp_answers(state)
            assert ours == cpp, state.history()
            checked += 1
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    assert checked > 50
