"""One message catalog for every front end (terminal and browser), in five languages.

The msgid is the English text; translations live in gettext catalogs
``locale/{lang}/LC_MESSAGES/soloboard.po`` compiled to ``.mo`` beside them (both committed).
At run time only the standard library's :mod:`gettext` is used; Babel is a developer tool
(``python -m soloboard.i18n extract|update|compile|check``, see ``__main__``).

The language is chosen per context, not per process, so a web server answering requests in
different languages at once never mixes them::

    from soloboard.i18n import _, use
    with use("cs"):
        _("The mothership descends to row {row}.").format(row=3)

``set_language`` sets the default for a whole process (the terminal). Catalogs are read on
first use, so ``import soloboard`` stays light.

Terms follow the rulebooks (docs/glossary.md): nave-mãe, mateřská loď, statek matka, nave nodriza.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "_",
    "catalog",
    "current",
    "detect",
    "language_name",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "use",
]

DOMAIN = "soloboard"
LOCALE_DIR = Path(__file__).with_name("locale")

#: The languages of the rulebooks plus English (the msgid language), in the picker's order.
LANGUAGES: tuple[str, ...] = ("en", "pt", "cs", "pl", "es")
#: Each language's name in itself (what a language picker shows).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "pt": "Português",
    "cs": "Čeština",
    "pl": "Polski",
    "es": "Español",
}

_process_language = "en"
# None = follow the process default; a request or a test sets it with use()
_context_language: ContextVar[str | None] = ContextVar("soloboard_language", default=None)
_translations: dict[str, _gettext.NullTranslations] = {}


def check_language(lang: str) -> str:
    """``lang`` itself when it is one of the five; otherwise a ValueError naming them."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def language_name(lang: str) -> str:
    return LANGUAGE_NAMES[check_language(lang)]


def set_language(lang: str) -> None:
    """The default language of this process (contexts inside ``use`` keep theirs)."""
    global _process_language
    _process_language = check_language(lang)


def current() -> str:
    """The language texts come out in here and now."""
    return _context_language.get() or _process_language


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Texts inside the block come out in ``lang``; the language before is restored after.

    A ContextVar, so threads and asyncio tasks each keep their own (a new thread starts with
    the process default).
    """
    token = _context_language.set(check_language(lang))
    try:
        yield lang
    finally:
        _context_language.reset(token)


def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang``, read once; English (and a missing .mo) translate to the msgid."""
    t = _translations.get(lang)
    if t is None:
        check_language(lang)
        if lang == "en":
            t = _gettext.NullTranslations()
        else:
            t = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _translations[lang] = t
    return t


def _(message: str) -> str:
    """``message`` (English, the msgid) in the current language."""
    lang = _context_language.get() or _process_language
    if lang == "en":  # the common case costs one lookup and no catalog
        return message
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (Czech and Polish have three): ``ngettext("{n} ship", "{n} ships", n).format(n=n)``."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a context, where one English word needs different words elsewhere
    (a "white" ship is *branca*, a "white" die *branco*)."""
    return translations(current()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(current()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it now (module-level tables);
    translate it with ``_()`` where it is shown."""
    return message


def catalog(lang: str) -> dict[str, str | list[str]]:
    """Every translation of ``lang`` for the browser (``GET /api/i18n/{lang}``): msgid -> text.

    Plural entries are keyed by the singular msgid with the list of forms (the page picks the
    form with ``plural_index``'s rule); context entries are keyed ``context + "\\x04" + msgid``
    as gettext stores them. English gives an empty dict (the msgid is the text).
    """
    t = translations(lang)
    # GNUTranslations keeps the parsed .mo in ``_catalog`` (stable since Python 2); a
    # NullTranslations (English, or no .mo yet) has none
    raw: dict[object, str] = getattr(t, "_catalog", {})
    out: dict[str, str | list[str]] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, text in raw.items():
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = text
        elif isinstance(key, str) and key:  # "" is the header
            out[key] = text
    for msgid, forms in plurals.items():
        out[msgid] = [forms[i] for i in sorted(forms)]
    return out


def plural_index(lang: str, n: int) -> int:
    """Which plural form ``n`` takes in ``lang`` (the Plural-Forms of each catalog's header)."""
    check_language(lang)
    n = abs(n)
    if lang == "cs":
        return 0 if n == 1 else 1 if 2 <= n <= 4 else 2
    if lang == "pl":
        return 0 if n == 1 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1  # en, pt, es (Babel's Plural-Forms for pt: n != 1)


def detect(environ: dict[str, str] | None = None) -> str:
    """The language to use when none is asked for: SOLOBOARD_LANG, else the locale
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else English.

    SOLOBOARD_LANG must be one of the five (ValueError otherwise: a typo should not silently
    give English); a locale like ``cs_CZ.UTF-8`` gives ``cs``, and an unsupported one English.
    """
    env = os.environ if environ is None else environ
    asked = env.get("SOLOBOARD_LANG", "").strip()
    if asked:
        return check_language(asked.lower())
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":  # the first set locale variable decides, as in gettext
            break
    return "en"
