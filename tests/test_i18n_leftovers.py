"""What stayed English under ``--lang`` (issue 23, "Languages"): the notation parsers' errors, the
terminal's start line, the Monstros card names (Portuguese in every language, English included),
the rule a refusal names (terminal and page) and the campaign's scenario and city names."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard.i18n import LANGUAGES, _, use

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
# words of the English messages these tests look for: none may be left in another language's text
ENGLISH = re.compile(r"\b(cannot|read|moves|look|like|place|showing|city|side|threat|blue|damaged|seed|sky|"
                     r"not|monster|deck|valid|tower|equal|cards|only|revealed|space|column|row|empty|move|"
                     r"write|dice|roll|chance|outcome|game|rule)\b", re.IGNORECASE)


def _ufs(game: str = "ufs", **params: Any) -> Any:
    state = soloboard.load_game(game, **params).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def _monstros() -> Any:
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def _refusal(call: Any) -> str:
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


# --- the notation parsers' errors --------------------------------------------------------------

PARSE_ERRORS = {
    "ufs move": lambda: _ufs().string_to_action("xyz"),
    "ufs space": lambda: _ufs().string_to_action("use z9"),
    "ufs empty": lambda: _ufs().string_to_action("   "),
    "9-card move": lambda: _ufs("ufs-pnp").string_to_action("G9z9"),
    "ufs chance": lambda: soloboard.ufs.actions.parse_chance("roll Q1"),
    "ufs set-up draw": lambda: soloboard.load_game("ufs", threat=1).parse_setup("sky QQ"),
    "ufs other edition": lambda: _ufs().string_to_action("spawn red c"),
    "monstros move": lambda: _monstros().string_to_action("xyz"),
    "monstros card": lambda: _monstros().string_to_action("play zz"),
    "monstros monster": lambda: _monstros().string_to_action("hit 9z 3"),
    "monstros tower": lambda: _monstros().string_to_action("tower pa carrinho pa"),
    "monstros roll": lambda: soloboard.monstros.actions.parse_roll("roll 9"),
}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("case", sorted(PARSE_ERRORS))
def test_a_parse_error_comes_in_the_players_language(case: str, lang: str) -> None:
    english = _refusal(PARSE_ERRORS[case])
    with use(lang):
        translated = _refusal(PARSE_ERRORS[case])
    assert translated != english
    # what the player typed and the notation's examples stay as typed; the words around them do not
    prose = re.sub(r"'[^']*'", "", translated)
    assert not ENGLISH.findall(prose), (case, translated)


def test_a_czech_parse_error_reads_czech() -> None:
    with use("cs"):
        assert _refusal(PARSE_ERRORS["ufs move"]).startswith("nelze přečíst 'xyz': tahy se píšou jako 'G5c3'")
        assert "není pole základny" in _refusal(PARSE_ERRORS["ufs space"])
    with use("pl"):
        assert "nie jest kartą akcji tej talii" in _refusal(PARSE_ERRORS["monstros card"])


# --- the terminal's start line -----------------------------------------------------------------

def _play(args: list[str], lang: str, tmp_path: Path, typed: str = "quit\n") -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("SOLOBOARD_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES",
                                                             "LANG")}
    env.update({"SOLOBOARD_HOME": str(tmp_path / "home"), "COLUMNS": "120", "LINES": "60"})
    out = subprocess.run([sys.executable, "-m", "soloboard.cli.main", *args, "--lang", lang], input=typed,
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_start_line_names_city_side_and_threat_in_polish(tmp_path: Path) -> None:
    first = _play(["play", "ufs", "--seed", "3", "--threat", "1"], "pl", tmp_path).splitlines()[0]
    assert first == "Pod wrogim niebem (wersja pudełkowa): Roswell (niebieska strona), zagrożenie 1 · ziarno 3"
    assert not re.search(r"\b(city|side|threat|blue|roswell,)\b", first)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_start_line_has_no_option_names(lang: str) -> None:
    from soloboard.cli.terminal import game_label

    for game, params in (("ufs", {"city": "new-york", "side": "damaged", "threat": 2}),
                         ("ufs", {"city": "washington", "sky": "ETEE"}), ("ufs-pnp", {"level": 1})):
        state = soloboard.load_game(game, **params).new_initial_state()
        with use(lang):
            label = game_label(state)
            assert state.game.title() in label
        assert not re.search(r"\b(city|side|threat|sky|level|damaged|energy_rule|unidentified_action)\b", label), label


def test_a_named_sky_is_in_the_title() -> None:
    game = soloboard.load_game("ufs", city="roswell", sky="ETEE")
    assert game.title() == "Roswell (blue side), sky ETEE"
    with use("cs"):
        assert game.title() == "Roswell (modrá strana), obloha ETEE"


# --- Monstros card names -----------------------------------------------------------------------

def _say(event: dict[str, Any], lang: str) -> str:
    from soloboard.monstros import narrate

    game = soloboard.load_game("monstros", players=2)
    with use(lang):
        return narrate.describe({"action": 0, **event}, game.new_initial_state())


def test_a_card_name_is_english_in_english_and_the_printed_one_in_portuguese() -> None:
    dealt = {"kind": "card_dealt", "seat": 0, "card": "atraso"}
    assert _say(dealt, "en") == "Seat 1 is dealt Delay (atraso)."
    assert "Faulty wall (parede com defeito, defeito)" in _say({**dealt, "card": "defeito"}, "en")
    assert "atraso" in _say(dealt, "pt") and "Delay" not in _say(dealt, "pt")
    assert "Vadná zeď (parede com defeito, defeito)" in _say({**dealt, "card": "defeito"}, "cs")
    assert "Opóźnienie (atraso)" in _say(dealt, "pl")
    assert "Retraso (atraso)" in _say(dealt, "es")


def test_the_printed_name_comes_beside_the_translation_only_the_first_time() -> None:
    from soloboard.monstros import narrate
    from soloboard.monstros.cards import first_mentions

    state = soloboard.load_game("monstros", players=2).new_initial_state()
    event = {"kind": "card_drawn", "action": 0, "seat": 0, "card": "pa"}
    with first_mentions():
        first, second = narrate.describe(event, state), narrate.describe(event, state)
        crown = narrate.describe({"kind": "monster_revealed", "action": 0, "card": "coroa5", "why": "setup"}, state)
    assert first == "Seat 1 draws Shovel (PÁ, pa)."
    assert second == "Seat 1 draws Shovel (pa)."  # the id the notation types stays
    assert '"Crown (coroa)"' in crown


def test_the_board_gives_a_printed_name_once_it_is_shown(tmp_path: Path) -> None:
    text = _play(["play", "monstros", "--seed", "3"], "cs", tmp_path, typed="board\nquit\n")
    assert text.count("i (Počáteční příšera, monstro inicial)") == 1
    assert "i (Počáteční příšera)" in text
    assert "Kolečko (CARRINHO DE MÃO, carrinho)" in text and "Kolečko (carrinho)" in text
    for english in ("Starting monster", "Wheelbarrow", "dealt"):
        assert english not in text


def test_every_card_of_the_default_deck_is_named_in_five_languages_with_its_source() -> None:
    from soloboard.monstros.cards import default_deck, local_name

    data = json.loads(resources.files("soloboard.monstros").joinpath("data", "card-names.json")
                      .read_text(encoding="utf-8"))
    assert data["provenance"]
    deck = default_deck()
    named = {("action", deck.a_ids[k]): deck.a_names[k] for k in range(len(deck.a_ids)) if deck.a_names[k]}
    named |= {("monster", deck.m_ids[k]): deck.m_names[k] for k in range(len(deck.m_ids)) if deck.m_names[k]}
    entries = {("action", i): e for i, e in data["actions"].items()} | {("monster", i): e
                                                                       for i, e in data["monsters"].items()}
    assert set(entries) == set(named)
    for key, entry in entries.items():
        assert set(entry) == {*LANGUAGES, "source"} and all(entry.values()), key
        assert entry["pt"] == named[key], key  # the Portuguese is the deck file's own (printed) name
    k = deck.a_ids.index("atraso")
    assert [local_name(deck, "action", k, lang) for lang in LANGUAGES] == [
        "Delay", "atraso", "Zpoždění", "Opóźnienie", "Retraso"]


def test_an_owners_deck_is_shown_as_it_names_its_cards(tmp_path: Path) -> None:
    from soloboard.monstros.cards import load_deck_file, local_name

    data = json.loads(resources.files("soloboard.monstros").joinpath("data", "reconstructed-deck.json")
                      .read_text(encoding="utf-8"))
    data["actions"][-1]["name"] = "Atraso grande"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    deck = load_deck_file(path)
    with use("cs"):
        assert local_name(deck, "action", len(deck.a_ids) - 1) == "Atraso grande"


def test_the_page_gets_the_name_in_its_language_and_the_printed_one() -> None:
    from soloboard.core.registry import kit_of

    state = _monstros()
    with use("cs"):
        view = kit_of(state).board_view(state, None)
    card = view["card_kinds"]["defeito"]
    assert (card["name"], card["printed"]) == ("Vadná zeď", "parede com defeito")
    start = view["monster_kinds"]["i"]
    assert (start["name"], start["printed"]) == ("Počáteční příšera", "monstro inicial")


# --- the rule a refusal names ------------------------------------------------------------------

def test_the_terminal_names_a_monstros_rule_in_czech(tmp_path: Path) -> None:
    text = _play(["play", "monstros", "--seed", "3"], "cs", tmp_path, typed="keep\nfive\nplay zz\nquit\n")
    assert "✗ Nepovoleno (pořadí fází)" in text  # the rule "phase order", in Czech
    assert "'zz' není akční karta tohoto balíčku" in text
    assert "phase order" not in text and "is not an action card" not in text


def test_the_page_gets_the_rule_translated_and_its_stable_name(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from soloboard.web.app import create_app

    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        r = client.post("/api/games?lang=cs", json={"game": "ufs", "params": {"city": "roswell", "threat": 1},
                                                    "seed": 1})
        game = r.json()
        token = game["tokens"][0]["token"]
        legal = {m["id"] for m in game["moves"]}
        illegal = next(a for a in range(360) if a not in legal)
        body = {"ply": game["ply"], "action": illegal}
        refusal = client.post(f"/api/games/{game['id']}/moves?lang=cs", json=body, headers={"X-Seat-Token": token})
        assert refusal.status_code == 422
        answer = refusal.json()
        with use("cs"):
            assert answer["rule_text"] == _(answer["rule"]) != answer["rule"]
        no_token = client.post(f"/api/games/{game['id']}/moves?lang=pl", json=body).json()
        assert no_token["rule"] == "seat token" and no_token["rule_text"] == "klucz miejsca"


def test_the_boards_refusals_carry_the_rule_in_the_language() -> None:
    from soloboard.web.views import refusal

    state = _ufs()
    legal = set(state.legal_actions())
    with use("es"):  # every die placement the rules refuse here, as the page asks when one is clicked
        said = [refusal(state, a) for a in range(state.game.num_distinct_actions()) if a not in legal and
                state.action_to_string(a)[:1] in state.game.dice_letters][:40]
    refusals = [why for why in said if why["rule"]]
    assert refusals
    with use("es"):
        assert all(why["rule_text"] == _(why["rule"]) for why in refusals)
    assert any(why["rule_text"] != why["rule"] for why in refusals)


# --- the campaign's names ----------------------------------------------------------------------

def test_campaign_scenario_and_city_names_are_translated_characters_are_not() -> None:
    from soloboard.ufs.campaign.box import registered_box

    box = registered_box()
    assert box.name_of("evacuation") == "Evacuation"
    with use("pt"):
        assert box.name_of("evacuation") == "Evacuação"
        assert box.name_of("battle-for-the-sky") == "Batalha pelo Céu"
        assert box.name_of("mexico-city") == "Cidade do México"
        assert box.name_of("jaroslav-ruzicka") == "Jaroslav Růžička"  # a person's name
        assert box.name_of("new-york") == "Nova Iorque"  # the game's own city, as the game names it
    with use("cs"):
        assert box.name_of("kamikaze-ships") == "Letouny kamikadze"
    for lang in TRANSLATED:
        with use(lang):
            for c in box.components:
                if c.kind != "character":
                    assert c.shown_name != c.name or c.name in ("Havana", "Montreal", "Rio de Janeiro", "Cairo",
                                                               "Paris", "Sydney", "Johannesburg"), (lang, c.name)


def test_a_campaign_takes_a_scenario_named_in_the_players_language() -> None:
    from soloboard.ufs.campaign.box import registered_box
    from soloboard.ufs.campaign.procedure import Campaign

    campaign = Campaign(registered_box())
    with use("pl"):
        assert campaign.find("Ewakuacja", "scenario") == "evacuation"
        with pytest.raises(Exception) as unknown:
            campaign.find("Nic", "scenario")
        assert "Ewakuacja" in str(unknown.value)


# --- review ------------------------------------------------------------------------------------

def test_review_speaks_the_players_language(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _play(["play", "ufs", "--seed", "3"], "en", tmp_path, typed=f"ai 50it\nai 50it\nsave {save}\nquit\n")
    env = {k: v for k, v in os.environ.items() if k not in ("SOLOBOARD_LANG", "LANGUAGE", "LC_ALL", "LANG")}
    env.update({"SOLOBOARD_HOME": str(tmp_path / "home"), "COLUMNS": "200"})
    out = subprocess.run([sys.executable, "-m", "soloboard.cli.main", "review", str(save), "--budget", "50it",
                          "--lang", "cs"], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Roswell (modrá strana), ohrožení 0" in out.stdout
    assert "rozebrán" in out.stdout and "Rozdíly pod" in out.stdout
    assert not re.search(r"\b(reviewed|decisions|search|noise|mistakes|nothing to correct)\b", out.stdout)


# --- the game options' refusals and the 9-card edition's cards -----------------------------------

OPTION_ERRORS = {
    "city": lambda: soloboard.load_game("ufs", city="paris"),
    "threat": lambda: soloboard.load_game("ufs", threat=9),
    "side": lambda: soloboard.load_game("ufs", side="green"),
    "sky side": lambda: soloboard.load_game("ufs", sky="EXEE"),
    "sky length": lambda: soloboard.load_game("ufs", sky="EE"),
    "threat and sky": lambda: soloboard.load_game("ufs", threat=1, sky="ETEE"),
    "9-card level": lambda: soloboard.load_game("ufs-pnp", level=12),
    "9-card card": lambda: soloboard.load_game("ufs-pnp", difficult=["sky-9"]),
}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("case", sorted(OPTION_ERRORS))
def test_a_refused_game_option_is_told_in_the_players_language(case: str, lang: str) -> None:
    english = _refusal(OPTION_ERRORS[case])
    with use(lang):
        translated = _refusal(OPTION_ERRORS[case])
    assert translated != english
    prose = re.sub(r"'[^']*'|\b[a-z]+-[a-z0-9]+\b|\bdamaged\b|\bblue\b|\bdifficult\b", "", translated)
    assert not re.search(r"\b(unknown|valid|city|cities|threat|level|levels|sky|side|sides|give|either|not both|"
                         r"needs|card|cards)\b", prose), (case, translated)


def test_the_9_card_editions_unplayable_sides_are_told_in_spanish() -> None:
    with use("es"):
        game = soloboard.load_game("ufs-pnp", level=1)
        notes = " ".join(game.notices())
        with pytest.raises(ValueError) as refused:
            soloboard.load_game("ufs-pnp", level=6)
        with pytest.raises(ValueError) as named:
            soloboard.load_game("ufs-pnp", difficult=["base-0"])
    assert "carta de cielo 1" in notes and "carta de la nave nodriza" in notes
    assert not re.search(r"\b(mothership|science|sky|Not)\b", notes), notes
    assert "el nivel 6 necesita 6 cartas por su lado difícil" in str(refused.value)
    assert "cuánto frena un antiaéreo a las naves" in str(named.value)
    assert "base-0" in str(named.value)  # the card as one types it in difficult=
