"""The score-sheet and end-position pages: a game's final sheets (or its end position) as a form,
scored as it is typed and saved as a record, or a saved game's reopened in it to be corrected
(saving it makes that game's next revision, store.py). The form itself is sheets.py's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from pnpkit.kitfile.errors import PnpkitError, SourceError
from pnpkit.scorer.games import GAMES
from pnpkit.serve import checks, sheets
from pnpkit.serve.store import Conflict, Store, revision_of


def form_routes(page: Callable[..., Response], guarded: Callable[[Request], Any], store: Store) -> list[Route]:
    """The forms' routes; `page` draws a template, `guarded` is a changing request's checked form."""
    f = FormPages(page, guarded, store)
    return [Route("/sheet/{game}", f.sheet), Route("/sheet/{game}/score", f.score_sheet, methods=["POST"]),
            Route("/sheet/{game}/save", f.save_sheet, methods=["POST"]),
            Route("/end/{game}", f.end), Route("/end/{game}/score", f.score_end, methods=["POST"]),
            Route("/end/{game}/save", f.save_end, methods=["POST"])]


@dataclass
class FormPages:
    page: Callable[..., Response]
    guarded: Callable[[Request], Any]
    store: Store

    async def sheet(self, request: Request) -> Response:
        """The empty sheets, or (?play=N) a saved game's sheets filled from its record, to correct
        it: saving them makes that game's next revision."""
        game = _form_game(request)
        play, filled = _reopened(request, self.store, game, kit_head(game))
        return self.form_page(request, game, False, play, filled)

    def form_page(self, request: Request, game: str, end: bool, play: Any, filled: dict[str, str],
                  refused: str = "", status: int = 200) -> Response:
        """A game's sheets (or end position) as a form: empty, a saved game's to correct, or what was
        typed, again, with why saving it was refused (`refused`): nothing typed is lost."""
        kit = kit_head(game)
        if not end:
            response = self.page(request, "sheet.html", game=game, title=kit.game.title, seats=sheets.seats(game, kit),
                                 shown=sheets.shown(kit, filled), play=play, filled=filled, refused=refused,
                                 photographed=game in _photo_games())
        else:
            players, boards = sheets.end_seats(game, kit)
            response = self.page(request, "end.html", game=game, title=kit.game.title, what=sheets.end_form(game).TITLE,
                                 players=players, boards=boards, seats=range(1, kit.game.max_players + 1), play=play,
                                 filled=filled, refused=refused)
        response.status_code = status
        return response

    async def end(self, request: Request) -> Response:
        game = request.path_params["game"]
        if game in sheets.forms("sheets"):  # its end position is its final sheets
            return RedirectResponse(f"/sheet/{game}", status_code=303)
        _end_game(request)
        play, filled = _reopened(request, self.store, game, kit_head(game), end=True)
        return self.form_page(request, game, True, play, filled)

    async def score_end(self, request: Request) -> Response:
        out = _scored(_end_game(request), await self.guarded(request), end=True)
        out.pop("_result", None)
        return JSONResponse(out)

    async def save_end(self, request: Request) -> Response:
        return await self.save_scored(request, _end_game(request), end=True)

    async def score_sheet(self, request: Request) -> Response:
        game = _form_game(request)
        out = _scored(game, await self.guarded(request))
        out.pop("_result", None)
        return JSONResponse(out)

    async def save_sheet(self, request: Request) -> Response:
        return await self.save_scored(request, _form_game(request), end=False)

    async def save_scored(self, request: Request, game: str, end: bool) -> Response:
        """A filled form saved (a sheet game's players or an end position), as a new game or as the
        next revision of the one it corrects; a stale revision is refused (409)."""
        form = await self.guarded(request)
        try:
            played = checks.played(form.get("played"))
        except checks.NotADay as e:
            return PlainTextResponse(f"not saved: {e}", status_code=400)
        out = _scored(game, form, end=end)
        result = out.pop("_result", None)
        typed = {k: v.text for k, v in sheets.values(form.multi_items()).items()}
        asked = revision_of(form)
        shown = _saved(self.store, asked["play"]) if asked else None
        if out.get("error") or result is None or (not end and not out["names"]):
            return self.form_page(request, game, end, shown, typed, f"Not saved: {_why_not(out)}", 400)
        try:
            play = self.store.save(out["yaml"], result, played=played, **asked)
        except Conflict as e:
            # the sheets again as typed, now against the newest revision: saving them again replaces it
            return self.form_page(request, game, end, shown, typed, f"Not saved: {e}. What you typed is below; "
                                  "saving it now replaces that revision.", e.http_status)
        return RedirectResponse(f"/play/{play.id}", status_code=303)


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


def correctable(play: Any) -> str | None:
    """Where a saved final-sheet or end-position game is corrected as its form, or None."""
    if play.game not in GAMES:
        return None
    return sheets.correcting(play.game, kit_head(play.game), play.record, f"game {play.id}")


class Unopenable(PnpkitError):
    """A form route asked to open a saved game it cannot show: the answer to send (its status in it)."""

    def __init__(self, response: Response):
        self.response = response


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
    or (None, {}) for an empty form (Unopenable: no such game, or one this form cannot show)."""
    asked = request.query_params.get("play", "")
    if not asked.isdigit():
        return None, {}
    try:
        play = store.get(int(asked))
        return play, sheets.reopened(game, kit, play.record, f"game {play.id}", end)
    except KeyError:
        raise Unopenable(PlainTextResponse("no such game in the history", status_code=404)) from None
    except (sheets.FormProblem, SourceError) as e:
        raise Unopenable(PlainTextResponse(f"game {asked} cannot be opened in this form: {e}", status_code=400)) from None


def _photo_games() -> tuple[str, ...]:
    from pnpkit.photo.sheets import GAMES
    return GAMES


def kit_head(game: str):
    from pnpkit.kitfile.head import load_head
    return load_head(game)


def _scored(game: str, form: Any, end: bool = False) -> dict:
    """The form's record scored: the YAML, the totals with their breakdowns and each points box of
    the sheets, the ranking with the tie-break that decided each place, and each violation with
    the box it is about (a box that is not a record yet is one, with what it expects)."""
    from pnpkit.scorer import api
    from pnpkit.kitfile.forms import FormProblem
    kit = kit_head(game)
    typed = sheets.values(form.multi_items())
    ticks = sheets.calculated(game, kit, typed, end)
    named = [v.text for k, v in typed.items() if k.endswith(".name") and v.text.strip()]
    if not named:
        return {"yaml": "", "names": [], "error": "write at least one player's name", "calculated": ticks}
    try:
        data, seat_of = sheets.record(game, kit, typed, end)
    except FormProblem as e:
        return {"yaml": "", "names": named, "error": "", "violations": [sheets.problem(game, kit, e, end)],
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
    out["points"] = {} if end else sheets.points_of(game, out["players"], seat_of)
    out["seats"] = {p["name"]: seat_of.get(p["name"]) for p in out.get("players", [])}
    return {**out, "yaml": text, "names": named, "calculated": ticks, "_result": result}
