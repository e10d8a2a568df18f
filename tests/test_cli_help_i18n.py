"""The terminal's --help speaks the player's language: ``--lang X`` anywhere on the command line
(or ``--lang=X``), else ``SOLOBOARD_LANG``, else the locale, as the command itself decides. Every
help text goes through the catalog: the commands' own, the games' options (their kits' msgids,
as the browser's dialog translates its labels) and argparse's own words ("usage:", "options")."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from soloboard.cli.main import build_parser, main
from soloboard.core.registry import kits, report_options
from soloboard.i18n import _, set_language, use

TRANSLATED = ("pt", "cs", "pl", "es")
# a few phrases each language's help must say (the rulebooks' words where the game has them)
PLAY = {
    "cs": ("použití: soloboard play", "volby:", "zobrazit tuto nápovědu a skončit", "semínko kostek",
           "úroveň ohrožení 0-4: tolik destiček oblohy", "volby hry ufs (Nebe v plamenech)"),
    "pl": ("użycie: soloboard play", "opcje:", "pokaż tę pomoc i zakończ", "ziarno kości",
           "poziom zagrożenia 0-4: tyle kafli nieba", "opcje gry ufs (Pod wrogim niebem)"),
    "pt": ("uso: soloboard play", "opções:", "mostrar esta ajuda e sair", "semente dos dados",
           "nível de ameaça 0-4: esse número de peças de céu", "opções de monstros (A Invasão dos Monstros Sem Nome)"),
    "es": ("uso: soloboard play", "opciones:", "mostrar esta ayuda y salir", "semilla de los dados",
           "nivel de amenaza 0-4: ese número de losetas de cielo",
           "mothership: las cartas de cielo, de base, de investigación y de la nave nodriza"),
}
REPORT = {
    "cs": ("poziční argumenty:", "agenti oddělení čárkami", "ufs: úrovně ohrožení"),
    "pl": ("argumenty pozycyjne:", "agenci rozdzieleni przecinkami", "ufs: poziomy zagrożenia"),
    "pt": ("argumentos posicionais:", "agentes separados por vírgulas", "ufs: valores do nível de ameaça"),
    "es": ("argumentos posicionales:", "agentes separados por comas", "ufs: valores del nivel de amenaza"),
}
# argparse's own words, which Python's gettext domain 'argparse' would leave in English
ARGPARSE_WORDS = ("usage:", "options:", "positional arguments:", "show this help message and exit")


@pytest.fixture(autouse=True)
def no_language_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No language from the machine running the tests, wide lines (no help text is wrapped), and
    English again afterwards (main sets the process's language, as the terminal does)."""
    for var in ("SOLOBOARD_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COLUMNS", "1000")
    yield
    set_language("en")


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    out = capsys.readouterr().out
    assert done.value.code == 0, out
    return out


def english_helps(command: str) -> list[str]:
    """Every help sentence ``soloboard COMMAND --help`` prints in English (options and group titles)."""
    with use("en"):
        parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command_parser = sub.choices[command]
    texts = [a.help for a in command_parser._actions if a.help and a.help != argparse.SUPPRESS]
    texts += [g.title for g in command_parser._action_groups if g.title and g.title.endswith(" options")]
    return texts


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_help_comes_out_in_the_language_asked_before_the_command(lang: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(capsys, "--lang", lang, "play", "--help")
    for phrase in PLAY[lang]:
        assert phrase in out, (lang, phrase)
    english = english_helps("play")
    assert len(english) > 15
    for text in english + list(ARGPARSE_WORDS):
        assert text not in out, (lang, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_report_help_comes_out_in_the_language_of_soloboard_lang(lang: str, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOBOARD_LANG", lang)
    out = help_of(capsys, "report", "--help")
    assert out == help_of(capsys, "--lang", lang, "report", "--help")  # the environment says what --lang says
    for phrase in REPORT[lang]:
        assert phrase in out, (lang, phrase)
    for text in english_helps("report") + list(ARGPARSE_WORDS):
        assert text not in out, (lang, text)
    monkeypatch.setenv("SOLOBOARD_LANG", "en")  # --lang wins over the environment
    assert help_of(capsys, "--lang", lang, "report", "--help") == out


def test_the_language_may_be_asked_anywhere_and_the_last_one_counts(capsys: pytest.CaptureFixture[str]) -> None:
    czech = help_of(capsys, "--lang", "cs", "play", "--help")
    assert help_of(capsys, "--lang=cs", "play", "--help") == czech
    assert help_of(capsys, "play", "--lang", "cs", "--help") == czech
    assert help_of(capsys, "--lang", "pl", "play", "--lang", "cs", "--help") == czech


def test_the_locale_decides_when_nothing_else_does(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    out = help_of(capsys, "--help")
    assert out.startswith("użycie: soloboard [-h] [--version] [--lang {en,pt,cs,pl,es}] POLECENIE ...")
    assert "'soloboard POLECENIE --help'" in out  # the description names the command as the usage does
    assert "zagraj w grę w terminalu" in out and "play a game in the terminal" not in out


def test_the_english_help_is_as_it_was(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    lines = help_of(capsys, "play", "--help").splitlines()
    assert lines[0] == ("usage: soloboard play [-h] [--city CITY] [--side {blue,damaged,red}] [--threat THREAT] "
                        "[--sky SKY]")
    assert "positional arguments:" in lines and "options:" in lines and "ufs (Under Falling Skies) options:" in lines
    assert "  -h, --help            show this help message and exit" in lines
    assert "  --seed SEED           seed for the dice (default: random)" in lines
    assert help_of(capsys, "--lang", "en", "play", "--help").splitlines() == lines


def test_a_bad_lang_is_refused_by_argparse_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "xx", "play", "--help"], ["play", "ufs", "--lang", "xx"]):
        with pytest.raises(SystemExit) as refused:
            main(argv)
        assert refused.value.code == 2
        err = " ".join(capsys.readouterr().err.split())  # wrapped to the terminal like the help
        assert "error: argument --lang: invalid choice: 'xx' (choose from 'en', 'pt', 'cs', 'pl', 'es')" in err


def test_a_bad_soloboard_lang_leaves_the_help_in_english_and_the_command_says_why(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOBOARD_LANG", "xx")
    assert "seed for the dice (default: random)" in help_of(capsys, "play", "--help")
    assert main(["play", "ufs"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_a_lang_given_before_the_command_reaches_the_command() -> None:
    parser = build_parser()
    assert parser.parse_args(["--lang", "cs", "play", "ufs"]).lang == "cs"
    assert parser.parse_args(["--lang", "cs", "campaign", "list"]).lang == "cs"
    assert parser.parse_args(["--lang", "cs", "play", "ufs", "--lang", "pl"]).lang == "pl"
    assert parser.parse_args(["hint", "game.json"]).lang is None  # none given: SOLOBOARD_LANG, else the locale


def test_the_campaign_speaks_the_language_given_before_it(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert "na jakim etapie jest kampania" in help_of(capsys, "--lang", "pl", "campaign", "status", "--help")
    assert main(["--lang", "cs", "campaign", "--store", f"{tmp_path}/s.sqlite3", "list"]) == 0
    assert capsys.readouterr().out == "Zatím žádná kampaň: soloboard campaign new NAME\n"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_game_option_and_report_option_is_helped_in_the_language(lang: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The kits' command-line help is a msgid, translated from the one catalog as the dialog's labels are."""
    play = help_of(capsys, "--lang", lang, "play", "--help")
    report = help_of(capsys, "--lang", lang, "report", "--help")
    with use(lang):
        for game_kit in kits():
            for p in game_kit.parameters:
                if p.cli_help:
                    assert _(p.cli_help) != p.cli_help, (lang, p.flag)
                    assert _(p.cli_help) in play, (lang, p.flag)
        for option in report_options():
            assert _(option.help) != option.help and _(option.help) in report, (lang, option.flag)
