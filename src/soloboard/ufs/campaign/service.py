"""One call per campaign step, each returning what a front end shows: what a web API wraps.

``CampaignService(store)``; every method takes the campaign's name; a step may carry the
``revision`` the front end last saw (a step taken elsewhere since is refused with
:class:`CampaignError`, nothing saved). Refusals of the rules are ``IllegalActionError``.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.errors import IllegalActionError
from soloboard.core.store import Store
from soloboard.i18n import _
from soloboard.ufs.campaign import battles, contents, files, sheet
from soloboard.ufs.campaign.procedure import DEFAULT_THREAT, Campaign, CampaignError
from soloboard.ufs.campaign.repository import CampaignRepository

STEPS = ("choose", "name_city", "set_up", "record", "upgrade", "threat", "undo")


def view(c: Campaign, revision: int) -> dict[str, Any]:
    """The campaign as a front end draws it: status, the sheet, the journal, the revision."""
    return {
        "revision": revision,
        "status": sheet.status(c),
        "sheet": sheet.sheet_text(c),
        "journal": [{"n": n, "kind": r["kind"], "by": r.get("by"), "at": r.get("at"), "text": sheet.describe(c, r)}
                    for n, r in enumerate(c.records, start=1)],
        "digital": bool(c.battle and not battles.unknown_parts(c)),
        "unknown": battles.unknown_parts(c),
    }


class CampaignService:
    def __init__(self, store: Store) -> None:
        self.repo = CampaignRepository(store)

    def list(self) -> list[dict[str, Any]]:
        return [s.as_dict() for s in self.repo.summaries()]

    def create(self, name: str, seed: int | None = None, threat: int = DEFAULT_THREAT) -> dict[str, Any]:
        c = Campaign.new(name, seed=seed, threat=threat)
        self.repo.add(c)
        return view(c, len(c.records))

    def get(self, name: str | None = None) -> dict[str, Any]:
        c, revision = self.repo.load(name)
        return view(c, revision)

    def step(self, name: str | None, action: str, value: Any = None, revision: int | None = None,
             companion: bool = False) -> dict[str, Any]:
        """``action``: choose (pile 1/2), name_city (city), set_up (companion?), record (result),
        upgrade (character), threat (level), undo."""
        c, stored = self.repo.load(name)
        if revision is not None and revision != stored:
            raise CampaignError(_("the campaign changed since you read it: read it again (nothing was done)"))
        if action == "choose":
            c.choose(value)
        elif action == "name_city":
            c.name_city(str(value))
        elif action == "set_up":
            battles.set_up(c, companion=companion)
        elif action == "record":
            g = c.game
            if g is not None and g.mode == "digital":
                raise IllegalActionError(_("this game is played with soloboard: its result is recorded from the "
                                           "game"), "campaign: digital battles")
            c.record(value)
        elif action == "upgrade":
            c.upgrade(str(value))
        elif action == "threat":
            c.set_threat(value)
        elif action == "undo":
            c.undo()
        else:
            raise ValueError(_("unknown campaign step {step!r} (steps: {steps})").format(step=action,
                                                                                          steps=", ".join(STEPS)))
        return view(c, self.repo.save(c, stored))

    def contents(self, name: str | None, chapter: int | None = None, ahead: bool = False) -> dict[str, Any]:
        """What a chapter brings, by name (:func:`contents.chapter_view`: a chapter after the campaign's
        current one only when ``ahead``); a front end asks for it only once the player chose to see it."""
        c, _revision = self.repo.load(name)
        return contents.chapter_view(c, chapter, ahead=ahead)

    def digital_game(self, name: str | None = None) -> tuple[Any, int]:
        """The engine's game (with its components' hooks) and dice seed for the digital game set up."""
        c, _revision = self.repo.load(name)
        return battles.new_game(c)

    def record_game(self, name: str | None, state: Any) -> dict[str, Any]:
        c, stored = self.repo.load(name)
        battles.record_state(c, state)
        return view(c, self.repo.save(c, stored))

    def export(self, name: str | None = None) -> dict[str, Any]:
        c, _revision = self.repo.load(name)
        return files.to_dict(c)

    def import_text(self, text: str | bytes, rename: str | None = None) -> dict[str, Any]:
        c = files.loads(text)
        if rename:
            records = [dict(r) for r in c.records]
            records[0]["name"] = rename
            c = Campaign.from_records(records)
        self.repo.add(c)
        return view(c, len(c.records))
