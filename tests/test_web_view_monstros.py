"""The browser's picture of a Monstros position agrees with the engine, and every legal move
has its own clicks on elements the picture draws."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import soloboard
from soloboard.monstros import actions as A
from soloboard.monstros.board_view import move_targets, view
from soloboard.monstros.render import render_text


def _positions(players: int, difficulty: str, seed: int, limit: int = 400) -> Any:
    """Every decision position of one random game (chance outcomes sampled)."""
    game = soloboard.load_game("monstros", players=players, difficulty=difficulty)
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen = 0
    while not state.is_terminal() and seen < limit:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        yield state
        seen += 1
        state.apply_action(rng.choice(state.legal_actions()))
    yield state


GAMES = [(1, "iniciante", 1), (1, "epico", 2), (3, "medio", 3), (3, "dificil", 4), (2, "facil", 5)]


def _element_keys(v: dict[str, Any]) -> set[str]:
    """The keys of every clickable element the page draws from the view."""
    keys = {slot["key"] for slot in v["board"]}
    keys |= {c["key"] for hand in v["hands"] for c in hand["cards"]}
    keys |= {m["key"] for m in v["monsters"]}
    keys |= {m["key"] for m in v["revealed"]}
    keys |= {m["key"] for m in v["order"]}
    keys |= {f"die:{d}" for d in v["dice"]["values"]}
    keys |= {f"tower:{n}" for n in range(1, v["towers"]["built"] + 1)}
    if v["die_tokens"]["count"]:
        keys.add("token")
    if v["shields"]["count"]:
        keys.add("shields")
    if v["dice"]["reroll"]:
        keys.add("reroll")
    return keys


@pytest.mark.parametrize(("players", "difficulty", "seed"), GAMES)
def test_view_agrees_with_the_engine(players: int, difficulty: str, seed: int) -> None:
    for state in _positions(players, difficulty, seed):
        v = view(state)
        json.dumps(v)  # JSON-ready
        deck = state.deck
        assert v["wall"]["value"] == state.wall
        assert v["invasion"]["value"] == state.invasion
        assert v["towers"]["built"] == state.built_towers and v["towers"]["dice"] == 1 + state.built_towers
        assert v["die_tokens"]["count"] == state.die_tokens
        assert v["shields"]["count"] == state.shields
        assert v["turn"] == state.round and v["seat"] == state.seat
        assert v["phase"] == state.phase_name
        assert [s["card"]["id"] if s["card"] else None for s in v["board"]] == \
            [deck.a_ids[k] for k in state.board] + [None] * (5 - len(state.board))
        for hand in v["hands"]:
            assert [c["id"] for c in hand["cards"]] == [deck.a_ids[k] for k in state.hand(hand["seat"])]
        assert [m["id"] for m in v["monsters"]] == [deck.m_ids[k] for k in state.table]
        for m in v["monsters"]:
            k = deck.m_ids.index(m["id"])
            assert (m["level"], m["life"], m["attack"], m["shield"]) == \
                (deck.level[k], deck.life[k], deck.attack[k], deck.shield[k])
        assert v["monster_attack"]["net"] == state.monster_attack()
        assert v["monster_attack"]["total"] - v["monster_attack"]["blocked"] == state.monster_attack()
        assert v["dice"]["values"] == state.dice_values()
        assert sum(m["damage"] for m in v["monsters"]) == sum(state.dice_on_target)
        assert v["monster_deck"]["size"] == state.monster_deck_size()
        assert sum(seg["size"] for seg in v["monster_deck"]["segments"]) == state.monster_deck_size()
        assert v["defeated"]["size"] == len(state.defeated)
        assert [m["id"] for m in v["defeated"]["top"]] == [deck.m_ids[k] for k in reversed(state.defeated[-3:])]
        assert v["action_deck"]["size"] == state.action_deck_size
        assert v["discard"]["size"] == sum(c["count"] for c in v["discard"]["cards"]) == sum(state.discard)
        assert [m["id"] for m in v["revealed"]] == [deck.m_ids[k] for k in state.revealed]
        # the terminal's picture of the same position says the same (render.py reads the same fields)
        text = render_text(state)
        assert f"Wall {state.wall}/50 · Invasion {state.invasion} " in text
        board_line = next(line for line in text.splitlines() if line.startswith("Board: "))
        cells = re.findall(r"\d:(\S+)", board_line.split("   (")[0])
        assert cells == [s["card"]["id"] if s["card"] else "-" for s in v["board"]]
        assert v["reconstructed"] is True and v["notices"][0]["kind"] == "reconstructed"
        if state.is_terminal():
            assert v["status"] in ("won", "lost") and v["result"]
            assert v["status"] == ("won" if state.returns()[0] == 1.0 else "lost")
            assert v["actor"] is None
        else:
            assert v["status"] == "playing" and v["actor"] == state.actor
            assert sum(h["deciding"] for h in v["hands"]) == 1


@pytest.mark.parametrize(("players", "difficulty", "seed"), GAMES)
def test_every_legal_move_has_its_own_clicks_on_drawn_elements(players: int, difficulty: str, seed: int) -> None:
    verbs: set[str] = set()
    for state in _positions(players, difficulty, seed):
        if state.is_terminal():
            break
        v = view(state)
        drawn = _element_keys(v)
        seen: dict[tuple[str, ...], int] = {}
        for action in state.legal_actions():
            target = move_targets(state, action)
            keys = tuple(target["keys"])
            assert keys, action
            assert keys not in seen, (state.action_to_string(action), state.action_to_string(seen[keys]))
            seen[keys] = action
            verbs.add(target["verb"])
            for key in keys:
                if key.startswith("btn:"):
                    assert target["label"]
                else:
                    assert key in drawn, (state.action_to_string(action), key)
            json.dumps(target)
        # a button's key never doubles as another move's first click
        firsts = [k[0] for k in seen]
        assert len([k for k in firsts if k.startswith("btn:")]) == len({k for k in firsts if k.startswith("btn:")})
    assert {"play", "hit", "done"} <= verbs


def test_targets_of_the_removals_name_the_board_slots_they_empty() -> None:
    checked = 0
    for seed in range(40):
        for state in _positions(2, "iniciante", seed):
            if state.is_terminal() or state.phase_name != "remove":
                continue
            for action in state.legal_actions():
                target = move_targets(state, action)
                if target["verb"] == "tower":
                    slots = [int(h.split(":")[1]) for h in target["highlight"]]
                    assert len(slots) == 3
                    after = state.clone()
                    after.apply_action(action)
                    # the three slots named are the cards that leave: the rest stay, in order
                    kept = [k for i, k in enumerate(state.board) if i + 1 not in slots]
                    assert after.board == kept
                    checked += 1
                elif target["verb"] == "five":
                    assert target["highlight"] == [f"slot:{i}" for i in range(1, 6)]
        if checked >= 5:
            break
    assert checked >= 5


def test_a_tower_move_names_the_cards_the_engine_removes() -> None:
    """The cards a tower click names and highlights are the ones the engine takes off the board
    (``triple_cards``, ``triple_slots``): wild cards included, in the deck's order."""
    wilds = 0
    checked = 0
    for seed in range(60):
        for state in _positions(1, "iniciante", seed):  # solo: both CONSTRUTOR cards are in the deck
            if state.is_terminal() or state.phase_name != "remove":
                continue
            for action in state.legal_actions():
                if not A.TRIPLE <= action <= A.TRIPLE_WILD:
                    continue
                target = move_targets(state, action)
                cards = state.triple_cards(action)
                slots = state.triple_slots(action)
                assert [state.board[i] for i in slots] == cards and len(set(slots)) == 3
                assert target["highlight"] == [f"slot:{i + 1}" for i in sorted(slots)]
                [removed] = [e for e in state.preview(action) if e["kind"] == "cards_removed"]
                assert removed["cards"] == [state.deck.a_ids[k] for k in cards]
                after = state.clone()
                after.apply_action(action)
                assert after.board == [k for i, k in enumerate(state.board) if i not in slots]
                wilds += sum(1 for k in cards if state.deck.wild[k])
                checked += 1
    assert checked >= 10 and wilds


@pytest.mark.parametrize("players", [2, 3])
def test_no_seat_sees_more_than_another(players: int) -> None:
    """Hands are open (the rulebook hides nothing; reading 1): every seat's picture is the same
    but for which hand is the viewer's; shuffled piles show only their size."""
    for state in _positions(players, "medio", 7 + players, limit=150):
        views = [view(state, seat) for seat in range(players)]
        for seat, v in enumerate(views):
            assert v["viewer"] == seat
            assert [h["mine"] for h in v["hands"]] == [s == seat for s in range(players)]
            assert all(len(h["cards"]) == state.hand_size(h["seat"]) for h in v["hands"])
        plain = []
        for v in views:
            v = dict(v, viewer=None, hands=[dict(h, mine=False) for h in v["hands"]])
            plain.append(json.dumps(v, sort_keys=True))
        assert len(set(plain)) == 1
        assert json.dumps(view(state), sort_keys=True) == plain[0]
        for seg in views[0]["monster_deck"]["segments"]:
            assert ("cards" in seg) == (not seg["shuffled"])
        assert set(views[0]["action_deck"]) == {"size"}


def test_a_known_bottom_order_is_shown_and_a_bad_seat_refused() -> None:
    game = soloboard.load_game("monstros", players=2)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="seat"):
        view(state, 2)
    # the first outcome every time: the set-up, the deal, then the first monsters' turn, whose
    # unplaced cards went to the bottom in a known order under the two shuffled piles
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    v = view(state)
    segments = v["monster_deck"]["segments"]
    assert [seg["shuffled"] for seg in segments] == [shuffled for shuffled, _ in state.monster_deck]
    assert any(not seg["shuffled"] for seg in segments)
    for seg, (shuffled, cards) in zip(segments, state.monster_deck, strict=True):
        if not shuffled:
            assert seg["cards"] == [state.deck.m_ids[k] for k in cards]
    assert v["monster_deck"]["top"] is None  # the top pile is shuffled: nobody knows the top card


def test_a_move_that_is_not_a_decision_is_refused() -> None:
    state = soloboard.load_game("monstros", players=1).new_initial_state()
    with pytest.raises(ValueError):
        move_targets(state, A.NUM_ACTIONS)


def test_an_owners_deck_file_is_not_marked_reconstructed_and_keeps_its_names(tmp_path: Any) -> None:
    from importlib import resources

    data = json.loads(resources.files("soloboard.monstros").joinpath("data", "reconstructed-deck.json")
                      .read_text(encoding="utf-8"))
    data["reconstructed"] = False
    data["title"] = "my printed cards"
    data["actions"][0]["name"] = "PÁ GRANDE"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    state = soloboard.load_game("monstros", players=2, deck=str(path)).new_initial_state()
    v = view(state)
    assert v["reconstructed"] is False
    assert v["notices"][0]["kind"] == "deck" and str(path) in v["notices"][0]["text"]
    # the owner's names as written (no English name is put on a card of someone else's deck)
    assert v["card_kinds"][data["actions"][0]["id"]]["name"] == "PÁ GRANDE"
    default = view(soloboard.load_game("monstros", players=2).new_initial_state())
    assert default["reconstructed"] is True and default["card_kinds"]["pa"]["name"] == "Shovel"
    assert default["card_kinds"]["pa"]["printed"] == "PÁ"


@pytest.mark.parametrize("lang", ["en", "pt", "cs", "pl", "es"])
def test_the_picture_and_the_clicks_in_every_language(lang: str) -> None:
    """Every text the table shows comes out in each language (a translation that lost a
    placeholder would raise here)."""
    from soloboard import i18n

    with i18n.use(lang):
        for state in _positions(3, "epico", 21, limit=120):
            v = view(state, 0)
            assert v["phase_text"] and v["difficulty"]["text"]
            assert all(note["text"] for note in v["notices"])
            if not state.is_terminal():
                for action in state.legal_actions():
                    target = move_targets(state, action)
                    if target["keys"][0].startswith("btn:"):
                        assert target["label"]
            json.dumps(v, ensure_ascii=False)
