"""What each chapter of the boxed campaign brings, by name, behind a spoiler guard
(``ufs/data/campaign/contents.json``, with its sources).

The names come from one player's published list, checked against the same author's randomiser
table: names only, unverified, never rules text (the list's one-line gists of each new concept
were left out of the data). Opening a sealed chapter is the campaign's surprise, so a front end
shows a chapter's names only when the player asks for them, and a chapter after the one the
campaign has reached only when the player names it (``ahead``): :func:`chapter_view` refuses
it otherwise. Front ends (``soloboard campaign contents``, the campaign page) only show the view.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import N_, _, ngettext
from soloboard.ufs.campaign.box import DEFAULT_BOX, Box
from soloboard.ufs.campaign.procedure import Campaign, CampaignError

SPOILER_RULE = "campaign: a chapter's contents are a spoiler"
# the groups of a chapter, in the order they are shown, with their headings
GROUPS = (("cities", N_("Cities")), ("scenarios", N_("Scenarios")), ("characters", N_("Characters")),
          ("base_tiles", N_("Base tiles")), ("sky_tiles", N_("Sky tiles")), ("new_concepts", N_("New concepts")))
SOURCE_KEYS = ("rtf", "js")


@cache
def data() -> dict[str, Any]:
    """The data file as it is (its sources, its chapters, the disagreements between its sources)."""
    path = resources.files("soloboard.ufs") / "data" / "campaign" / "contents.json"
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def chapters() -> list[int]:
    """The chapters the data lists: 0 (in the box from the start) to 4."""
    return [int(ch["chapter"]) for ch in data()["chapters"]]


def _chapter(number: int) -> dict[str, Any]:
    for ch in data()["chapters"]:
        if int(ch["chapter"]) == number:
            return dict(ch)
    raise CampaignError(_("there is no chapter {n}: the chapters are {chapters}").format(
        n=number, chapters=", ".join(str(n) for n in chapters())))


def _disagreements() -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in data()["disagreements"]}


def _name(kind: str, entry: dict[str, Any], box: Box) -> str:
    """A name as shown: a component the campaign deals as the campaign names it everywhere (the box's
    lookup, in the current language where the catalog has it; a name the sources spell two ways
    comes with a note), a tile or a concept in the current language."""
    if kind == "sky_tiles":
        if entry["set"] == "basic":
            return ngettext("the {n} basic sky tile", "the {n} basic sky tiles", int(entry["count"])).format(
                n=entry["count"])
        if entry["set"] == "satellite":
            return _("the satellite sky tile (#{number})").format(number=entry["number_in_list"])
        return _("advanced sky tile #{number}").format(number=entry["number_in_list"])
    if kind == "new_concepts":
        return _(str(entry["name"]))  # the data's concept names are in the catalog (i18n extract)
    if "id" in entry:
        return box.name_of(str(entry["id"]))
    return str(entry["name"])


def _note(entry: dict[str, Any]) -> str | None:
    """What the two sources disagree on about this name, when the disagreement is not resolved."""
    found = _disagreements().get(str(entry.get("disagreement", "")))
    if found is None or found["resolved"]:
        return None
    if found["kind"] == "chapter":
        return _("chapter {rtf} in the player's list, chapter {js} in the randomiser table: which is right is not "
                 "known").format(rtf=found["rtf_chapter"], js=found["js_chapter"])
    return _("spelled {rtf} in the player's list, {js} in the randomiser table").format(
        rtf=found["rtf_spelling"], js=found["js_spelling"])


def provenance() -> dict[str, Any]:
    """Where the names come from, in words, with each source's repository, commit and path."""
    sources = data()["sources"]
    listed = [{"key": key, **{k: sources[key][k] for k in ("repository", "commit", "commit_date", "path")}}
              for key in SOURCE_KEYS]
    text = _("Names only, unverified: from a player's published list of each chapter's contents ({rtf}), checked "
             "against the same author's randomiser table ({js}). Neither is checked against the printed "
             "components, and nothing here is rules text.").format(
        rtf=_source_text(listed[0]), js=_source_text(listed[1]))
    return {"text": text, "sources": listed,
            "rulebooks": _("The components in the box from the start, as the rulebooks list them.")}


def _source_text(source: dict[str, Any]) -> str:
    return f"{source['repository']} {source['commit'][:7]}, {source['path']}"


def chosen_chapter(c: Campaign, asked: int | None) -> int:
    """The chapter shown: the one asked for by number, else the one the campaign has reached."""
    return c.chapter if asked is None else int(asked)


def chapter_view(c: Campaign, asked: int | None = None, *, ahead: bool = False) -> dict[str, Any]:
    """What chapter ``asked`` (default: the campaign's current one) brings, JSON-ready. A chapter after
    the campaign's current one is refused unless ``ahead`` (the player named it knowing it is ahead)."""
    if c.box.id != DEFAULT_BOX:
        raise CampaignError(_("no chapter contents are known for this campaign's box ({box})").format(box=c.box.id))
    number = chosen_chapter(c, asked)
    chapter = _chapter(number)
    later = number > c.chapter
    if later and not ahead:
        raise IllegalActionError(_("chapter {n} is not opened yet in this campaign (it is at chapter {current}): "
                                   "its contents are shown only when you ask for that chapter by number").format(
            n=number, current=c.chapter), SPOILER_RULE)
    groups = []
    for kind, label in GROUPS:
        items = [{"name": _name(kind, e, c.box), "id": e.get("id"), "unverified": bool(e.get("unverified", True)),
                  "note": _note(e)} for e in chapter.get(kind, [])]
        if items:
            groups.append({"kind": kind, "label": _(label), "items": items})
    notes = []
    if any(e.get("set") == "advanced" or e.get("set") == "satellite" for e in chapter.get("sky_tiles", [])):
        notes.append(_("The sky tiles are numbered as in the player's list, #1 the top tile and #4 the bottom one "
                       "(soloboard numbers them from the bottom); the numbers printed on the tiles are not known."))
    return {"campaign": c.name, "chapter": number, "current_chapter": c.chapter, "ahead": later,
            "in_the_box": bool(chapter.get("in_the_box")),
            "heading": (_("What is in the box from the start") if chapter.get("in_the_box")
                        else _("What chapter {n} brings").format(n=number)),
            "ahead_note": (_("Chapter {n} is not opened yet in this campaign: it is at chapter {current}.").format(
                n=number, current=c.chapter) if later else None),
            "groups": groups, "notes": notes, "provenance": provenance()}


def view_lines(view: dict[str, Any]) -> list[str]:
    """The view as lines of text (the terminal wraps them): the heading, each group, the notes, the sources."""
    lines = [view["heading"] + ":"]
    if view["ahead_note"]:
        lines.append(view["ahead_note"])
    marked = []
    for group in view["groups"]:
        names = []
        for item in group["items"]:
            names.append(item["name"] + (" *" if item["note"] else ""))
            if item["note"]:
                marked.append(f"* {item['name']}: {item['note']}")
        lines.append(f"  {group['label']}: " + ", ".join(names))
    lines.extend(marked)
    lines.extend(view["notes"])
    lines.append(view["provenance"]["rulebooks"] if view["in_the_box"] else view["provenance"]["text"])
    return lines
