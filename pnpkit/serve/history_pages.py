"""The pages of the games played: the home page, the rulebook search, a saved game, the history
and its exports, the players' statistics, and a record imported from a file (read in a process
of its own, uploads.py)."""
from __future__ import annotations

import zipfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from pnpkit.kitfile.errors import SourceError
from pnpkit.scorer.games import GAMES
from pnpkit.serve import checks, pads as own, tapping, uploads
from pnpkit.serve.form_pages import correctable
from pnpkit.serve.store import Conflict, Store

MAX_UPLOAD_BYTES = 2_000_000  # as a record read from a file


@dataclass
class HistoryPages:
    page: Callable[..., Response]
    guarded: Callable[[Request], Any]
    store: Store
    pads: own.Pads

    async def home(self, request: Request) -> Response:
        return self.page(request, "home.html", plays=self.store.plays(limit=10))

    async def rules(self, request: Request) -> Response:
        from pnpkit.scorer.search import search
        game = request.query_params.get("game", "")
        q = request.query_params.get("q", "")[:300]
        found = search(game, [q])[:5] if game in GAMES and q.strip() else []
        return self.page(request, "rules.html", game=game, q=q, found=found)

    async def show_play(self, request: Request) -> Response:
        try:
            play = self.store.get(int(request.path_params["play"]))
        except KeyError:
            return PlainTextResponse("no such game in the history", status_code=404)
        from pnpkit.scorer import api
        folder = self.pads.folder_for(play.record) if play.game not in GAMES else None
        if play.game not in GAMES and folder is None:   # a designer's game whose kit is not served now
            return self.page(request, "play.html", play=play, result=own.stored(play), unserved=True)
        result = api.score_text(play.record, f"game {play.id}", folder=folder)
        return self.page(request, "play.html", play=play, result=result,
                         tappable=tapping.takes_up(play.game, play.record), correctable=f"/pad/{play.game}" if folder else correctable(play))

    async def play_yaml(self, request: Request) -> Response:
        try:
            play = self.store.get(int(request.path_params["play"]))
        except KeyError:
            return PlainTextResponse("no such game in the history", status_code=404)
        return Response(play.record, media_type="application/yaml", headers={
            "content-disposition": f'attachment; filename="{checks.record_file(play, GAMES)}"'})

    async def delete_play(self, request: Request) -> Response:
        form = await self.guarded(request)
        try:
            self.store.delete(int(request.path_params["play"]), int(str(form.get("revision", "0"))))
        except Conflict as e:
            return PlainTextResponse(str(e), status_code=e.http_status)
        return RedirectResponse("/history", status_code=303)

    async def history(self, request: Request) -> Response:
        game = request.query_params.get("game") or None
        player = request.query_params.get("player") or None
        return self.page(request, "history.html", plays=self.store.plays(game, player, limit=200), game=game,
                         player=player)

    async def stats(self, request: Request) -> Response:
        return self.page(request, "stats.html", players=self.store.player_stats(), per_game=self.store.game_stats())

    async def import_record(self, request: Request) -> Response:
        """A record or a filled fillable score sheet, read in a process of its own (uploads.py):
        saved, or refused with a page saying why."""
        form = await self.guarded(request)
        upload = form.get("record")
        raw = await upload.read(MAX_UPLOAD_BYTES + 1) if upload is not None and hasattr(upload, "read") else b""
        from pnpkit.scorer import api
        name = Path(getattr(upload, "filename", "") or "record").name[:120] or "record"
        try:
            text = await uploads.read("record", raw, name)
            result = api.score_text(text, name, folder=self.pads.folder_of(text, name))
        except SourceError as e:
            refusal = self.page(request, "history.html", plays=self.store.plays(limit=200), game=None, player=None,
                                problem=str(e))
            refusal.status_code = 400
            return refusal
        play = self.store.save(text, result)
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def export_csv(self, request: Request) -> Response:
        return Response(self.store.csv(), media_type="text/csv",
                        headers={"content-disposition": 'attachment; filename="pnpkit-history.csv"'})

    async def export_records(self, request: Request) -> Response:
        buf = BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in self.store.records():
                z.writestr(f"pnpkit-history/{name}", text)
        return Response(buf.getvalue(), media_type="application/zip",
                        headers={"content-disposition": 'attachment; filename="pnpkit-history.zip"'})
