"""The campaign speaks the player's language: refusals, the sheet, the next step, the set-up,
the journal and the terminal's ``soloboard campaign`` all go through the one catalog; the
rule a refusal names stays its English key (``_(rule)`` where it is shown); the names of the
boxed campaign's components stay as the data has them (it has no translations)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from soloboard.cli.main import main
from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _, set_language, use
from soloboard.ufs.campaign import Campaign, battles, sheet
from soloboard.ufs.campaign import procedure as P

CAMPAIGN_SOURCES = ("soloboard/ufs/campaign/procedure.py", "soloboard/ufs/campaign/sheet.py",
                    "soloboard/ufs/campaign/battles.py", "soloboard/ufs/campaign/service.py",
                    "soloboard/ufs/campaign/files.py", "soloboard/ufs/campaign/repository.py",
                    "soloboard/ufs/campaign/box.py", "soloboard/cli/campaign.py")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """``main`` sets the process's language (as the terminal does): put English back for the next test."""
    yield
    set_language("en")


def campaign() -> Campaign:
    return Campaign.new("Poslední bitva", seed=5, threat=1)  # seed 5: pile 1 is Havana, Lucia Ortega


def test_a_refusal_is_translated_when_it_is_made_and_names_the_same_rule() -> None:
    c = campaign()
    with pytest.raises(IllegalActionError) as english:
        c.choose(3)
    with use("cs"), pytest.raises(IllegalActionError) as czech:
        c.choose(3)
    with use("pt"), pytest.raises(IllegalActionError) as portuguese:
        c.choose(3)
    assert str(english.value) == "choose pile 1 or 2, not 3"
    assert str(czech.value) == "vyber hromádku 1 nebo 2, ne 3"
    assert str(portuguese.value) == "escolha a pilha 1 ou 2, não 3"
    # the rule is the same English key everywhere (the API returns it); a front end shows _(rule)
    assert english.value.rule == czech.value.rule == portuguese.value.rule == P.R_PILES
    with use("cs"):
        assert _(czech.value.rule) == "kampaň: výběr bitvy (2 hromádky)"
    with use("pt"):
        assert _(portuguese.value.rule) == "campanha: escolher a batalha (duas pilhas)"


def test_a_refusal_at_the_wrong_step_says_the_next_step_in_the_language() -> None:
    c = campaign()
    with use("cs"), pytest.raises(IllegalActionError) as czech:
        c.record("won")
    assert str(czech.value) == ("teď nemůžeš zapsat výsledek: vyber hromádku 1 nebo 2 (druhá hromádka se z kampaně "
                                "odstraní).")
    assert czech.value.rule == P.R_BATTLE


def test_a_rulebook_quote_is_the_players_own_rulebook() -> None:
    """The blue-side rule is cited from the rulebook of the language shown (pt, cs and pl have one)."""
    c = campaign()
    c.choose(1)
    refusals = {}
    for lang in ("en", "pt", "cs", "pl"):
        with use(lang), pytest.raises(IllegalActionError) as refused:
            c.upgrade("Lucia Ortega")
        refusals[lang] = str(refused.value)
    assert "'Gracz używa niebieskiej strony postaci" in refusals["en"]
    assert "'Use o lado azul durante o capítulo onde encontra o personagem pela primeira vez.'" in refusals["pt"]
    assert "'Když se s postavou setkáš poprvé, budeš hrát s její modrou, základní stranou.'" in refusals["cs"]
    assert refusals["pl"].startswith("Lucia Ortega gra niebieską stroną w rozdziale 1")
    with use("pt"), pytest.raises(IllegalActionError) as unnamed:
        Campaign.new("  ")
    assert "'Invente um nome para a campanha'" in str(unnamed.value)


def test_the_sheet_and_the_next_step_in_czech_and_portuguese() -> None:
    c = campaign()
    english = sheet.sheet_text(c)
    with use("cs"):
        text = sheet.sheet_text(c)
        assert c.next_step() == "vyber hromádku 1 nebo 2 (druhá hromádka se z kampaně odstraní)."
    assert text.splitlines()[:2] == ["Kampaň: Poslední bitva", "(semínko 5, úroveň ohrožení 1)"]
    assert "  hromádka 1: scénář Bitva o oblohu · město Havana · postava Lucia Ortega" in text
    assert "Postavy: zatím žádné" in text and "Odstraněno z kampaně: zatím nic" in text
    assert text.endswith("Dále: vyber hromádku 1 nebo 2 (druhá hromádka se z kampaně odstraní).")
    with use("pt"):
        text = sheet.sheet_text(c)
    assert "  pilha 2: cenário Reforços · cidade Cidade do México · personagem Clinton Harper" in text
    assert text.endswith("A seguir: escolha a pilha 1 ou 2 (a outra pilha é retirada da campanha).")
    # English is unchanged, and the language in force when shown decides (nothing translated at import)
    assert sheet.sheet_text(c) == english
    assert english.endswith("Next: choose pile 1 or 2 (the other pile leaves the campaign).")


def test_the_set_up_the_notes_and_the_journal_in_polish_and_spanish() -> None:
    c = campaign()
    c.choose(1)
    battles.set_up(c)  # no plugin knows the boxed components: companion play
    with use("pl"):
        info = sheet.setup(c)
        parts = battles.unknown_parts(c)
        journal = sheet.journal_lines(c)
        step = c.next_step()
    lines = info["text"].splitlines()
    assert lines[0] == "Bitwa 1 (rozdział 1), gra 1: pierwsza gra, na niebieskiej stronie miasta."
    assert lines[1].startswith("Miasto: Hawana, niebieska (niezniszczona) strona (zasady są na zapieczętowanych")
    assert any(line.startswith("Poziom zagrożenia 1: ") and "kafel nieba" in line for line in lines)
    assert info["side"] == "blue" and info["sky"] == c.game.sky  # the JSON keeps its ids  # type: ignore[union-attr]
    assert parts[0] == "miasta Hawana (niebieska strona)"  # after "soloboard nie zna": the genitive
    assert journal[3].endswith("Wybrano stos 1; usunięte z kampanii: Posiłki, Meksyk, Clinton Harper.")
    assert "(tryb towarzyszący)" in journal[4]
    assert step == "rozegraj grę 1 bitwy 1 i zapisz wynik (wygrana lub przegrana)."
    c.record("lost")
    with use("es"):
        assert sheet.describe(c, c.records[-1]) == "Batalla 1, partida 1: perdida [X]."
        assert c.next_step() == ("la primera partida se perdió: prepara la segunda partida de la batalla 1 con el "
                                 "lado dañado de La Habana.")
        assert "    primera partida [X]   dañada [ ]   -> La Habana batalla en curso" in sheet.sheet_text(c)


def test_the_end_of_a_campaign_counts_battles_in_each_language() -> None:
    rec = {"kind": "campaign_ended", "by": "campaign", "battles": 2, "cities_saved": []}
    c = campaign()
    assert sheet.describe(c, rec) == "Campaign over after 2 battles; cities saved: none."
    with use("cs"):
        assert sheet.describe(c, rec) == "Kampaň skončila po 2 bitvách; zachráněná města: žádná."
    with use("pl"):
        assert sheet.describe(c, {**rec, "battles": 5}) == "Kampania zakończona po 5 bitwach; ocalone miasta: brak."


def test_basic_city_names_follow_the_game_and_campaign_names_are_translated_but_persons() -> None:
    c = campaign()
    with use("pt"):
        assert c.name_of("new-york") == "Nova Iorque"  # the basic city, as the game shows it
        assert c.name_of("mexico-city") == "Cidade do México" and c.name_of("lucia-ortega") == "Lucia Ortega"
        assert c.find_city("Nova Iorque") == "new-york"  # typed as the player reads it


def test_every_campaign_text_is_in_the_catalog_and_translated() -> None:
    """Every msgid of the campaign's sources (and every rule its refusals name) is translated,
    not fuzzy, in the four catalogs."""
    babel = pytest.importorskip("babel")  # the dev extra: the catalog tools
    assert babel
    from soloboard.i18n import __main__ as tools

    template = tools.extract()
    ours = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template
            if m.id and any(loc[0] in CAMPAIGN_SOURCES for loc in m.locations)}
    rules = {(None, getattr(P, n)) for n in dir(P) if n.startswith("R_")}
    assert rules <= ours and len(ours) > 150
    for lang in ("pt", "cs", "pl", "es"):
        po = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m
              for m in tools._read(tools.po_path(lang), lang)}
        missing = sorted(str(key) for key in ours
                         if key not in po or po[key].fuzzy or not tools._is_translated(po[key]))
        assert not missing, (lang, missing[:10])


# --- the terminal -------------------------------------------------------------------------------

def test_the_cli_speaks_czech_with_lang(campaign_cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SOLOBOARD_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    out = campaign_cli("new", "Praha", "--seed", "5", "--lang", "cs")
    assert out.startswith("Kampaň 'Praha' začala (semínko 5: stejné semínko vylosuje stejné hromádky i oblohy).")
    out = campaign_cli("choose", "3", "--lang", "cs", code=1)
    assert out == "Nepovoleno (kampaň: výběr bitvy (2 hromádky)): vyber hromádku 1 nebo 2, ne '3'\n"
    out = campaign_cli("--lang", "cs", "status")
    assert "Dále: vyber hromádku 1 nebo 2" in out and "Poznámka: Kapitola 1 otevřena" in out
    assert "Next:" not in out
    # without --lang and with no language in the environment: English, as before
    out = campaign_cli("status")
    assert "Next: choose pile 1 or 2 (the other pile leaves the campaign)." in out and "Dále" not in out


def test_the_cli_takes_the_language_from_the_environment(campaign_cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOBOARD_LANG", "cs")
    campaign_cli("new", "Brno", "--seed", "5")
    campaign_cli("choose", "1")
    out = campaign_cli("battle")
    assert "Doprovodný režim: soloboard nezná město Havana (modrá strana)" in out
    assert "Úroveň ohrožení 1: " in out
    out = campaign_cli("journal")
    assert "Deník:" in out and "  4. Vybrána hromádka 1; z kampaně odstraněno:" in out
    monkeypatch.setenv("SOLOBOARD_LANG", "pt")
    listed = campaign_cli("list")
    assert listed.startswith("Brno: capítulo 1, 1 batalha, partida em curso; ameaça 1; jogada pela última vez")
    assert campaign_cli("status", "Nope", code=2) == ("soloboard campaign: não há nenhuma campanha chamada 'Nope' "
                                                      "(campanhas: Brno)\n")


def test_the_help_is_translated(campaign_cli: Any, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLOBOARD_LANG", raising=False)
    with pytest.raises(SystemExit):
        main(["campaign", "--lang", "cs", "status", "--help"])
    czech = capsys.readouterr().out
    assert "kde kampaň stojí a co dělat dál" in czech
    monkeypatch.setenv("SOLOBOARD_LANG", "pl")
    with pytest.raises(SystemExit):
        main(["campaign", "--help"])
    polish = capsys.readouterr().out
    assert "wybierz stos 1 lub 2" in polish and "zmień poziom zagrożenia" in polish
