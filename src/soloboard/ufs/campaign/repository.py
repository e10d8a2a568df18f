"""Campaigns in the one SQLite store (``soloboard/core/store.py``, table ``campaigns``).

A row holds a campaign's whole file (:mod:`.files`: its journal), so what the terminal and the
browser read is exactly what ``export`` writes. ``revision`` (the number of records when it
was read) guards against two front ends saving over each other's steps.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from soloboard.core.store import Store
from soloboard.i18n import _
from soloboard.ufs.campaign import files
from soloboard.ufs.campaign.box import fold
from soloboard.ufs.campaign.procedure import Campaign, CampaignError


def _now() -> str:
    # microseconds: "the campaign played last" is the latest updated_at, even for steps a moment apart
    return datetime.now(UTC).isoformat(timespec="microseconds")


UNREADABLE = "unreadable"  # a stored campaign this soloboard cannot replay now (Summary.error says why)


class CampaignExists(CampaignError):
    """A campaign of that name (case and accents aside) is in the store already."""


# A campaign is found by its name, in the terminal and in the browser's addresses (/campaign/NAME,
# /api/campaigns/NAME): a name must fit on the sheet and be one segment of a path.
MAX_NAME = 60


class CampaignNameError(CampaignError):
    """A campaign name that cannot be stored: too long, or not one segment of an address."""


# words of the campaigns' addresses (POST /api/campaigns/import, /api/campaigns/custom...): a campaign
# named so would share its address with them
RESERVED_NAMES = ("import", "custom")


def check_name(name: str) -> str:
    """``name`` if a campaign may be stored under it; :class:`CampaignNameError` names the rule."""
    if len(name) > MAX_NAME:
        raise CampaignNameError(_("a campaign name has at most {limit} characters; this one has {n}").format(
            limit=MAX_NAME, n=len(name)))
    # a slash splits a path, and a browser turns a backslash into one; control characters are no text
    bad = sorted({ch for ch in name if ch in "/\\" or unicodedata.category(ch) in ("Cc", "Cs")})
    if bad:
        raise CampaignNameError(_("a campaign name cannot hold {chars}: the name is part of the campaign's "
                                  "address").format(chars=" ".join(repr(ch) for ch in bad)))
    if name.strip(".") == "":
        raise CampaignNameError(_("a campaign name cannot be only dots: the name is part of the campaign's "
                                  "address"))
    if name.casefold() in RESERVED_NAMES:
        raise CampaignNameError(_("{name!r} cannot name a campaign: the browser's addresses use that word "
                                  "(/api/campaigns/{name})").format(name=name))
    return name


@dataclass(frozen=True)
class Summary:
    name: str
    chapter: int
    phase: str
    battles: int
    threat: int | None
    updated_at: str
    error: str | None = None
    created_at: str = ""

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class CampaignRepository:
    """``CampaignRepository(store)``: list, load and save campaigns by name."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db  # the table ``campaigns`` is the store's (schema 3, core/store.py)

    def names(self) -> list[str]:
        # a campaign being deleted (the browser's Undo may still take it back) is no campaign any more
        return [r[0] for r in self.db.execute("SELECT name FROM campaigns WHERE deleted_at IS NULL "
                                              "ORDER BY updated_at DESC, id DESC")]

    def summaries(self) -> list[Summary]:
        """Every campaign, the latest played first; one that cannot be read now (its box came with
        a plugin that is gone, say) is listed with the reason, not left out and not fatal."""
        out = []
        for (name, document, updated, created) in self.db.execute(
                "SELECT name, document, updated_at, created_at FROM campaigns WHERE deleted_at IS NULL "
                "ORDER BY updated_at DESC, id DESC"):
            try:
                c = files.loads(document)
            except CampaignError as exc:
                out.append(Summary(name, 0, UNREADABLE, 0, None, updated, str(exc), created))
                continue
            out.append(Summary(c.name, c.chapter, c.phase, len(c.battles), c.threat, updated, None, created))
        return out

    def resolve(self, name: str | None) -> str:
        """The stored name meant by ``name`` (case and accents aside); None: the latest played."""
        names = self.names()
        if not names:
            raise CampaignError(_("no campaign yet: start one with 'soloboard campaign new NAME'"))
        if name is None:
            return names[0]
        if name in names:
            return name
        hits = [n for n in names if fold(n) == fold(name)]
        if len(hits) == 1:
            return hits[0]
        raise CampaignError(_("no campaign called {name!r} (campaigns: {names})").format(name=name,
                                                                                       names=", ".join(names)))

    def load(self, name: str | None = None) -> tuple[Campaign, int]:
        """The campaign and its revision (pass it back to :meth:`save`)."""
        stored = self.resolve(name)
        row = self.db.execute("SELECT document, records FROM campaigns WHERE name = ?", (stored,)).fetchone()
        return files.loads(row[0]), int(row[1])

    def add(self, campaign: Campaign) -> None:
        check_name(campaign.name)
        self.store.purge_deleted()  # a deletion past its undo window frees its name
        if any(fold(n) == fold(campaign.name) for n in self.names()):
            raise CampaignExists(_("a campaign called {name!r} exists already: choose another name").format(
                name=campaign.name))
        pending = [r["name"] for r in self.store.deleted_campaigns()]
        if any(fold(n) == fold(campaign.name) for n in pending):
            raise CampaignExists(_("a campaign called {name!r} was deleted a moment ago and can still be taken "
                                   "back: undo it, or choose this name again in a few seconds").format(
                name=campaign.name))
        now = _now()
        with self.db:
            self.db.execute("INSERT INTO campaigns (name, box, document, records, phase, created_at, updated_at) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (campaign.name, campaign.box.id, files.dumps(campaign), len(campaign.records),
                             campaign.phase, now, now))

    def save(self, campaign: Campaign, revision: int) -> int:
        """Store the campaign over the version read at ``revision``; the new revision."""
        with self.db:
            cur = self.db.execute(
                "UPDATE campaigns SET document = ?, records = ?, phase = ?, updated_at = ? "
                "WHERE name = ? AND records = ?",
                (files.dumps(campaign), len(campaign.records), campaign.phase, _now(), campaign.name, revision))
            if cur.rowcount != 1:
                raise CampaignError(_("campaign {name!r} was changed elsewhere since it was read: read it again "
                                      "(nothing was saved)").format(name=campaign.name))
        return len(campaign.records)

    def delete(self, name: str) -> int:
        """Delete a campaign for good, with its browser games; how many games went with it."""
        return max(0, self.store.remove_campaign(self.resolve(name)))

    @contextmanager
    def editing(self, name: str | None = None) -> Iterator[Campaign]:
        """Load, let the body change, save (nothing is saved if the body raises)."""
        campaign, revision = self.load(name)
        yield campaign
        self.save(campaign, revision)


def document(campaign: Campaign) -> dict[str, Any]:
    return json.loads(files.dumps(campaign))
