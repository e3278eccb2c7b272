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
from functools import lru_cache
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnpkit.kitfile.errors import PnpkitError
from pnpkit.scorer.games import GAMES
from pnpkit.serve import checks, pads as own
from pnpkit.serve.bodies import BodyLimit
from pnpkit.serve.form_pages import NoForm, Unopenable, form_routes, kit_head
from pnpkit.serve.history_pages import HistoryPages
from pnpkit.serve.photos import photo_routes
from pnpkit.serve.table_pages import table_routes
from pnpkit.serve.store import Store

CSRF_COOKIE, ACCESS_COOKIE = "pnpkit_token", "pnpkit_access"
MAX_FORM_BYTES = 200_000      # a filled sheet is a few KB
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


@dataclass
class Site:
    """What every page shares: the templates, the history, the pages' token (kept in the data
    folder: a page typed into before a restart still saves) and the designers' score pads."""

    env: jinja2.Environment
    store: Store
    token: str
    pads: own.Pads

    def page(self, request: Request, name: str, **context: Any) -> HTMLResponse:
        html = self.env.get_template(name).render(token=self.token, games=GAMES,
                                                  title_of=lambda g: self.pads.title(g) or _title(g),
                                                  pads=self.pads.served.values(), **context)
        response = HTMLResponse(html)
        response.set_cookie(CSRF_COOKIE, self.token, httponly=True, samesite="strict")
        return response

    async def guarded(self, request: Request) -> dict:
        """A changing request's form, after its token and origin are checked (403 otherwise)."""
        origin = request.headers.get("origin")
        if origin and origin.split("//", 1)[-1] != request.headers.get("host", ""):
            raise Forbidden("a page of another site may not change anything here")
        form = await request.form(max_files=1, max_fields=2000)   # its size bounded by BodyLimit
        sent = form.get("token") or request.headers.get("x-pnpkit-token", "")
        token = self.token
        if not (checks.same_secret(sent, token) and checks.same_secret(request.cookies.get(CSRF_COOKIE, ""), token)):
            raise Forbidden("this page is out of date (the server restarted?): reload it")
        return form


def create_app(settings: Settings) -> Starlette:
    site = Site(_pages(), Store(settings.data / "history.sqlite"), _table_token(settings.data), own.Pads(settings.kits))
    page, guarded, store = site.page, site.guarded, site.store
    h = HistoryPages(page, guarded, store, site.pads)
    routes = [
        Route("/", h.home), Route("/rules", h.rules),
        *table_routes(page, guarded, store), *own.pad_routes(page, guarded, store, site.pads), *photo_routes(guarded),
        *form_routes(page, guarded, store),
        Route("/play/{play:int}", h.show_play), Route("/play/{play:int}.yaml", h.play_yaml),
        Route("/play/{play:int}/delete", h.delete_play, methods=["POST"]),
        Route("/history", h.history), Route("/stats", h.stats), Route("/import", h.import_record, methods=["POST"]),
        Route("/export.csv", h.export_csv), Route("/export.zip", h.export_records),
        Mount("/static", StaticFiles(directory=str(resources.files("pnpkit.serve") / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={Forbidden: _forbidden, NoForm: _no_form, own.NoPad: _no_form,
                                                       Unopenable: _refused, jinja2.TemplateNotFound: _updated,
                                                       ImportError: _updated})
    if settings.access_code:
        app.add_middleware(_AccessCode, code=settings.access_code)
    app.add_middleware(BodyLimit, larger={"/sheet/*/photo": PHOTO_BODY_BYTES})
    app.state.store = store
    return app


class Forbidden(PnpkitError):
    """A changing request without this page's token, or from another site's page."""

    http_status = 403


async def _no_form(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(str(exc), status_code=NoForm.http_status)


async def _forbidden(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(f"refused: {exc}", status_code=Forbidden.http_status)


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


@lru_cache(maxsize=None)
def _title(game: str) -> str:
    """A game's name as its kit prints it (the history shows it, not the id)."""
    return kit_head(game).game.title if game in GAMES else game


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
