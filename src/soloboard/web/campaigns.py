"""The campaign's JSON API under ``/api/campaigns`` (docs/web.md): the same campaigns, in the same
store, as ``soloboard campaign`` in the terminal.

Every step goes through :class:`~soloboard.ufs.campaign.service.CampaignService`, which replays
the journal and checks the step against the rulebook's procedure; the page only shows the views
it returns and sends the player's steps. A step carries the ``revision`` the page last saw: a
step taken meanwhile elsewhere (the terminal, another tab) is refused with 409 and nothing is
saved. Refusals: 400 (malformed request or campaign file), 404 (no such campaign), 409 (a name
taken, a stale revision), 422 (a step the procedure refuses, with its rule).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _, use
from soloboard.ufs.campaign import battles, custom
from soloboard.ufs.campaign.box import fold
from soloboard.ufs.campaign.procedure import THREAT_LEVELS, CampaignError
from soloboard.ufs.campaign.repository import MAX_NAME, CampaignExists, CampaignNameError, check_name
from soloboard.ufs.campaign.service import STEPS, CampaignService
from soloboard.web.api import ERRORS, language, rate, uploaded_text
from soloboard.web.bounds import FREE_FORM, MAX_ID, Id, Lang, StepValue
from soloboard.web.games import MAX_LISTED, MAX_SEARCH, GameError, Games, sort_listed

MAX_IMPORT_BYTES = 2_000_000
T = TypeVar("T")
NAME_RULE = f"at most {MAX_NAME} characters (spaces run together), no '/', '\\' or control characters, not only dots"
# a name looked up in the path: no stored name is longer (a longer one is refused when it is given)
Name = Annotated[str, Path(max_length=MAX_NAME, description=f"the campaign's name: {NAME_RULE}")]


# the campaigns' list: its filters and order (docs/web.md)
StatusFilter = Annotated[Literal["playing", "over"] | None, Query(description="only campaigns in play, or over")]
Search = Annotated[str, Query(max_length=MAX_SEARCH, description=(
    f"words that must all appear in the name (case and accents aside), at most {MAX_SEARCH} characters"))]
Sort = Annotated[Literal["updated", "created", "name", "status"], Query(
    description="updated: last played; created: started; name: A to Z; status: in play first")]
Order = Annotated[Literal["asc", "desc"] | None, Query(
    description="default: the latest first for updated and created, A to Z for name and status")]
Limit = Annotated[int, Query(ge=1, le=MAX_LISTED, description=f"at most this many campaigns, 1 to {MAX_LISTED}")]


class NewCampaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # the bound is checked (and named in the refusal) where every front end stores a name: the repository
    name: str = Field(description=f"the campaign's name (the rulebook: give it a name): {NAME_RULE}",
                      json_schema_extra={"maxLength": MAX_NAME})
    threat: StrictInt = Field(1, description="the threat level, 0 to 4 (1 is the rulebook's normal difficulty)")
    seed: StrictInt | None = Field(None, description="the seed of its draws (null: a random one)")


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Id = Field(description="choose | name_city | set_up | record | upgrade | threat | undo")
    value: StepValue = Field(None, description="choose: 1 or 2; name_city: a city; record: won, lost or the threat "
                                               f"level; upgrade: a character; threat: 0 to 4 ({FREE_FORM})")
    revision: StrictInt | None = Field(None, description="the revision the page shows (a stale one gets 409)")
    companion: bool = Field(False, description="set_up: play at the table even when soloboard knows every part")


class CustomSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    city: Id = Field(description="a city's id (GET /api/campaigns/custom/components)")
    side: Id = Field("blue", description="blue | damaged")
    scenario: Id | None = Field(None, description="a scenario's id, or null")
    characters: dict[Id, bool] = Field(default_factory=dict, max_length=MAX_ID,
                                       description="{character id: upgraded side?}")
    sky: list[tuple[Id, Id]] = Field(default_factory=lambda: [("basic", "easy")] * 4, max_length=4,
                                     description="four [tile id or 'basic', 'easy' | 'threat'], bottom tile first")


class Campaigns:
    """The campaign service over the app's store, one step at a time (one SQLite connection), and
    the campaigns' digital games: played as browser games (``games``), their rules built from the
    campaign's components, their results written in the journal when they end."""

    def __init__(self, games: Games) -> None:
        self.service = CampaignService(games.store)
        self.store = games.store
        self.lock = games.store_lock  # one SQLite connection, shared with the games
        self.games = games
        games.campaigns = self

    @contextmanager
    def _refusals(self, unusable: int = 409) -> Iterator[None]:
        """The procedure's refusals as the API's statuses (nothing was saved for any of them): a
        name taken is 409; a campaign that cannot be used is ``unusable`` (409: changed since it was
        read; 400 for a file sent)."""
        try:
            yield
        except IllegalActionError as exc:
            raise GameError(422, str(exc), exc.rule or None) from None
        except CampaignExists as exc:
            raise GameError(409, str(exc)) from None
        except CampaignNameError as exc:  # a name that cannot be stored: too long, or no segment of an address
            raise GameError(400, str(exc), "campaign name") from None
        except CampaignError as exc:
            raise GameError(unusable, str(exc)) from None
        except ValueError as exc:  # an unknown step or mode
            raise GameError(400, str(exc)) from None

    def _existing(self, name: str) -> str:
        try:
            return self.service.repo.resolve(name)
        except CampaignError:
            raise GameError(404, _("There is no campaign called {name!r}").format(name=name)
                            if self.service.repo.names() else _("There is no campaign yet")) from None

    def run(self, work: Callable[[CampaignService], T], unusable: int = 409) -> T:
        """``work(service)`` with the store to itself, its refusals as the API's statuses."""
        with self.lock, self._refusals(unusable):
            return work(self.service)

    def list(self, status: str | None = None, q: str = "", sort: str = "updated",
             order: str | None = None, limit: int = MAX_LISTED) -> dict[str, Any]:
        """The campaigns that match (``status``: ``playing``, not over, or ``over``; ``q``: words of the
        name, accents and case aside), sorted (``updated``: last played, ``created``: started, ``name``,
        ``status``: in play first), with ``total`` and ``deleted``: those whose deletion may be taken back."""
        self.games.purge()
        listed = self.run(lambda s: s.list())
        with self.lock:
            pending = self.store.deleted_campaigns()
        words = fold(q).split()
        matching = [c for c in listed
                    if (status is None or (c["phase"] == "over") == (status == "over"))
                    and all(w in fold(c["name"]) for w in words)]
        keys: dict[str, Callable[[dict[str, Any]], Any]] = {
            "updated": lambda c: c["updated_at"], "created": lambda c: c["created_at"],
            "name": lambda c: fold(c["name"]), "status": lambda c: (c["phase"] == "over", c["phase"])}
        sort_listed(matching, keys, sort, order, latest=keys["updated"], latest_first=("updated", "created"))
        return {"campaigns": matching[:limit], "total": len(matching), "undo_window": self.games.undo_seconds,
                "deleted": [{"name": d["name"], "undo_seconds": self.games.seconds_left(d["deleted_at"])}
                            for d in pending]}

    def delete(self, name: str) -> dict[str, Any]:
        """Delete a campaign and its browser games: hidden at once, gone for good after the undo window."""
        with self.lock:
            stored = self._existing(name)
            ids = self.store.delete_campaign(stored, self.games.clock())
        if ids is None:
            raise GameError(404, _("There is no campaign called {name!r}").format(name=name))
        self.games.forget(ids)
        return {"name": stored, "games": len(ids), "undo_seconds": self.games.undo_seconds}

    def restore(self, name: str) -> dict[str, Any]:
        """Take back a campaign's deletion (and its games') within the undo window."""
        with self.lock:
            found = self.store.restore_campaign(name, self.games.clock() - self.games.undo_seconds)
        if not found:
            raise GameError(404, _("Campaign {name!r} cannot be brought back: it was not deleted, or it was deleted "
                                   "more than {seconds} seconds ago").format(
                name=name, seconds=round(self.games.undo_seconds)))
        return {"name": name}

    def _spaces_run_together(self, sent: str) -> str:
        """``sent`` with its spaces run together, the way names are stored; a name sent longer than the
        schema's bound is refused as sent (the schema states the bound on what is sent, and a client
        checking it must never see the server accept more)."""
        if len(sent) > MAX_NAME:
            with self._refusals():
                check_name(sent)  # its first rule is the length
        return " ".join(sent.split())

    def create(self, body: NewCampaign) -> dict[str, Any]:
        name = self._spaces_run_together(body.name)
        if not name:
            raise GameError(400, _("A campaign needs a name"))
        if body.threat not in THREAT_LEVELS:
            raise GameError(400, _("A threat level is 0 to 4, not {level}").format(level=body.threat))
        return self.run(lambda s: self._with_game(s.create(name, seed=body.seed, threat=body.threat)))

    def get(self, name: str) -> dict[str, Any]:
        with self.lock:
            stored = self._existing(name)
        return self.run(lambda s: self._with_game(s.get(stored)))

    def contents(self, name: str, chapter: int, ahead: bool) -> dict[str, Any]:
        """What a chapter brings, by name: the page asks only once the player chose to see it."""
        with self.lock:
            stored = self._existing(name)
        # no such chapter, or none known for the campaign's box: nothing to show (404)
        return self.run(lambda s: s.contents(stored, chapter, ahead), unusable=404)

    def _with_game(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view, with the browser game that plays the digital game set up (null: none yet)."""
        game = view["status"].get("game")
        found = None
        if game is not None and game.get("mode") == "digital":
            found = self.store.campaign_web_game(view["status"]["name"], game["battle"], game["game"])
        return {**view, "web_game": found}

    # --- custom battles ("campaign components in a standalone game") --------------------------------

    @staticmethod
    def _battle(spec: CustomSpec) -> Any:
        if spec.side not in ("blue", "damaged"):
            raise GameError(400, _("A city side is blue or damaged, not {side!r}").format(side=spec.side))
        if len(spec.sky) != 4 or any(side not in custom.SIDES for _tile, side in spec.sky):
            raise GameError(400, _("A sky has 4 tiles, bottom first, each on its easy or threat side"))
        known = custom.components()
        unknown = {"cities": _("Unknown city {id!r} (the cities: {ids})"),
                   "scenarios": _("Unknown scenario {id!r} (the scenarios: {ids})"),
                   "characters": _("Unknown character {id!r} (the characters: {ids})")}
        for kind, wanted in (("cities", [spec.city]), ("scenarios", [spec.scenario] if spec.scenario else []),
                             ("characters", list(spec.characters))):
            ids = {c["id"] for c in known[kind]}
            for cid in wanted:
                if cid not in ids:
                    raise GameError(400, unknown[kind].format(id=cid, ids=", ".join(sorted(ids))))
        for height, (tile, _side) in enumerate(spec.sky, start=1):
            ids = {t["id"] for t in known["sky"][height - 1]}
            if tile not in ids:
                raise GameError(400, _("Sky tile {id!r} does not go at height {height} (there: {ids})").format(
                    id=tile, height=height, ids=", ".join(sorted(ids))))
        return custom.CustomBattle(spec.city, spec.side, spec.scenario or None, dict(spec.characters),
                                   tuple((tile, side) for tile, side in spec.sky))

    def custom(self, spec: CustomSpec) -> dict[str, Any]:
        """A custom battle's stars as the rulebook counts them, what soloboard does not know of it,
        and (for a setup of the engine's own components) the agents' measured win rates."""
        battle = self._battle(spec)
        with self._refusals():
            difficulty = custom.difficulty(battle)
            unknown = custom.unknown_parts(battle)
        with self.lock:
            measured = [rate(row) for row in custom.measured(self.store, battle)] if not unknown else []
        return {"difficulty": {**difficulty.as_dict(), "text": difficulty.text}, "unknown": unknown,
                "playable": not unknown, "measured": measured}

    def play_custom(self, spec: CustomSpec) -> dict[str, Any]:
        """A browser game of a custom battle soloboard can play, its components' rules included."""
        import random
        from dataclasses import asdict

        battle = self._battle(spec)
        with self._refusals():
            game = custom.new_game(battle)
        link = {"custom": {**asdict(battle), "sky": [list(x) for x in battle.sky]}}
        live, tokens, host = self.games.start_campaign_game(game, random.SystemRandom().randrange(1 << 31), link)
        return {"id": live.id, "tokens": tokens, "host": host}

    # --- digital games ------------------------------------------------------------------------------

    def play(self, name: str) -> dict[str, Any]:
        """The browser game of the digital game set up: the one already started, or a new one."""
        with self.lock:
            stored = self._existing(name)
            with self._refusals():
                c, _revision = self.service.repo.load(stored)
                b, g = c.battle, c.game
                if b is None or g is None or g.mode != "digital":
                    raise GameError(409, _("No game of this campaign is set up to be played with soloboard"))
                found = self.store.campaign_web_game(c.name, b.number, g.game)
                if found is not None:
                    return {"id": found, "tokens": [], "host": None, "existing": True}
                link = {"name": c.name, "battle": b.number, "game": g.game,
                        "sides": [list(x) for x in battles.characters_in(c)]}
                game = battles.build_game(battles.game_params(c), b.scenario, battles.characters_in(c))
        live, tokens, host = self.games.start_campaign_game(game, g.dice_seed, link)
        return {"id": live.id, "tokens": tokens, "host": host, "existing": False}

    def build(self, link: dict[str, Any]) -> Any:
        """A campaign game's rules, as they were when it was set up (for a game read back from the store)."""
        if "custom" in link:  # a custom battle: its components, as chosen
            spec = dict(link["custom"])
            return custom.new_game(custom.CustomBattle(
                spec["city"], spec["side"], spec.get("scenario"), dict(spec.get("characters") or {}),
                tuple((str(tile), str(side)) for tile, side in spec["sky"])))
        with self.lock:
            c, _revision = self.service.repo.load(str(link["name"]))
        battle = c.battles[int(link["battle"]) - 1]
        game = battle.games[int(link["game"]) - 1]
        return battles.build_game({"city": battle.city, "side": game.side, "sky": game.sky}, battle.scenario,
                                  [(str(x), str(side)) for x, side in link["sides"]])

    def finished(self, link: dict[str, Any], state: Any) -> None:
        """A campaign game ended: its result goes in the journal (once; a campaign moved on is left alone)."""
        if "name" not in link:
            return  # a custom battle belongs to no campaign
        with self.lock:
            c, _revision = self.service.repo.load(str(link["name"]))
            b, g = c.battle, c.game
            if b is None or g is None or (b.number, g.game) != (link["battle"], link["game"]) or g.mode != "digital":
                return  # recorded already, or taken back in the journal since: the journal decides
            self.service.record_game(c.name, state)

    def step(self, name: str, body: Step) -> dict[str, Any]:
        if body.action not in STEPS:
            raise GameError(400, _("Unknown campaign step {step!r} (the steps: {steps})").format(
                step=body.action, steps=", ".join(STEPS)))
        with self.lock:
            stored = self._existing(name)
        return self.run(lambda s: self._with_game(s.step(stored, body.action, body.value, body.revision,
                                                                 companion=body.companion)))

    def export(self, name: str) -> tuple[str, dict[str, Any]]:
        with self.lock:
            stored = self._existing(name)
        return stored, self.run(lambda s: s.export(stored))

    def import_text(self, text: str, rename: str | None) -> dict[str, Any]:
        if rename:  # a name that cannot be stored is refused before the journal is replayed
            with self._refusals():
                check_name(self._spaces_run_together(rename))
        # a file that cannot be used is the request's fault: 400
        return self.run(lambda s: self._with_game(s.import_text(text, rename=rename)), unusable=400)


async def answer(lang: str, work: Callable[[], Any], status: int = 200) -> JSONResponse:
    """``work``'s answer as JSON, computed off the event loop in the request's language."""
    def call() -> Any:
        with use(language(lang)):
            return work()

    return JSONResponse(await run_in_threadpool(call), status_code=status)


def build_router(campaigns: Campaigns) -> APIRouter:
    api = APIRouter(prefix="/api/campaigns", tags=["campaigns"], responses=ERRORS)
    # the fixed paths before "/{name}", so that no campaign name hides them
    _collection_routes(api, campaigns)
    _campaign_routes(api, campaigns)
    return api


def _collection_routes(api: APIRouter, campaigns: Campaigns) -> None:
    """The list, creation, import and the custom battles."""
    @api.get("", summary="The campaigns, filtered and sorted; the ones being deleted apart")
    async def list_campaigns(lang: Lang = "en", status: StatusFilter = None, q: Search = "", sort: Sort = "updated",
                             order: Order = None, limit: Limit = MAX_LISTED) -> JSONResponse:
        return await answer(lang, lambda: campaigns.list(status, q, sort, order, limit))

    @api.post("", status_code=201, summary="Start a campaign: its name, threat level and the seed of its draws")
    async def create(body: NewCampaign, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.create(body), 201)

    @api.post("/import", status_code=201, summary="A campaign from an exported file (its journal is checked)")
    async def import_campaign(request: Request, lang: Lang = "en",
                              rename: Annotated[str | None, Query(
                                  description=f"store it under this name: {NAME_RULE}",
                                  json_schema_extra={"maxLength": MAX_NAME})] = None,
                              ) -> JSONResponse:
        data = await request.body()

        def work() -> Any:
            text = uploaded_text(data, MAX_IMPORT_BYTES, _("The file is too large to be a campaign file"),
                                 _("Not a campaign file: not UTF-8 text"))
            return campaigns.import_text(text, rename)

        return await answer(lang, work, 201)

    @api.get("/custom/components", summary="What a custom battle can be built from, and what soloboard knows")
    async def custom_components(lang: Lang = "en") -> JSONResponse:
        return await answer(lang, custom.components)

    @api.post("/custom", summary="A custom battle's stars, what is not known of it, the agents' win rates")
    async def custom_battle(spec: CustomSpec, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.custom(spec))

    @api.post("/custom/game", status_code=201, summary="Play a custom battle soloboard knows every part of")
    async def custom_game(spec: CustomSpec, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.play_custom(spec), 201)


def _campaign_routes(api: APIRouter, campaigns: Campaigns) -> None:
    """One campaign's routes."""
    @api.get("/{name}", summary="The campaign: its status, the sheet, the journal and the next step")
    async def get(name: Name, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.get(name))

    @api.delete("/{name}", summary="Delete a campaign and its browser games (undo within the window)")
    async def delete(name: Name, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.delete(name))

    @api.post("/{name}/restore", summary="Take back a campaign's deletion within the undo window")
    async def restore(name: Name, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.restore(name))

    @api.get("/{name}/chapters/{chapter}/contents",
             summary="What a chapter brings, by name (names only, unverified; spoilers: ask when the player chose to)")
    async def chapter_contents(name: Name, chapter: Annotated[int, Path(ge=0, le=MAX_ID)], lang: Lang = "en",
                               ahead: Annotated[bool, Query(description=(
                                   "a chapter after the one the campaign has reached is refused (422) unless true: "
                                   "the player asked for that chapter knowing it is ahead"))] = False,
                               ) -> JSONResponse:
        return await answer(lang, lambda: campaigns.contents(name, chapter, ahead))

    @api.post("/{name}/steps", summary="The player's next step (choose a pile, set up, record a result...)")
    async def step(name: Name, body: Step, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.step(name, body))

    @api.post("/{name}/game", summary="The browser game of the digital game set up (started the first time)")
    async def play(name: Name, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.play(name))

    @api.get("/{name}/export", summary="The campaign as a file (its whole journal)")
    async def export(name: Name, lang: Lang = "en") -> Response:
        def work() -> tuple[str, dict[str, Any]]:
            with use(language(lang)):
                return campaigns.export(name)

        stored, document = await run_in_threadpool(work)
        return _download(stored, document)


def _download(stored: str, document: dict[str, Any]) -> Response:
    """A campaign's file as an attachment named after the campaign."""
    # the plain filename in ASCII (a header's bytes); the name itself in filename*
    filename = "".join(ch if (ch.isascii() and ch.isalnum()) or ch in "-_" else "-"
                       for ch in stored).strip("-") or "campaign"
    return Response(json.dumps(document, ensure_ascii=False, indent=1) + "\n", media_type="application/json",
                    headers={"Content-Disposition": f"attachment; filename=\"{filename}.json\"; "
                                                    f"filename*=UTF-8''{quote(stored)}.json"})
