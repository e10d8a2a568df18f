"""The campaign's components, known by name only: which chapter brings which scenario, city,
character and advanced sky tile (``ufs/data/campaign/boxed.json``, with its provenance).

Nothing here knows a component's rules: a campaign city's tiles and abilities, a scenario's
rules, a character's ability are on the sealed chapter components and are not known. An owner
may add them for their own use through a plugin (:mod:`soloboard.ufs.campaign.plugins`).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from soloboard.i18n import _

KINDS = ("scenario", "city", "character", "sky_tile")
# the three kinds a pile holds, in the order the rulebook names them ("1 scenario, 1 city, 1 character")
PILE_KINDS = ("scenario", "city", "character")
DEFAULT_BOX = "ufs-boxed"


class CampaignDataError(ValueError):
    """A campaign data file (or a plugin's box) that does not follow the documented format."""


@dataclass(frozen=True)
class Component:
    id: str
    kind: str  # scenario | city | character | sky_tile
    name: str
    chapter: int | None  # the sealed chapter it comes in (None: not known)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def shown_name(self) -> str:
        """The name in the current language: the catalog translates the data's scenario, city and
        sky tile names (``python -m soloboard.i18n extract`` reads them from the box's data file; a
        plugin's names are shown as given); a character's name is a person's and stays as it is."""
        return self.name if self.kind == "character" else _(self.name)


@dataclass(frozen=True)
class Box:
    """A campaign's contents: its chapters and the components each brings."""

    id: str
    name: str
    chapters: tuple[int, ...]
    components: tuple[Component, ...]
    provenance: str
    unknown: tuple[str, ...]
    final_scenario: str | None  # the last chapter's one scenario, set up as its (unknown) sheet says

    def get(self, component_id: str) -> Component:
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)

    def new_in_chapter(self, chapter: int, kind: str | None = None) -> list[Component]:
        return [c for c in self.components if c.chapter == chapter and (kind is None or c.kind == kind)]

    def of_kind(self, kind: str) -> list[Component]:
        return [c for c in self.components if c.kind == kind]

    def name_of(self, component_id: str) -> str:
        try:
            return self.get(component_id).shown_name
        except KeyError:
            return basic_city_name(component_id) or component_id


def fold(text: str) -> str:
    """A name as typed, compared without case, accents, spaces or punctuation ("Iz'ox" = "izox")."""
    plain = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.lower() if ch.isalnum())


def basic_city_name(city_id: str) -> str | None:
    """The name of a city the engine has data for (the basic three and any a plugin added), in the
    current language as the catalog has the city data's names (``_(city.name)``, as the game shows them);
    the campaign's own components are named by :attr:`Component.shown_name`."""
    from soloboard.ufs import components as C

    if city_id in C.city_ids():
        return _(C.city(city_id).name)
    return None


def box_from_dict(data: dict[str, Any]) -> Box:
    """Check a box in the data-file format (``ufs/data/campaign/boxed.json``) and build it."""
    try:
        comps = []
        seen: set[str] = set()
        for raw in data["components"]:
            kind = raw["kind"]
            if kind not in KINDS:
                raise CampaignDataError(_("component {id!r}: unknown kind {kind!r} (known: {kinds})").format(
                    id=raw.get("id"), kind=kind, kinds=", ".join(KINDS)))
            cid = str(raw["id"])
            if cid in seen:
                raise CampaignDataError(_("component id {id!r} appears twice").format(id=cid))
            seen.add(cid)
            chapter = raw.get("chapter")
            extra = {k: v for k, v in raw.items() if k not in ("id", "kind", "name", "chapter")}
            comps.append(Component(cid, kind, str(raw["name"]), None if chapter is None else int(chapter), extra))
        chapters = tuple(int(c) for c in data["chapters"])
        final = data.get("final_scenario")
        if final is not None and final not in seen:
            raise CampaignDataError(_("final_scenario {id!r} is not one of the components").format(id=final))
        return Box(str(data["id"]), str(data["name"]), chapters, tuple(comps), str(data.get("provenance", "")),
                   tuple(data.get("unknown", ())), final)
    except CampaignDataError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise CampaignDataError(_("campaign box data is not in the documented format ({error!r})").format(
            error=exc)) from None


_BOXES: dict[str, Box] = {}


def register_box(data: dict[str, Any]) -> Box:
    """Make another box (a plugin's, a test's) available by its id."""
    b = box_from_dict(data)
    _BOXES[b.id] = b
    return b


def unregister_box(box_id: str) -> None:
    _BOXES.pop(box_id, None)


def registered_box(box_id: str = DEFAULT_BOX) -> Box:
    """The box ``box_id`` among those shipped and registered so far (``plugins.get_box`` loads the
    plugins first, so a plugin's box is found too)."""
    if DEFAULT_BOX not in _BOXES:
        path = resources.files("soloboard.ufs") / "data" / "campaign" / "boxed.json"
        _BOXES[DEFAULT_BOX] = box_from_dict(json.loads(path.read_text(encoding="utf-8")))
    try:
        return _BOXES[box_id]
    except KeyError:
        raise CampaignDataError(_("unknown campaign box {box!r} (known: {boxes}); a plugin that adds it may be "
                                  "missing").format(box=box_id, boxes=", ".join(sorted(_BOXES)))) from None
