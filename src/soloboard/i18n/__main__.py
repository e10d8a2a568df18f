"""Keep the message catalog: ``python -m soloboard.i18n extract|update|compile|check``.

- ``extract``: every ``_("...")`` (and ``ngettext``/``pgettext``/``N_``) in ``src/soloboard/**/*.py`` and
  every ``t("...")`` (``tn`` for plurals, ``tp`` with a context) in ``src/soloboard/web/static/*.js``
  into ``soloboard.pot``.
- ``update``: merge the template into each language's ``.po`` (new strings appear untranslated,
  changed ones fuzzy, removed ones dropped), then compile.
- ``compile``: write each ``.mo`` beside its ``.po`` (both are committed: the runtime needs no Babel).
- ``check``: exit 1 listing what is wrong: a string of the sources missing from a catalog, an
  untranslated or fuzzy entry, a placeholder (``{ship}``) that the translation changed, or a
  ``.mo`` that is not the compilation of its ``.po``.

Babel is a developer tool (the ``dev`` extra); only this module imports it.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from soloboard.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR
from soloboard.version import __version__

PACKAGE = Path(__file__).resolve().parent.parent  # src/soloboard
TEMPLATE = Path(__file__).resolve().with_name(f"{DOMAIN}.pot")
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

PY_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
# a translator's comment in the source: "# i18n: ..." / "// i18n: ..."
COMMENT_TAGS = ("i18n:",)
HEADER = ("# Translations of soloboard (the terminal and the browser).\n"
          "# English is the msgid; the terms follow the rulebooks: docs/glossary.md.\n"
          "# Keep every {placeholder}, the [markup] and quoted notation ('use b2') as they are.")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def _sources() -> Iterable[tuple[Path, str, dict[str, str]]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, "python", {}
    for path in sorted((PACKAGE / "web" / "static").rglob("*.js")):
        # t("...") calls inside a template literal's ${...} are messages too
        yield path, "javascript", {"template_string": "true", "parse_template_string": "true"}


def extract() -> Catalog:
    """A template catalog of every string the sources mark for translation."""
    template = Catalog(project="soloboard", version=__version__, domain=DOMAIN, fuzzy=False, header_comment=HEADER,
                       copyright_holder="the soloboard authors", msgid_bugs_address="")
    root = PACKAGE.parent
    for path, method, options in _sources():
        keywords = PY_KEYWORDS if method == "python" else JS_KEYWORDS
        for lineno, message, comments, context in extract_from_file(
            method, path, keywords=keywords, comment_tags=COMMENT_TAGS, options=options, strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            template.add(message, None, [(path.relative_to(root).as_posix(), lineno)],
                         auto_comments=comments, context=context)
    for path, lineno, rule in _rule_names():
        template.add(rule, None, [(path.relative_to(root).as_posix(), lineno)],
                     auto_comments=["the name of a rule, cited when a move is refused"])
    for path, text in _data_texts():
        template.add(text, None, [(path.relative_to(root).as_posix(), 0)],
                     auto_comments=["component data (translated where shown: _(city.name), _(ability text))"])
    return template


def _rule_names() -> Iterable[tuple[Path, int, str]]:
    """The names of the rules a refusal cites (``IllegalActionError(message, rule)``): the engines
    keep them as stable English keys (the API returns them), front ends show ``_(rule)``.

    Found in the source: a string literal given as a refusal's second argument, a string bound to
    a name ``rule`` or ``*_RULE``, and the rule of each kind of action in a ``_PHASES_OF`` table."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and len(node.args) >= 2:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                rule = node.args[1]
                if name == "IllegalActionError" and isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                    yield path, rule.lineno, str(rule.value)
                # the web's refusals name their rule third: GameError(status, message, rule)
                if (name == "GameError" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant)
                        and isinstance(node.args[2].value, str)):
                    yield path, node.args[2].lineno, str(node.args[2].value)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if isinstance(node.value.value, str) and any(n == "rule" or n.endswith("_RULE") for n in names):
                    yield path, node.lineno, node.value.value
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "_PHASES_OF" for t in node.targets):
                for value in getattr(node.value, "values", []):
                    if isinstance(value, ast.Tuple) and isinstance(value.elts[-1], ast.Constant):
                        yield path, value.lineno, str(value.elts[-1].value)
            elif isinstance(node, ast.ClassDef):
                for item in node.body:  # a class attribute ``rule = "city ability"``
                    if (isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant)
                            and any(getattr(t, "id", "") == "rule" for t in item.targets)):
                        yield path, item.lineno, str(item.value.value)


def _data_texts() -> Iterable[tuple[Path, str]]:
    """Texts printed on components that the data files carry: city names and their abilities, the
    campaign's component names."""
    for path in sorted((PACKAGE / "ufs" / "data" / "cities").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        yield path, data["name"]
        for side in data.get("sides", {}).values():
            text = (side.get("ability") or {}).get("text")
            if text:
                yield path, text
    # the campaign's scenario, city and sky tile names (Component.shown_name; a character's name stays)
    box = PACKAGE / "ufs" / "data" / "campaign" / "boxed.json"
    for component in json.loads(box.read_text(encoding="utf-8"))["components"]:
        if component["kind"] != "character":
            yield box, component["name"]
    # the campaign chapters' new concepts, named in a player's list (ufs/campaign/contents.py shows them)
    contents = PACKAGE / "ufs" / "data" / "campaign" / "contents.json"
    for chapter in json.loads(contents.read_text(encoding="utf-8"))["chapters"]:
        for concept in chapter["new_concepts"]:
            yield contents, concept["name"]


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


_DATE_LINE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*$', re.M)


def _write_po(path: Path, cat: Catalog) -> bool:
    """Write ``cat`` unless only its dates changed (no churn in the committed files); True if written."""
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_by_file=False, ignore_obsolete=True)
    new = buf.getvalue()
    if path.exists() and _DATE_LINE.sub(b"", path.read_bytes()) == _DATE_LINE.sub(b"", new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def compiled(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def cmd_extract() -> int:
    template = extract()
    written = _write_po(TEMPLATE, template)
    print(f"{TEMPLATE.name}: {len(template)} strings" + ("" if written else " (unchanged)"))
    return 0


def cmd_update() -> int:
    template = _read(TEMPLATE)
    for lang in TRANSLATED:
        path = po_path(lang)
        if path.exists():
            cat = _read(path, lang)
        else:
            cat = Catalog(locale=lang, domain=DOMAIN, project="soloboard", fuzzy=False)
        cat.update(template, update_header_comment=True)
        cat.version = __version__
        cat.last_translator = "soloboard"
        cat.msgid_bugs_address = ""
        cat.language_team = f"{LANGUAGE_NAMES[lang]} (the rulebooks' terms, docs/glossary.md)"
        _write_po(path, cat)
        print(f"{lang}: {len(cat)} strings, {_untranslated(cat)} untranslated, {_fuzzy(cat)} fuzzy")
    # the .mo carries the header's dates: recompile so moved source lines never leave it stale
    return cmd_compile()


def cmd_compile() -> int:
    for lang in TRANSLATED:
        cat = _read(po_path(lang), lang)
        mo_path(lang).write_bytes(compiled(cat))
        print(f"{lang}: {mo_path(lang).relative_to(PACKAGE.parent)}")
    return 0


def _untranslated(cat: Catalog) -> int:
    return sum(1 for m in cat if m.id and not _is_translated(m))


def _fuzzy(cat: Catalog) -> int:
    return sum(1 for m in cat if m.id and m.fuzzy)


def _is_translated(m: Message) -> bool:
    if isinstance(m.string, tuple | list):
        return all(m.string)
    return bool(m.string)


def _key(m: Message) -> tuple[str | None, str]:
    return m.context, m.id if isinstance(m.id, str) else m.id[0]


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def placeholder_problems(m: Message) -> list[str]:
    """Translations whose ``{name}`` placeholders differ from the msgid's (a dropped ``{ship}``)."""
    ids = [m.id] if isinstance(m.id, str) else list(m.id)
    strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
    problems = []
    for i, text in enumerate(strings):
        if not text:
            continue
        # a plural form may drop the count (Czech "jedna loď"), but never add or lose another name
        source = ids[min(i, len(ids) - 1)]
        want, got = set(placeholders(source)) | set(placeholders(ids[-1])), set(placeholders(text))
        if got != want and not (len(ids) > 1 and got < want and want - got <= {"{n}"}):
            problems.append(f"placeholders {sorted(want)} became {sorted(got)}: {text!r}")
    return problems


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """Everything wrong with ``lang``'s catalog (empty when it is complete and compiled)."""
    out: list[str] = []
    path = po_path(lang)
    if not path.exists():
        return [f"{lang}: no catalog {path}"]
    cat = _read(path, lang)
    if template is not None:
        have = {_key(m) for m in cat if m.id}
        for m in template:
            if m.id and _key(m) not in have:
                out.append(f"{lang}: not in the catalog (run update): {_key(m)[1]!r}")
    for m in cat:
        if not m.id:
            continue
        if m.fuzzy:
            out.append(f"{lang}: fuzzy: {_key(m)[1]!r}")
        elif not _is_translated(m):
            out.append(f"{lang}: untranslated: {_key(m)[1]!r}")
        else:
            out.extend(f"{lang}: {p}" for p in placeholder_problems(m))
    mo = mo_path(lang)
    if not mo.exists() or mo.read_bytes() != compiled(cat):
        out.append(f"{lang}: {mo.name} is not the compilation of {path.name} (run compile)")
    return out


def cmd_check() -> int:
    template = extract()
    found = [p for lang in TRANSLATED for p in problems(lang, template)]
    for p in found:
        print(p)
    counts = ", ".join(f"{lang} {len(_read(po_path(lang), lang)) if po_path(lang).exists() else 0}"
                       for lang in TRANSLATED)
    print(f"{len(template)} strings in the sources; catalogs: {counts}; {len(found)} problems")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    args = parser.parse_args(argv)
    return {"extract": cmd_extract, "update": cmd_update, "compile": cmd_compile, "check": cmd_check}[args.command]()


if __name__ == "__main__":
    sys.exit(main())
