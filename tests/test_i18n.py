"""The message catalog (soloboard/i18n): complete, compiled, faithful to the rulebooks' terms,
and per context (threads in different languages never mix)."""

from __future__ import annotations

import gettext
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import soloboard
from soloboard import i18n
from soloboard.core.chance import HistorySampler
from soloboard.i18n import LANGUAGES, _, catalog, detect, plural_index, use

babel = pytest.importorskip("babel")  # the dev extra: the catalog tools

from babel.messages.catalog import Message  # noqa: E402

from soloboard.i18n import __main__ as tools  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


@pytest.fixture(scope="module")
def template() -> Any:
    return tools.extract()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_is_translated_and_compiled(lang: str, template: Any) -> None:
    """Every msgid of the sources (Python and the page's JS) is in the catalog, translated, not
    fuzzy, with the msgid's placeholders, and the committed .mo is the compilation of the .po."""
    problems = tools.problems(lang, template)
    assert not problems, "\n".join(problems[:40]) + (f"\n... {len(problems)} in all" if len(problems) > 40 else "")


def test_every_page_text_reaches_the_catalog(template: Any) -> None:
    """Every t("...") / tn("...") / tp(context, "...") literal of the page's scripts is extracted,
    inside a template literal's ${...} too (else it would show in English in every language)."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    call = re.compile(r'(?<![\w.])(?:tn?|tp\("[^"]*",\s*)\(\s*"((?:[^"\\]|\\.)+)"')
    static = Path(soloboard.__file__).parent / "web" / "static"
    found = {(path.name, m.group(1)) for path in static.rglob("*.js") if path.name != "i18n.js"
             for m in call.finditer(path.read_text(encoding="utf-8"))}
    assert len(found) > 300
    assert sorted(x for x in found if x[1] not in ids) == []


def test_a_translation_that_drops_a_placeholder_is_caught() -> None:
    good = Message("the {ship} ship from {cell}", "a nave {ship} de {cell}")
    dropped = Message("the {ship} ship from {cell}", "a nave de {cell}")
    renamed = Message("the {ship} ship from {cell}", "a nave {navio} de {cell}")
    assert tools.placeholder_problems(good) == []
    assert tools.placeholder_problems(dropped) and tools.placeholder_problems(renamed)
    plural = Message(("{n} card", "{n} cards"), ("{n} karta", "{n} karty", "{n} karet"))
    assert tools.placeholder_problems(plural) == []
    broken = Message(("{n} {ship} ship", "{n} {ship} ships"), ("{n} letoun", "{n} letouny", "{n} letounů"))
    assert tools.placeholder_problems(broken)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_what_the_runtime_reads(lang: str) -> None:
    """The runtime's catalog (stdlib gettext, no Babel) has every translated entry of the .po."""
    po = tools._read(tools.po_path(lang), lang)
    runtime = catalog(lang)
    for m in po:
        if not m.id or m.fuzzy or not tools._is_translated(m):
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        if m.context:
            key = f"{m.context}\x04{key}"
        want = m.string if isinstance(m.string, str) else list(m.string)
        assert runtime.get(key) == want, key


# --- the rulebooks' terms -------------------------------------------------------------------------

def checked_terms() -> list[tuple[str, dict[str, str]]]:
    """The 'Checked terms' table of docs/glossary.md: (English pattern, {lang: pattern})."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Checked terms", 1)[1]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        patterns = [c.strip("`").replace("\\|", "|") for c in cells]
        rows.append((patterns[0], dict(zip(TRANSLATED, patterns[1:], strict=True))))
    return rows


def test_the_glossary_checks_the_main_terms() -> None:
    terms = dict(checked_terms())
    for term in ("mothership", "excavator", "drop points?", "research", "energy", "damage", "(?<!faulty )wall",
                 "invasion"):
        assert term in terms, term
    assert terms["mothership"]["pl"] and re.search(terms["mothership"]["pl"], "statek matka", re.I)


def _prose(msgid: str) -> str:
    """The English a translator translates: quoted notation ('remove tower') and placeholders are
    typed the same in every language, so they are left out of the term check."""
    return re.sub(r"\{[^{}]*\}", " ", re.sub(r"'[^']*'", " ", msgid))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_the_rulebooks_terms(lang: str) -> None:
    """Wherever an English string names a game term, its translation uses the rulebook's word for it
    (nave-mãe, mateřská loď, statek matka, nave nodriza, ...)."""
    po = tools._read(tools.po_path(lang), lang)
    missing = []
    for term, patterns in checked_terms():
        english = re.compile(rf"\b{term}\b", re.I)
        local = re.compile(patterns[lang], re.I)
        for m in po:
            if not m.id or not m.string:
                continue
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            if not any(english.search(_prose(i)) for i in ids):
                continue
            missing.extend(f"{term!r} -> {patterns[lang]!r}: {s!r}" for s in strings if s and not local.search(s))
    assert not missing, "\n".join(missing[:30]) + f"\n({len(missing)} in all)"


# --- the runtime -----------------------------------------------------------------------------------

def test_the_five_languages_and_their_names() -> None:
    assert LANGUAGES == ("en", "pt", "cs", "pl", "es")
    assert i18n.language_name("cs") == "Čeština" and i18n.language_name("pl") == "Polski"


def test_an_unknown_language_names_the_five() -> None:
    for bad in ("de", "", "EN", "pt_BR"):
        with pytest.raises(ValueError, match="en, pt, cs, pl, es"):
            i18n.set_language(bad)
        with pytest.raises(ValueError, match="en, pt, cs, pl, es"), use(bad):
            pass
        with pytest.raises(ValueError, match="en, pt, cs, pl, es"):
            catalog(bad)


def test_use_translates_and_restores() -> None:
    assert _("Mothership Phase") == "Mothership Phase"
    with use("cs"):
        assert _("Mothership Phase") == "Fáze mateřské lodi"
        with use("pl"):
            assert _("Mothership Phase") == "Faza statku matki"
        assert i18n.current() == "cs"
    assert i18n.current() == "en" and _("Mothership Phase") == "Mothership Phase"
    assert catalog("en") == {}
    assert catalog("es")["Mothership Phase"] == "Fase de la nave nodriza"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_page_picks_plural_forms_as_the_catalog_does(lang: str) -> None:
    """``plural_index`` (the rule the browser uses) is the Plural-Forms of the compiled catalog."""
    t = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[lang])
    for n in range(0, 230):
        assert plural_index(lang, n) == t.plural(n), (lang, n)  # type: ignore[attr-defined]
    forms = catalog(lang)["{n} card"]
    assert isinstance(forms, list) and len(forms) == (3 if lang in ("cs", "pl") else 2)
    with use(lang):
        assert i18n.ngettext("{n} card", "{n} cards", 5).format(n=5) == forms[plural_index(lang, 5)].format(n=5)


def test_detect_reads_soloboard_lang_then_the_locale() -> None:
    assert detect({}) == "en"
    assert detect({"LANG": "C.UTF-8"}) == "en"
    assert detect({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert detect({"LC_MESSAGES": "pl_PL.UTF-8", "LANG": "en_US.UTF-8"}) == "pl"
    assert detect({"LC_ALL": "de_DE.UTF-8", "LANG": "pt_BR.UTF-8"}) == "en"  # LC_ALL decides: unsupported
    assert detect({"LANGUAGE": "de:es", "LANG": "en_US"}) == "es"
    assert detect({"SOLOBOARD_LANG": "pt", "LANG": "cs_CZ.UTF-8"}) == "pt"
    with pytest.raises(ValueError, match="en, pt, cs, pl, es"):
        detect({"SOLOBOARD_LANG": "klingon"})


def test_catalogs_are_read_only_when_a_language_needs_them() -> None:
    code = ("import soloboard, soloboard.i18n as i; "
            "assert i._translations == {}, 'read at import'; "
            "assert i._('Dice Phase') == 'Dice Phase' and i._translations == {}, 'read for English'; "
            "i.set_language('es'); assert i._('Dice Phase') == 'Fase de dados'; print(sorted(i._translations))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['es']"


def _ufs_events(seed: int) -> tuple[Any, list[dict[str, Any]]]:
    state = soloboard.load_game("ufs", threat=2).new_initial_state()
    sampler, rng = HistorySampler(seed), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(sampler(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state, state.events()


def test_threads_in_different_languages_do_not_mix() -> None:
    """``use`` is per context: threads narrating the same game in five languages at once each get
    their own language throughout (a web server answers requests in different languages)."""
    from soloboard.ufs import narrate

    state, events = _ufs_events(4)
    expected = {}
    for lang in LANGUAGES:
        with use(lang):
            expected[lang] = [narrate.phrase(ev, state.game) for ev in events]
    assert expected["cs"] != expected["en"] and expected["pl"] != expected["pt"]
    barrier = threading.Barrier(len(LANGUAGES) * 2)
    results: dict[tuple[str, int], list[str]] = {}

    def work(lang: str, k: int) -> None:
        barrier.wait()
        with use(lang):
            out = []
            for ev in events:
                out.append(narrate.phrase(ev, state.game))
            results[(lang, k)] = out

    threads = [threading.Thread(target=work, args=(lang, k)) for lang in LANGUAGES for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for (lang, _k), out in results.items():
        assert out == expected[lang], lang
    assert i18n.current() == "en"


def test_refusals_come_out_in_the_language() -> None:
    state = soloboard.load_game("monstros", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    illegal = next(a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(soloboard.IllegalActionError) as english:
        state.clone().apply_action(illegal)
    with use("pt"), pytest.raises(soloboard.IllegalActionError) as portuguese:
        state.clone().apply_action(illegal)
    assert str(english.value) != str(portuguese.value)
    assert english.value.rule == portuguese.value.rule  # the rule's name is the same key everywhere


def test_every_rule_a_refusal_cites_is_in_the_catalog(template: Any) -> None:
    """Refusals name their rule with a stable English key (the API's "rule"); front ends show
    ``_(rule)``, so each key the engines use must be a msgid."""
    ids = {m.id for m in template if isinstance(m.id, str)}
    rules: set[str] = set()
    for game, params in (("ufs", {"threat": 1}), ("ufs-pnp", {"level": 2}), ("monstros", {"players": 2})):
        for seed in range(3):
            state = soloboard.load_game(game, **params).new_initial_state()
            sampler, rng = HistorySampler(seed), random.Random(seed)
            limit = state.game.num_distinct_actions() if hasattr(state, "game") else 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sampler(state))
                    continue
                legal = set(state.legal_actions())
                for action in rng.sample(range(limit), 12):
                    if action not in legal:
                        try:
                            state.clone().apply_action(action)
                        except soloboard.IllegalActionError as exc:
                            rules.add(exc.rule)
                state.apply_action(rng.choice(sorted(legal)))
    assert len(rules) >= 10
    assert not rules - ids, sorted(rules - ids)


def test_every_rule_the_page_is_refused_by_is_in_the_catalog(template: Any) -> None:
    """The web's own refusals (``GameError(status, message, rule)``) name rules too: the page shows
    them translated (``rule_text``), so the extractor collects them as it does the engines'."""
    ids = {m.id for m in template if isinstance(m.id, str)}
    web_rules = {"seat token", "stale move", "deck file", "campaign name", "undo", "finished game", "notation",
                 "turn order"}
    assert web_rules <= ids, sorted(web_rules - ids)


def test_the_campaigns_names_are_in_the_catalog_but_its_characters(template: Any) -> None:
    import json

    ids = {m.id for m in template if isinstance(m.id, str)}
    box = json.loads((ROOT / "src" / "soloboard" / "ufs" / "data" / "campaign" / "boxed.json").read_text("utf-8"))
    names = {c["kind"]: set() for c in box["components"]}
    for c in box["components"]:
        names[c["kind"]].add(c["name"])
    assert names["scenario"] | names["city"] | names["sky_tile"] <= ids
    assert not names["character"] & ids  # a person's name is the same in every language


# --- the terminal -------------------------------------------------------------------------------

def _play(args: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k not in ("SOLOBOARD_LANG", "LANGUAGE", "LC_ALL",
                                                                   "LC_MESSAGES", "LANG")}
    full_env.update({"SOLOBOARD_HOME": str(tmp_path / "home"), "COLUMNS": "120", "LINES": "60", **env})
    return subprocess.run([sys.executable, "-m", "soloboard.cli.main", *args], input="moves\nquit\n",
                          capture_output=True, text=True, env=full_env, timeout=120)


def test_play_lang_cs_prints_czech(tmp_path: Path) -> None:
    out = _play(["play", "ufs", "--seed", "7", "--lang", "cs"], {}, tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "hozeno:" in text.lower()  # the dice roll, narrated
    assert "Mateřská loď" in text and "Výzkum" in text and "Tvůj tah" in text
    assert "rolled:" not in text.lower()


def test_the_language_comes_from_the_environment(tmp_path: Path) -> None:
    polish = _play(["play", "ufs", "--seed", "7"], {"SOLOBOARD_LANG": "pl"}, tmp_path)
    assert polish.returncode == 0 and "Statek matka" in polish.stdout
    spanish = _play(["play", "ufs-pnp", "--seed", "7"], {"LANG": "es_ES.UTF-8"}, tmp_path)
    assert spanish.returncode == 0 and "nave nodriza" in spanish.stdout.lower()
    english = _play(["play", "ufs", "--seed", "7"], {"LANG": "C.UTF-8"}, tmp_path)
    assert english.returncode == 0 and "rolled:" in english.stdout.lower()
    bad = _play(["play", "ufs", "--seed", "7"], {"SOLOBOARD_LANG": "de"}, tmp_path)
    assert bad.returncode == 2 and "en, pt, cs, pl, es" in bad.stderr
