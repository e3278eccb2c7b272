"""`pnpkit serve`: the table in a browser (Starlette, served by uvicorn on 127.0.0.1).

Starlette was chosen because it is small, typed and well kept, runs on uvicorn from `pip install`
alone, and its test client drives every route without a server; jinja2 (already pnpkit's) renders
the pages, with autoescape on, so a player named `<script>` is shown as text. Every script, style and
font is in the wheel (pnpkit/serve/static): nothing is fetched from the network.

Safety: the server binds 127.0.0.1 unless `--lan`; with `--lan`, every request needs the access
code of the URL printed in the terminal (kept in a cookie after the first visit). Every form and
every call that changes something carries the page's token (a cookie and a field that must match,
SameSite=Strict) and a foreign Origin is refused, so another web site cannot post to it. A body is
refused past 2 MB before it is held (bodies.py); an upload is read in a process of its own under
limits, never on the event loop (uploads.py); what a request says is checked here (checks.py).
"""
from __future__ import annotations

import secrets
import zipfile
from functools import lru_cache
from dataclasses import dataclass
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnpkit.kitfile.errors import PnpkitError, SourceError
from pnpkit.scorer.games import GAMES
from pnpkit.serve import checks, pads as own, sheets, tapping, uploads
from pnpkit.serve.bodies import BodyLimit
from pnpkit.serve.photos import photo_routes
from pnpkit.serve.table_pages import table_routes
from pnpkit.serve.store import Conflict, Store, revision_of

CSRF_COOKIE, ACCESS_COOKIE = "pnpkit_token", "pnpkit_access"
MAX_FORM_BYTES = 200_000      # a filled sheet is a few KB
MAX_UPLOAD_BYTES = 2_000_000  # as a record read from a file
PHOTO_BODY_BYTES = 31_000_000  # a photo of a score sheet (pnpkit/photo/read.py: MAX_BYTES) and its form


@dataclass
class Settings:
    data: Path                   # the folder of history.sqlite
    access_code: str | None = None   # --lan: every request must know it
    kits: tuple[Path, ...] = ()      # --kit: designers' games whose score pads are served (pnpkit/serve/pads.py)


def _pages() -> jinja2.Environment:
    folder = resources.files("pnpkit.serve") / "templates"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env


def create_app(settings: Settings) -> Starlette:
    env = _pages()
    store = Store(settings.data / "history.sqlite")
    token = _table_token(settings.data)  # kept in the data folder: a page typed into before a restart still saves
    pads = own.Pads(settings.kits)

    def page(request: Request, name: str, **context: Any) -> HTMLResponse:
        html = env.get_template(name).render(token=token, games=GAMES, title_of=lambda g: pads.title(g) or _title(g),
                                             pads=pads.served.values(), **context)
        response = HTMLResponse(html)
        response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict")
        return response

    async def guarded(request: Request) -> dict:
        """A changing request's form, after its token and origin are checked (403 otherwise)."""
        origin = request.headers.get("origin")
        if origin and origin.split("//", 1)[-1] != request.headers.get("host", ""):
            raise Forbidden("a page of another site may not change anything here")
        form = await request.form(max_files=1, max_fields=2000)   # its size bounded by BodyLimit
        sent = form.get("token") or request.headers.get("x-pnpkit-token", "")
        if not (checks.same_secret(sent, token) and checks.same_secret(request.cookies.get(CSRF_COOKIE, ""), token)):
            raise Forbidden("this page is out of date (the server restarted?): reload it")
        return form

    async def home(request: Request) -> Response:
        return page(request, "home.html", plays=store.plays(limit=10))

    async def rules(request: Request) -> Response:
        from pnpkit.scorer.search import search
        game = request.query_params.get("game", "")
        q = request.query_params.get("q", "")[:300]
        found = search(game, [q])[:5] if game in GAMES and q.strip() else []
        return page(request, "rules.html", game=game, q=q, found=found)

    async def sheet(request: Request) -> Response:
        """The empty sheets, or (?play=N) a saved game's sheets filled from its record, to correct
        it: saving them makes that game's next revision."""
        game = _form_game(request)
        play, filled = _reopened(request, store, game, _kit(game))
        return form_page(request, game, False, play, filled)

    def form_page(request: Request, game: str, end: bool, play: Any, filled: dict[str, str],
                  refused: str = "", status: int = 200) -> Response:
        """A game's sheets (or end position) as a form: empty, a saved game's to correct, or what was
        typed, again, with why saving it was refused (`refused`): nothing typed is lost."""
        kit = _kit(game)
        if not end:
            response = page(request, "sheet.html", game=game, title=kit.game.title, seats=sheets.seats(game, kit),
                            shown=sheets.shown(kit, filled), play=play, filled=filled, refused=refused,
                            photographed=game in _photo_games())
        else:
            players, boards = sheets.end_seats(game, kit)
            response = page(request, "end.html", game=game, title=kit.game.title, what=sheets.end_form(game).TITLE,
                            players=players, boards=boards, seats=range(1, kit.game.max_players + 1), play=play,
                            filled=filled, refused=refused)
        response.status_code = status
        return response

    async def end(request: Request) -> Response:
        game = request.path_params["game"]
        if game in sheets.forms("sheets"):  # its end position is its final sheets
            return RedirectResponse(f"/sheet/{game}", status_code=303)
        _end_game(request)
        play, filled = _reopened(request, store, game, _kit(game), end=True)
        return form_page(request, game, True, play, filled)

    async def score_end(request: Request) -> Response:
        out = _scored(_end_game(request), await guarded(request), end=True)
        out.pop("_result", None)
        return JSONResponse(out)

    async def save_end(request: Request) -> Response:
        return await save_scored(request, _end_game(request), end=True)

    async def score_sheet(request: Request) -> Response:
        game = _form_game(request)
        out = _scored(game, await guarded(request))
        out.pop("_result", None)
        return JSONResponse(out)

    async def save_sheet(request: Request) -> Response:
        return await save_scored(request, _form_game(request), end=False)

    async def save_scored(request: Request, game: str, end: bool) -> Response:
        """A filled form saved (a sheet game's players or an end position), as a new game or as the
        next revision of the one it corrects; a stale revision is refused (409)."""
        form = await guarded(request)
        try:
            played = checks.played(form.get("played"))
        except checks.NotADay as e:
            return PlainTextResponse(f"not saved: {e}", status_code=400)
        out = _scored(game, form, end=end)
        result = out.pop("_result", None)
        typed = {k: v.text for k, v in sheets.values(form.multi_items()).items()}
        asked = revision_of(form)
        shown = _saved(store, asked["play"]) if asked else None
        if out.get("error") or result is None or (not end and not out["names"]):
            return form_page(request, game, end, shown, typed, f"Not saved: {_why_not(out)}", 400)
        try:
            play = store.save(out["yaml"], result, played=played, **asked)
        except Conflict as e:
            # the sheets again as typed, now against the newest revision: saving them again replaces it
            return form_page(request, game, end, shown, typed, f"Not saved: {e}. What you typed is below; "
                             "saving it now replaces that revision.", e.http_status)
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def show_play(request: Request) -> Response:
        try:
            play = store.get(int(request.path_params["play"]))
        except KeyError:
            return PlainTextResponse("no such game in the history", status_code=404)
        from pnpkit.scorer import api
        folder = pads.folder_for(play.record) if play.game not in GAMES else None
        if play.game not in GAMES and folder is None:   # a designer's game whose kit is not served now
            return page(request, "play.html", play=play, result=own.stored(play), unserved=True)
        result = api.score_text(play.record, f"game {play.id}", folder=folder)
        return page(request, "play.html", play=play, result=result, tappable=tapping.takes_up(play.game, play.record),
                    correctable=f"/pad/{play.game}" if folder else _correctable(play))

    async def play_yaml(request: Request) -> Response:
        try:
            play = store.get(int(request.path_params["play"]))
        except KeyError:
            return PlainTextResponse("no such game in the history", status_code=404)
        return Response(play.record, media_type="application/yaml", headers={
            "content-disposition": f'attachment; filename="{checks.record_file(play, GAMES)}"'})

    async def delete_play(request: Request) -> Response:
        form = await guarded(request)
        try:
            store.delete(int(request.path_params["play"]), int(str(form.get("revision", "0"))))
        except Conflict as e:
            return PlainTextResponse(str(e), status_code=e.http_status)
        return RedirectResponse("/history", status_code=303)

    async def history(request: Request) -> Response:
        game = request.query_params.get("game") or None
        player = request.query_params.get("player") or None
        return page(request, "history.html", plays=store.plays(game, player, limit=200), game=game, player=player)

    async def stats(request: Request) -> Response:
        return page(request, "stats.html", players=store.player_stats(), per_game=store.game_stats())

    async def import_record(request: Request) -> Response:
        """A record or a filled fillable score sheet, read in a process of its own (uploads.py):
        saved, or refused with a page saying why."""
        form = await guarded(request)
        upload = form.get("record")
        raw = await upload.read(MAX_UPLOAD_BYTES + 1) if upload is not None and hasattr(upload, "read") else b""
        from pnpkit.scorer import api
        name = Path(getattr(upload, "filename", "") or "record").name[:120] or "record"
        try:
            text = await uploads.read("record", raw, name)
            result = api.score_text(text, name, folder=pads.folder_of(text, name))
        except SourceError as e:
            refusal = page(request, "history.html", plays=store.plays(limit=200), game=None, player=None, problem=str(e))
            refusal.status_code = 400
            return refusal
        play = store.save(text, result)
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def export_csv(request: Request) -> Response:
        return Response(store.csv(), media_type="text/csv",
                        headers={"content-disposition": 'attachment; filename="pnpkit-history.csv"'})

    async def export_records(request: Request) -> Response:
        buf = BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in store.records():
                z.writestr(f"pnpkit-history/{name}", text)
        return Response(buf.getvalue(), media_type="application/zip",
                        headers={"content-disposition": 'attachment; filename="pnpkit-history.zip"'})

    routes = [
        Route("/", home), Route("/rules", rules),
        *table_routes(page, guarded, store), *own.pad_routes(page, guarded, store, pads), *photo_routes(guarded),
        Route("/sheet/{game}", sheet), Route("/sheet/{game}/score", score_sheet, methods=["POST"]),
        Route("/sheet/{game}/save", save_sheet, methods=["POST"]),
        Route("/end/{game}", end), Route("/end/{game}/score", score_end, methods=["POST"]),
        Route("/end/{game}/save", save_end, methods=["POST"]),
        Route("/play/{play:int}", show_play), Route("/play/{play:int}.yaml", play_yaml),
        Route("/play/{play:int}/delete", delete_play, methods=["POST"]),
        Route("/history", history), Route("/stats", stats), Route("/import", import_record, methods=["POST"]),
        Route("/export.csv", export_csv), Route("/export.zip", export_records),
        Mount("/static", StaticFiles(directory=str(resources.files("pnpkit.serve") / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={Forbidden: _forbidden, NoForm: _no_form, own.NoPad: _no_form,
                                                       _Refused: _refused, jinja2.TemplateNotFound: _updated,
                                                       ImportError: _updated})
    if settings.access_code:
        app.add_middleware(_AccessCode, code=settings.access_code)
    app.add_middleware(BodyLimit, larger={"/sheet/*/photo": PHOTO_BODY_BYTES})
    app.state.store = store
    return app


class Forbidden(PnpkitError):
    """A changing request without this page's token, or from another site's page."""

    http_status = 403


class NoForm(PnpkitError):
    """A form route of a game that has no such form."""

    http_status = 404


def _form_game(request: Request) -> str:
    """The game of a score-sheet route, if it has a form (NoForm: a 404)."""
    game = request.path_params["game"]
    if game not in sheets.forms("sheets"):
        raise NoForm(f"no score-sheet form for {game}")
    return game


def _end_game(request: Request) -> str:
    """The game of an end-position route, if it has that form (NoForm: a 404)."""
    game = request.path_params["game"]
    if game not in sheets.forms("end"):
        raise NoForm(f"no end-position form for {game} (the games that have one: {', '.join(sheets.forms('end'))})")
    return game


async def _no_form(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(str(exc), status_code=NoForm.http_status)


async def _forbidden(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(f"refused: {exc}", status_code=Forbidden.http_status)


def _correctable(play: Any) -> str | None:
    """Where a saved final-sheet or end-position game is corrected as its form, or None."""
    return sheets.correcting(play.game, _kit(play.game), play.record, f"game {play.id}") if play.game in GAMES else None


class _Refused(PnpkitError):
    """A form route asked to open a saved game it cannot show: the answer to send (its status in it)."""

    def __init__(self, response: Response):
        self.response = response


def _table_token(folder: Path) -> str:
    """The pages' token (a cookie and a form field that must match), made once and kept beside the
    history, readable by this user alone: a sheet filled in before `pnpkit serve` restarted still
    saves. A file that is not a token is replaced."""
    path = folder / "table-token"
    try:
        kept = path.read_text(encoding="ascii").strip()
        if len(kept) == 32 and kept.replace("-", "").replace("_", "").isalnum():
            return kept
    except (OSError, UnicodeError):
        pass
    made = secrets.token_urlsafe(24)
    folder.mkdir(parents=True, exist_ok=True)
    part = folder / f".table-token.{secrets.token_hex(4)}"
    part.write_text(made, encoding="ascii")
    part.chmod(0o600)
    part.replace(path)
    return made


def _why_not(out: dict) -> str:
    """Why a form's record cannot be saved, in words: what is not a record yet, or the error."""
    if out.get("error"):
        return out["error"]
    if not out.get("names"):
        return "write at least one player's name"
    return "the sheets are not a record yet: " + "; ".join(v["message"] for v in out.get("violations", []))


def _saved(store: Store, play: int) -> Any:
    """The saved game `play` (the Play a refused save shows again), or None if it is gone."""
    try:
        return store.get(play)
    except KeyError:
        return None


def _reopened(request: Request, store: Store, game: str, kit: Any, end: bool = False) -> tuple[Any, dict[str, str]]:
    """The saved game a form route's ?play=N asks to correct and its boxes filled from its record,
    or (None, {}) for an empty form (_Refused: no such game, or one this form cannot show)."""
    asked = request.query_params.get("play", "")
    if not asked.isdigit():
        return None, {}
    try:
        play = store.get(int(asked))
        return play, sheets.reopened(game, kit, play.record, f"game {play.id}", end)
    except KeyError:
        raise _Refused(PlainTextResponse("no such game in the history", status_code=404)) from None
    except (sheets.FormProblem, SourceError) as e:
        raise _Refused(PlainTextResponse(f"game {asked} cannot be opened in this form: {e}", status_code=400)) from None


UPDATED = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Restart pnpkit serve</title>"
           "<h1>pnpkit was updated</h1><p>pnpkit was reinstalled or updated while this table was open: "
           "restart <code>pnpkit serve</code> (Ctrl-C where it runs, then start it again). Every saved game "
           "is kept, and what you typed on a score sheet stays in this browser until it is saved.</p></html>")


async def _updated(request: Request, exc: Exception) -> Response:
    """A page or a module gone from under a running server (pnpkit reinstalled): one clear page, no
    traceback (written without a template: the templates may be what is gone)."""
    return HTMLResponse(UPDATED, status_code=503)


async def _refused(request: Request, exc: Exception) -> Response:
    return exc.response


def _photo_games() -> tuple[str, ...]:
    from pnpkit.photo.sheets import GAMES
    return GAMES


def _kit(game: str):
    from pnpkit.kitfile.head import load_head
    return load_head(game)


@lru_cache(maxsize=None)
def _title(game: str) -> str:
    """A game's name as its kit prints it (the history shows it, not the id)."""
    return _kit(game).game.title if game in GAMES else game


def _scored(game: str, form: Any, end: bool = False) -> dict:
    """The form's record scored: the YAML, the totals with their breakdowns and each points box of
    the sheets, the ranking with the tie-break that decided each place, and each violation with
    the box it is about (a box that is not a record yet is one, with what it expects)."""
    from pnpkit.scorer import api
    from pnpkit.kitfile.forms import FormProblem
    kit = _kit(game)
    typed = sheets.values(form.multi_items())
    ticks = sheets.calculated(game, kit, typed, end)
    named = [v.text for k, v in typed.items() if k.endswith(".name") and v.text.strip()]
    if not named:
        return {"yaml": "", "names": [], "error": "write at least one player's name", "calculated": ticks}
    try:
        data, seat_of = sheets.record(game, kit, typed, end)
    except FormProblem as e:
        return {"yaml": "", "names": named, "error": "", "violations": [sheets.problem(game, kit, e, typed, end)],
                "calculated": ticks}
    text = sheets.to_yaml(data)
    try:
        result = api.score_text(text, "the sheet")
    except SourceError as e:
        if end:        # a position that cannot exist: each problem beside its box, as a form problem is
            return {"yaml": text, "names": named, "error": "", "calculated": ticks,
                    "violations": sheets.refusals(game, e.problems, seat_of)}
        return {"yaml": text, "names": named, "error": str(e), "calculated": ticks}
    out = result.to_json()
    for v in out["violations"]:
        v["box"] = sheets.box_of(game, v["where"], data, seat_of, end)
        v["where"] = sheets.said(game, kit, v["where"], data, end)
    out["points"] = {} if end else sheets.points_of(game, out["players"], seat_of)
    out["seats"] = {p["name"]: seat_of.get(p["name"]) for p in out.get("players", [])}
    return {**out, "yaml": text, "names": named, "calculated": ticks, "_result": result}


class _AccessCode:
    """--lan: a request without the access code (in the URL once, then a cookie) sees nothing."""

    def __init__(self, app, code: str) -> None:
        self.app, self.code = app, code

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        given = request.query_params.get("code") or request.cookies.get(ACCESS_COOKIE, "")
        if not checks.same_secret(given, self.code):
            return await PlainTextResponse("this table needs its access code: open the address pnpkit printed",
                                           status_code=403)(scope, receive, send)
        if request.query_params.get("code"):
            response = RedirectResponse(scope["path"], status_code=303)
            response.set_cookie(ACCESS_COOKIE, self.code, httponly=True, samesite="strict")
            return await response(scope, receive, send)
        return await self.app(scope, receive, send)
