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
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _, use
from soloboard.ufs.campaign import battles
from soloboard.ufs.campaign.procedure import THREAT_LEVELS, CampaignError
from soloboard.ufs.campaign.service import STEPS, CampaignService
from soloboard.web.games import GameError, Games

MAX_IMPORT_BYTES = 2_000_000
T = TypeVar("T")
Lang = Annotated[str, Query(description="language of the texts: en, pt, cs, pl, es")]


class NewCampaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="the campaign's name (the rulebook: give it a name)")
    threat: StrictInt = Field(1, description="the threat level, 0 to 4 (1 is the rulebook's normal difficulty)")
    seed: StrictInt | None = Field(None, description="the seed of its draws (null: a random one)")


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(description="choose | name_city | set_up | record | upgrade | threat | undo")
    value: Any = Field(None, description="choose: 1 or 2; name_city: a city; record: won, lost or the threat "
                                         "level; upgrade: a character; threat: 0 to 4")
    revision: StrictInt | None = Field(None, description="the revision the page shows (a stale one gets 409)")
    companion: bool = Field(False, description="set_up: play at the table even when soloboard knows every part")


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
    def _refusals(self) -> Iterator[None]:
        """The procedure's refusals as the API's statuses (nothing was saved for any of them)."""
        try:
            yield
        except IllegalActionError as exc:
            raise GameError(422, str(exc), exc.rule or None) from None
        except CampaignError as exc:
            raise GameError(409, str(exc)) from None
        except ValueError as exc:  # an unknown step or mode
            raise GameError(400, str(exc)) from None

    def _existing(self, name: str) -> str:
        names = self.service.repo.names()
        try:
            return self.service.repo.resolve(name)
        except CampaignError:
            raise GameError(404, _("There is no campaign called {name!r}").format(name=name)
                            if names else _("There is no campaign yet")) from None

    def run(self, name: str | None, work: Callable[[CampaignService], T]) -> T:
        with self.lock, self._refusals():
            return work(self.service)

    def list(self) -> list[dict[str, Any]]:
        return self.run(None, lambda s: s.list())

    def create(self, body: NewCampaign) -> dict[str, Any]:
        name = " ".join(body.name.split())
        if not name:
            raise GameError(400, _("A campaign needs a name"))
        if body.threat not in THREAT_LEVELS:
            raise GameError(400, _("A threat level is 0 to 4, not {level}").format(level=body.threat))
        with self.lock:
            self._free(name)
        return self.run(name, lambda s: self._with_game(s.create(name, seed=body.seed, threat=body.threat)))

    def _free(self, name: str) -> None:
        from soloboard.ufs.campaign.box import fold

        if any(fold(n) == fold(name) for n in self.service.repo.names()):
            raise GameError(409, _("A campaign called {name!r} exists already: choose another name").format(name=name))

    def get(self, name: str) -> dict[str, Any]:
        with self.lock:
            stored = self._existing(name)
        return self.run(stored, lambda s: self._with_game(s.get(stored)))

    def _with_game(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view, with the browser game that plays the digital game set up (null: none yet)."""
        game = view["status"].get("game")
        found = None
        if game is not None and game.get("mode") == "digital":
            found = self.store.campaign_web_game(view["status"]["name"], game["battle"], game["game"])
        return {**view, "web_game": found}

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
                if found is None:
                    link = {"name": c.name, "battle": b.number, "game": g.game,
                            "sides": [list(x) for x in battles.characters_in(c)]}
                    game = battles.build_game(b.city, g.side, g.sky, b.scenario, battles.characters_in(c))
        if found is not None:
            return {"id": found, "tokens": [], "host": None, "existing": True}
        live, tokens, host = self.games.start_campaign_game(game, g.dice_seed, link)
        return {"id": live.id, "tokens": tokens, "host": host, "existing": False}

    def build(self, link: dict[str, Any]) -> Any:
        """A campaign game's rules, as they were when it was set up (for a game read back from the store)."""
        with self.lock:
            c, _revision = self.service.repo.load(str(link["name"]))
        battle = c.battles[int(link["battle"]) - 1]
        game = battle.games[int(link["game"]) - 1]
        return battles.build_game(battle.city, game.side, game.sky, battle.scenario,
                                  [(str(x), str(side)) for x, side in link["sides"]])

    def finished(self, link: dict[str, Any], state: Any) -> None:
        """A campaign game ended: its result goes in the journal (once; a campaign moved on is left alone)."""
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
        return self.run(stored, lambda s: self._with_game(s.step(stored, body.action, body.value, body.revision,
                                                                 companion=body.companion)))

    def export(self, name: str) -> tuple[str, dict[str, Any]]:
        with self.lock:
            stored = self._existing(name)
        return stored, self.run(stored, lambda s: s.export(stored))

    def import_text(self, text: str, rename: str | None) -> dict[str, Any]:
        with self.lock:
            try:
                from soloboard.ufs.campaign import files

                campaign = files.loads(text)
            except CampaignError as exc:
                raise GameError(400, str(exc)) from None
            self._free(" ".join(rename.split()) if rename else campaign.name)
        return self.run(None, lambda s: self._with_game(s.import_text(text, rename=rename)))


def build_router(campaigns: Campaigns) -> APIRouter:
    api = APIRouter(prefix="/api/campaigns", tags=["campaigns"])

    async def answer(lang: str, work: Callable[[], Any], status: int = 200) -> JSONResponse:
        from soloboard.web.api import language

        def call() -> Any:
            with use(language(lang)):
                return work()

        return JSONResponse(await run_in_threadpool(call), status_code=status)

    @api.get("", summary="The campaigns, the latest played first")
    async def list_campaigns(lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: {"campaigns": campaigns.list()})

    @api.post("", status_code=201, summary="Start a campaign: its name, threat level and the seed of its draws")
    async def create(body: NewCampaign, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.create(body), 201)

    @api.post("/import", status_code=201, summary="A campaign from an exported file (its journal is checked)")
    async def import_campaign(request: Request, lang: Lang = "en",
                              rename: Annotated[str | None, Query(description="store it under this name")] = None,
                              ) -> JSONResponse:
        data = await request.body()

        def work() -> Any:
            if len(data) > MAX_IMPORT_BYTES:
                raise GameError(400, _("The file is too large to be a campaign file"))
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise GameError(400, _("Not a campaign file: not UTF-8 text")) from None
            return campaigns.import_text(text, rename)

        return await answer(lang, work, 201)

    @api.get("/{name}", summary="The campaign: its status, the sheet, the journal and the next step")
    async def get(name: str, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.get(name))

    @api.post("/{name}/steps", summary="The player's next step (choose a pile, set up, record a result...)")
    async def step(name: str, body: Step, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.step(name, body))

    @api.post("/{name}/game", summary="The browser game of the digital game set up (started the first time)")
    async def play(name: str, lang: Lang = "en") -> JSONResponse:
        return await answer(lang, lambda: campaigns.play(name))

    @api.get("/{name}/export", summary="The campaign as a file (its whole journal)")
    async def export(name: str, lang: Lang = "en") -> Response:
        from soloboard.web.api import language

        def work() -> tuple[str, dict[str, Any]]:
            with use(language(lang)):
                return campaigns.export(name)

        stored, document = await run_in_threadpool(work)
        filename = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in stored).strip("-") or "campaign"
        return Response(json.dumps(document, ensure_ascii=False, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f"attachment; filename=\"{filename}.json\"; "
                                                        f"filename*=UTF-8''{quote(stored)}.json"})

    return api
