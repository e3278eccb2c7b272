"""The pages of a move-log game tapped at the table (pnpkit/serve/tapping.py answers every tap):
choosing the game and the players, what the game's opening asks, the table itself, a saved game
taken up again, and saving (a game saved again is its next revision, store.py)."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from pnpkit.kitfile.errors import SourceError
from pnpkit.serve import tapping
from pnpkit.serve.store import Conflict, Store, revision_of


def table_routes(page: Callable[..., Response], guarded: Callable[[Request], Any], store: Store) -> list[Route]:
    """The table's routes; `page` draws a template, `guarded` is a changing request's checked form."""
    t = TablePages(page, guarded, store)
    return [Route("/table", t.start), Route("/table/tap", t.tap, methods=["POST"]),
            Route("/table/view", t.view, methods=["POST"]), Route("/table/save", t.save, methods=["POST"]),
            Route("/table/try", t.typed, methods=["POST"])]


@dataclass(frozen=True)
class _Kept:
    """The saved game a page without a script still corrects: its id and the revision it showed."""

    id: str
    revision: str


@dataclass
class TablePages:
    page: Callable[..., Response]
    guarded: Callable[[Request], Any]
    store: Store

    async def start(self, request: Request) -> Response:
        """Pick the game and the players; then what the game's opening asks (roles, setup rolls,
        cards dealt), if anything; then the table. `?play=N` takes a saved game up again."""
        q = request.query_params
        if q.get("play", "").isdigit():
            return self.taken_up(request, int(q["play"]))
        game = q.get("game", "")
        names = [n[:40] for n in q.getlist("player")][:tapping.MAX_PLAYERS]
        problem, asked = None, []
        if game not in ("", *tapping.games()):
            problem = f"{game} cannot be tapped through here"
        elif game and not any(n.strip() for n in names):
            problem = "write the players' names, the first player first"
        elif game:
            asked = tapping.asks(game, names)
            if not asked or q.get("begun"):
                answers = {a.field: q.get(a.field, "")[:tapping.MAX_ACTION * 4] for a in asked}
                try:
                    return self.table(request, game, tapping.view(tapping.new_record(game, names, answers)))
                except tapping.Refused as e:
                    problem = str(e)
        return self.choose(request, game, names, problem, asked, q, q.get("t") or secrets.token_hex(4))

    def choose(self, request: Request, game: str, names: list[str], problem: str | None, asked: list,
               answers: Any, fresh: str) -> Response:
        """The start page: the game and the players, or the game's opening questions. `fresh` is
        the new game's address: its own place in the page's storage."""
        tappable = [(g, tapping.head(g).game) for g in tapping.games()]
        return self.page(request, "table_start.html", tappable=tappable, game=game, names=names, problem=problem,
                         asked=asked, answers=answers, dice=tapping.dice_json, draw=tapping.draw_json,
                         fresh=fresh)

    def table(self, request: Request, game: str, first: dict, play=None, refused: dict | None = None) -> Response:
        return self.page(request, "table.html", game=game, title=tapping.head(game).game.title, first=first,
                         play=play, refused=refused)

    async def typed(self, request: Request) -> Response:
        """A move (or what chance gave) typed as the record writes it, sent by the form itself: the
        table without a script, drawn again by the server with the record after it (or the refusal)."""
        form = await self.guarded(request)
        chance = form.get("do") == "chance"
        text = str(form.get("chance" if chance else "try", ""))
        try:
            data = tapping.record_of(str(form.get("record", "")))
            game = tapping.view(data)["game"]
            try:
                tapped = tapping.tap(data, text, chance=chance)
                data, refused = tapped.data, tapped.refusal
            except tapping.Refused as e:
                refused = {"action": text, "message": str(e), "rule": "", "quote": ""}
            play = _Kept(str(form.get("play", "")), str(form.get("revision", ""))) if form.get("play") else None
            return self.table(request, game, tapping.view(data), play, refused)
        except tapping.Refused as e:
            return PlainTextResponse(f"not taken: {e}", status_code=400)

    def taken_up(self, request: Request, play_id: int) -> Response:
        """A saved move-log game, taken up again where its record stops: saving it again makes the
        same game's next revision (refused if another screen saved one meanwhile)."""
        from pnpkit.kitfile.source import parse
        try:
            play = self.store.get(play_id)
        except KeyError:
            return PlainTextResponse("no such game in the history", status_code=404)
        if play.game not in tapping.games():
            problem = f"{play.game} cannot be tapped through here"
        else:
            try:
                return self.table(request, play.game, tapping.view(parse(play.record, f"game {play.id}").data), play)
            except (tapping.Refused, SourceError) as e:
                problem = f"game {play.id} cannot be taken up here: {e}"
        return self.choose(request, "", [], problem, [], {}, secrets.token_hex(4))

    async def tap(self, request: Request) -> Response:
        """One tap: {"action"} (or {"chance"}, what the dice or the draw gave) on the page's record."""
        form = await self.guarded(request)
        try:
            data = tapping.record_of(str(form.get("record", "")))
            chance = "chance" in form
            tapped = tapping.tap(data, str(form.get("chance" if chance else "action", "")), chance=chance)
            return JSONResponse({**tapping.view(tapped.data), "refusal": tapped.refusal})
        except tapping.Refused as e:
            return JSONResponse({"error": str(e)}, status_code=400)

    async def view(self, request: Request) -> Response:
        form = await self.guarded(request)
        try:
            return JSONResponse(tapping.view(tapping.record_of(str(form.get("record", "")))))
        except tapping.Refused as e:
            return JSONResponse({"error": str(e)}, status_code=400)

    async def save(self, request: Request) -> Response:
        """The page's record kept: a new game, or (the page's `play` and `revision`) its next revision."""
        from pnpkit.scorer import api
        form = await self.guarded(request)
        try:
            text = tapping.view(tapping.record_of(str(form.get("record", ""))))["yaml"]
            result = api.score_text(text, "the record")
        except (tapping.Refused, SourceError) as e:
            return PlainTextResponse(f"not saved: {e}", status_code=400)
        try:
            play = self.store.save(text, result, **revision_of(form))
        except Conflict as e:
            return PlainTextResponse(f"not saved: {e}", status_code=e.http_status)
        if request.headers.get("x-pnpkit-json"):    # the page keeps which game and revision it now is
            return JSONResponse({"play": play.id, "revision": play.revision, "href": f"/play/{play.id}"})
        return RedirectResponse(f"/play/{play.id}", status_code=303)
