"""The decks: the default (RECONSTRUCTED) deck fits every fact the rulebook states; an owner's
deck file (``deck=PATH``) is read and checked, and a bad file is refused with the reason."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import pytest

import soloboard
from monstros_helpers import check_invariants, new_state, play_random
from soloboard.monstros.cards import default_deck


def default_data() -> dict:
    text = resources.files("soloboard.monstros").joinpath("data", "reconstructed-deck.json").read_text("utf-8")
    return json.loads(text)


def write(tmp_path, data, name="deck.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_default_deck_sizes_and_coloured_cards():
    deck = default_deck()
    assert sum(deck.m_count) == 54
    assert sum(deck.a_count) == 35
    roles = [r for r in deck.m_roles if r != "comum"]
    assert sorted(roles) == sorted(["inicial", "facil", "medio", "dificil", "epico"])
    assert deck.m_ids[deck.start_kind] == "i"
    green = [k for k in range(len(deck.a_ids)) if deck.colour[k] == "verde"]
    assert sum(deck.a_count[k] for k in green) == 2
    assert all(deck.wild[k] for k in green)
    assert all("CONSTRUTOR" in deck.a_names[k] for k in green)


def test_default_deck_cards_named_by_the_rulebook():
    deck = default_deck()
    names = set(deck.a_names)
    assert {"PÁ", "CARRINHO DE MÃO", "CONSTRUTOR"} <= names
    tools = [deck.a_names[k] for k in deck.tool_kinds]
    # no invented tool names: the third tool is named neutrally
    assert sorted(tools) == sorted(["PÁ", "CARRINHO DE MÃO", "ferramenta C"])
    assert any(deck.colour[k] == "vermelha" for k in range(len(deck.a_ids)))
    assert not any(deck.wild[k] for k in range(len(deck.a_ids)) if deck.colour[k] == "vermelha")


def test_default_deck_monsters_fit_the_rulebook_examples():
    deck = default_deck()
    crowns = sorted(deck.level[k] for k in range(len(deck.m_ids)) if deck.m_names[k] == "coroa")
    assert crowns == [5, 7]
    for k in range(len(deck.m_ids)):
        if deck.m_names[k] == "coroa":
            assert deck.raises[k] and deck.saves[k] and deck.m_count[k] == 1
    assert any(deck.level[k] == 4 and deck.shield[k] and deck.raises[k] for k in range(len(deck.m_ids)))
    for ability in ("raises", "saves", "destroys"):
        assert any(getattr(deck, ability)), ability
    assert {3, 6} <= set(deck.life)
    assert sum(deck.m_count[k] for k in range(len(deck.m_ids)) if deck.level[k] == 1) >= 2
    # special (red symbols) = having an ability
    assert all(deck.special[k] == (deck.raises[k] or deck.saves[k] or deck.destroys[k])
               for k in range(len(deck.m_ids)))


def test_default_deck_is_labelled_reconstructed_everywhere():
    data = default_data()
    assert data["reconstructed"] is True
    assert "RECONSTRUCTED" in data["title"] and "NOT the printed deck" in data["note"]
    notices = soloboard.load_game("monstros").notices()
    assert "RECONSTRUCTED" in notices[0] and "NOT the printed deck" in notices[0]
    assert any("Hands are open" in n for n in notices)
    assert any("five_removal" in n for n in notices)


def test_owner_deck_file_is_used(tmp_path):
    data = default_data()
    data["reconstructed"] = False
    data["title"] = "my printed cards"
    for card in data["monsters"]:
        if card["id"] == "i":
            card["life"] = 9  # the starting monster, as an owner might read it
    path = write(tmp_path, data)
    game = soloboard.load_game("monstros", players=2, deck=path)
    assert game.parameters()["deck"] == path
    assert game.deck.life[game.deck.start_kind] == 9
    assert game.notices()[0] == f"Cards from the deck file {path} (entered by its owner)."
    state = play_random(game.new_initial_state(), random.Random(1))
    check_invariants(state)
    loaded = soloboard.state_from_json(state.to_json())
    assert loaded == state and loaded.game.deck.life[loaded.game.deck.start_kind] == 9


def test_deck_file_with_other_kinds_and_counts(tmp_path):
    data = default_data()
    data["actions"] = [
        {"id": "martelo", "name": "MARTELO", "colour": "azul", "count": 20},
        {"id": "construtor", "name": "CONSTRUTOR", "colour": "azul", "wild": True, "count": 5},
        {"id": "verde", "name": "CONSTRUTOR", "colour": "verde", "wild": True, "count": 2},
        {"id": "chuva", "name": "chuva", "colour": "vermelha", "count": 8},
    ]
    path = write(tmp_path, data)
    for players in (1, 3):
        state = new_state(players=players, deck=path)
        for seed in range(5):
            play_random(state.clone(), random.Random(seed))
        check_invariants(state)


def test_pathlib_paths_are_accepted(tmp_path):
    path = write(tmp_path, default_data())
    from pathlib import Path

    assert soloboard.load_game("monstros", deck=Path(path)).parameters()["deck"] == path


def monsters_total(data):
    return sum(c["count"] for c in data["monsters"])


def mutate(change):
    data = copy.deepcopy(default_data())
    change(data)
    return data


BAD_DECKS = [
    (lambda d: d.update(format="other"), "'format' must be 'soloboard-monstros-deck'"),
    (lambda d: d.update(version=2), "'version' must be 1"),
    (lambda d: d.pop("reconstructed"), "'reconstructed' must be true or false"),
    (lambda d: d["monsters"][5].update(count=4), "the monster deck has 54 cards .* this file has 53"),
    (lambda d: d["actions"][0].update(count=8), "the action deck has 35 cards .* this file has 36"),
    (lambda d: d["monsters"][0].update(role="comum"), "exactly one 'inicial' monster"),
    (lambda d: d["monsters"][2].update(role="facil"), "exactly one 'facil' monster"),
    (lambda d: d["monsters"][6].update(id="1a"), "id '1a' is used twice"),
    (lambda d: d["monsters"][6].update(id="bad id"), "'id' must be"),
    (lambda d: d["monsters"][6].update(level=0), "'level' must be a whole number 1..15"),
    (lambda d: d["monsters"][6].update(life="3"), "'life' must be a whole number"),
    (lambda d: d["monsters"][6].update(attack=-1), "'attack' must be a whole number 0..50"),
    (lambda d: d["monsters"][6].update(shield="yes"), "'shield' must be true or false"),
    (lambda d: d["monsters"][6].update(abilities=["fly"]), "'abilities' must list"),
    (lambda d: d["monsters"][6].update(abilities=["salve_3", "salve_3"]), "'abilities' must list"),
    (lambda d: d["monsters"][6].update(colour="azul"), "unknown field|belong to action cards"),
    (lambda d: d["monsters"][6].update(power=3), "unknown field"),
    (lambda d: d["actions"][5].update(wild=True), "a red card cannot be wild"),
    (lambda d: d["actions"][4].update(wild=False), "green cards are the two CONSTRUTOR"),
    (lambda d: d["actions"][4].update(count=3) or d["actions"][0].update(count=6), "2 green CONSTRUTOR"),
    (lambda d: d["actions"][0].update(colour="roxa"), "'colour' must be one of azul, vermelha, verde"),
    (lambda d: d["actions"][0].update(level=2), "belong to monsters"),
    (lambda d: d.update(monsters="none"), "'monsters' and 'actions' must be lists"),
    (lambda d: d["monsters"].append("x"), "each card must be an object"),
]


@pytest.mark.parametrize(("change", "message"), BAD_DECKS)
def test_bad_deck_files_are_refused_with_the_reason(tmp_path, change, message):
    path = write(tmp_path, mutate(change))
    with pytest.raises(ValueError, match=message):
        soloboard.load_game("monstros", deck=path)


def test_unreadable_deck_files(tmp_path):
    with pytest.raises(ValueError, match="no such file"):
        soloboard.load_game("monstros", deck=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        soloboard.load_game("monstros", deck=str(bad))
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ValueError, match="one JSON object"):
        soloboard.load_game("monstros", deck=str(bad))
    with pytest.raises(ValueError, match="cannot be read"):
        soloboard.load_game("monstros", deck=str(tmp_path))


def test_too_many_kinds_are_refused(tmp_path):
    data = default_data()
    extra = [{"id": f"x{i}", "level": 1, "life": 1, "attack": 1, "count": 1} for i in range(60)]
    data["monsters"] = data["monsters"][:5] + extra  # 65 kinds (and 65 cards)
    with pytest.raises(ValueError, match="at most 64 kinds of monster"):
        soloboard.load_game("monstros", deck=write(tmp_path, data))


def test_an_edited_deck_file_is_read_again(tmp_path):
    data = default_data()
    path = write(tmp_path, data)
    assert soloboard.load_game("monstros", deck=path).deck.life[0] == 2
    data["monsters"][0]["life"] = 5
    data["title"] = "edited, and longer so that the size changes"
    write(tmp_path, data)
    assert soloboard.load_game("monstros", deck=path).deck.life[0] == 5
