"""A designer's game at the table: its kit's score pad (`scoring:`, kitfile/pad.py) as a form, for
each kit file named when the server starts (`pnpkit serve --kit moth-and-lamp.yaml`).

The form has the pad's boxes under the names the fillable PDF gives them (`p2.r3`, `p2.total`), is
scored as it is filled in by the scorer `pnpkit score` runs (scorer/pad.py), and is saved as the
record a person would type (`kit: moth-and-lamp.yaml`, each player's rows): the history keeps it
with the six games' and counts it in the statistics. A record names its kit by the kit file's
name, read from the served kit's own folder, so the server reads no other file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request

from pnpkit.kitfile.errors import PnpkitError
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.pad import Pad, pad_of
from pnpkit.serve.store import Conflict, Play, Store, revision_of

MAX_BOX_TEXT = 12   # characters of a box: a number


@dataclass(frozen=True)
class Served:
    """One kit the server was started with: its file, its game id and title."""

    path: Path
    id: str
    title: str

    def kit(self) -> Any:
        """The kit as it is now (the loader reads an edited kit file again)."""
        from pnpkit.kitfile.model import load_kit
        return load_kit(str(self.path))

    def pad(self) -> tuple[Any, Pad]:
        """The kit and its pad; NoPad if the kit file, edited since the server started, cannot be
        read now or has lost its pad (the message says why)."""
        try:
            kit = self.kit()
            pad = pad_of(kit)
        except SourceError as e:
            raise NoPad(self.id, message=f"the kit of {self.title} cannot be read now: {e}") from None
        if pad is None:
            raise NoPad(self.id, message=f"the kit of {self.title} has no score sheet with `scoring:` now")
        return kit, pad


class Pads:
    """The served kits by their game's id."""

    def __init__(self, paths: tuple[Path, ...] = ()):
        self.served: dict[str, Served] = {}
        for path in paths:
            from pnpkit.kitfile.model import load_kit
            path = Path(path).resolve()
            kit = load_kit(str(path))
            if pad_of(kit) is None:
                raise SourceError(str(path), [Problem(None, "", "this kit has no score sheet with `scoring:`, so no "
                                                      "pad to serve (docs/kit-file.md, \"A score pad that scores\")")])
            self.served[kit.game.id] = Served(path, kit.game.id, kit.game.title)

    def get(self, game: str) -> Served | None:
        return self.served.get(game)

    def title(self, game: str) -> str | None:
        s = self.served.get(game)
        return s.title if s is not None else None

    def folder_for(self, record: str) -> Path | None:
        """The folder a pad record's kit is read from: the served kit's, when the record names that
        kit file (`kit: moth-and-lamp.yaml`); None for any other record."""
        kit = _kit_named(record)
        for s in self.served.values():
            if kit == s.path.name:
                return s.path.parent
        return None

    def folder_of(self, record: str, file: str) -> Path | None:
        """`folder_for` a record imported into the history: None for a record of the six games;
        SourceError for a pad record whose kit this server does not serve (nothing else is read)."""
        kit = _kit_named(record)
        folder = self.folder_for(record)
        if kit is not None and folder is None:
            raise SourceError(file, [Problem(None, "kit", f"{kit} is not a kit this server serves (start it with "
                                             f"`pnpkit serve --kit path/to/{kit}` to keep its games)")])
        return folder


def _kit_named(record: str) -> str | None:
    """The kit file a record names (`kit:`), or None (a record of the six games, or one that cannot
    be read: the scorer then says why)."""
    from pnpkit.kitfile.source import parse
    try:
        data = parse(record, "the record", lines=False).data
    except SourceError:
        return None
    kit = data.get("kit") if isinstance(data, dict) else None
    return kit if isinstance(kit, str) else None


def pad_routes(page: Callable[..., Response], guarded: Callable[[Request], Any], store: Store,
               pads: Pads) -> list[Route]:
    p = PadPages(page, guarded, store, pads)
    return [Route("/pad/{game}", p.form), Route("/pad/{game}/score", p.score, methods=["POST"]),
            Route("/pad/{game}/save", p.save, methods=["POST"])]


@dataclass
class PadPages:
    page: Callable[..., Response]
    guarded: Callable[[Request], Any]
    store: Store
    pads: Pads

    def served(self, request: Request) -> Served:
        s = self.pads.get(request.path_params["game"])
        if s is None:
            raise NoPad(request.path_params["game"], self.pads)
        return s

    async def form(self, request: Request) -> Response:
        """The empty pad, or (?play=N) a saved game's pad filled from its record, to correct it."""
        served = self.served(request)
        kit, pad = served.pad()
        play, filled = None, {}
        asked = request.query_params.get("play", "")
        if asked.isdigit():
            try:
                play = self.store.get(int(asked))
                if play.game != served.id:
                    return PlainTextResponse(f"game {play.id} is not a game of {served.title}", status_code=400)
                filled = boxes_of(pad, play.record, f"game {play.id}")
            except KeyError:
                return PlainTextResponse("no such game in the history", status_code=404)
            except SourceError as e:
                return PlainTextResponse(f"game {asked} cannot be opened in this pad: {e}", status_code=400)
        return self.pad_page(request, served, play, filled)

    def pad_page(self, request: Request, served: Served, play: Play | None, filled: dict[str, str],
                 refused: str = "", status: int = 200) -> Response:
        """The pad as a form: empty, a saved game's to correct, or what was typed, again, with why
        saving it was refused (`refused`): nothing typed is lost."""
        kit, pad = served.pad()
        response = self.page(request, "pad.html", game=served.id, title=served.title, pad=pad, play=play,
                             filled=filled, seats=range(1, pad.seats + 1), header=_header(kit, pad), refused=refused)
        response.status_code = status
        return response

    async def score(self, request: Request) -> Response:
        out = scored(self.served(request), await self.guarded(request))
        out.pop("_result", None)
        return JSONResponse(out)

    async def save(self, request: Request) -> Response:
        """The typed pad saved, as a new game or the next revision of the one it corrects; refused,
        the pad comes back as typed with the reason above it (a stale revision: 409)."""
        form = await self.guarded(request)
        served = self.served(request)
        out = scored(served, form)
        result = out.pop("_result", None)
        typed = {k: str(v) for k, v in form.multi_items() if "." in k and isinstance(v, str)}
        asked = revision_of(form)
        try:
            shown = self.store.get(asked["play"]) if asked else None
        except KeyError:
            shown = None
        if out.get("error") or result is None:
            why = out.get("error") or "; ".join(v["message"] for v in out.get("violations", []))
            return self.pad_page(request, served, shown, typed, f"Not saved: {why}", 400)
        try:
            play = self.store.save(out["yaml"], result, played=str(form.get("played", "")) or None, **asked)
        except Conflict as e:
            return self.pad_page(request, served, shown, typed, f"Not saved: {e}. What you typed is below; saving it "
                                 "now replaces that revision.", 409)
        return RedirectResponse(f"/play/{play.id}", status_code=303)


class NoPad(PnpkitError):
    """A pad that is not served (its kit not given to `pnpkit serve --kit`)."""

    http_status = 404

    def __init__(self, game: str, pads: Pads | None = None, message: str = ""):
        served = ", ".join(pads.served) if pads is not None else ""
        super().__init__(message or f"no score pad for {game}: start `pnpkit serve --kit FILE` with its kit file "
                                    f"(served: {served or 'none'})")


def _header(kit: Any, pad: Pad) -> str:
    """The pad's printed header as plain words (its first lines), to say how it scores."""
    sheet = kit.components[pad.index]
    text = sheet.header.text if sheet.header is not None and sheet.header.text else ""
    return " ".join(line.lstrip("# ").strip() for line in text.splitlines()[1:] if line.strip())[:400]


def record_of(pad: Pad, file: str, form: Any) -> tuple[dict, dict[str, int], list[dict]]:
    """What the typed pad stands for: the record (a kit file name and each named seat's rows), each
    player's seat by name, and the boxes that are not numbers (each a problem beside its box)."""
    players, seat_of, problems = [], {}, []
    for seat in range(1, pad.seats + 1):
        name = str(form.get(pad.name_box(seat), "")).strip()[:60]
        sheet: dict[str, int] = {}
        for row in pad.rows:
            box = pad.box(seat, row)
            text = str(form.get(box, "")).strip()[:MAX_BOX_TEXT]
            if not text or row == pad.scoring.total:
                continue
            if not re.fullmatch(r"-?\d{1,6}", text):
                problems.append({"where": box, "message": f"{row}: expected a number, not {text!r}", "rule": "",
                                 "quote": "", "box": box})
                continue
            sheet[row] = int(text)
        if name:
            players.append({"name": name, "sheet": sheet})
            seat_of.setdefault(name, seat)
        elif sheet:
            problems.append({"where": pad.name_box(seat), "message": "write the player's name over their column",
                             "rule": "", "quote": "", "box": pad.name_box(seat)})
    return {"kit": file, "players": players}, seat_of, problems


def scored(served: Served, form: Any) -> dict:
    """The typed pad scored as `pnpkit score` scores its record: the YAML, each total and its rows,
    the ranking and tie-breaks, each violation beside its box, and the totals as the pad adds them."""
    from pnpkit.scorer import api
    from pnpkit.kitfile.forms import Calc
    from pnpkit.kitfile.forms.calc import evaluate
    from pnpkit.serve.sheets import to_yaml
    kit, pad = served.pad()
    data, seat_of, problems = record_of(pad, served.path.name, form)
    get = lambda box: str(form.get(box, ""))  # noqa: E731
    calculated = {total: evaluate(Calc("sum", adds), get) for total, adds in pad.sums().items()
                  if str(form.get(total.replace(".total", ".name"), "")).strip()}
    names = [p["name"] for p in data["players"]]
    if not names:
        return {"yaml": "", "names": [], "error": "write at least one player's name", "calculated": calculated}
    if problems:
        return {"yaml": "", "names": names, "error": "", "violations": problems, "calculated": calculated}
    text = to_yaml(data)
    try:
        result = api.score_text(text, "the pad", folder=served.path.parent)
    except SourceError as e:
        return {"yaml": text, "names": names, "error": str(e), "calculated": calculated}
    out = result.to_json()
    for v in out["violations"]:
        v["box"] = _box_of(pad, v["where"], seat_of)
    out["seats"] = {p["name"]: seat_of.get(p["name"]) for p in out["players"]}
    out["points"] = {pad.box(seat_of[p["name"]], pad.scoring.total): p["total"] for p in out["players"]}
    return {**out, "yaml": text, "names": names, "calculated": calculated, "_result": result}


def _box_of(pad: Pad, where: str, seat_of: dict[str, int]) -> str | None:
    """The box a violation is about: `Ann, sheet.Round 3` -> `p1.r3`; the players' count: none."""
    name, _, rest = where.partition(", sheet.")
    if name in seat_of and rest in pad.rows:
        return pad.box(seat_of[name], rest)
    return None


def boxes_of(pad: Pad, record: str, file: str) -> dict[str, str]:
    """A saved pad game's record as what each box holds (SourceError: not a pad record)."""
    from pnpkit.kitfile.source import parse
    data = parse(record, file).data
    players = data.get("players") if isinstance(data, dict) and "kit" in data else None
    if not isinstance(players, list) or len(players) > pad.seats:
        raise SourceError(file, [Problem(None, "", "the record is not a game of this pad")])
    out: dict[str, str] = {}
    for seat, p in enumerate(players, 1):
        if not isinstance(p, dict):
            continue
        out[pad.name_box(seat)] = str(p.get("name", ""))
        for row, value in (p.get("sheet") or {}).items():
            if str(row) in pad.rows and value is not None:
                out[pad.box(seat, str(row))] = str(value)
    return out


def stored(play: Play) -> Any:
    """A pad game whose kit this server does not serve: its players and totals as saved."""
    from pnpkit.scorer.core import PlayerScore, Result
    result = Result(game=play.game, finished=play.finished)
    for s in play.seats:
        result.players.append(PlayerScore(s.player))
        result.players[-1].add("total, as saved", s.total or 0)
    places: dict[int, list[str]] = {}
    for s in play.seats:
        places.setdefault(s.place or 99, []).append(s.player)
    result.ranking = [places[k] for k in sorted(places)]
    return result
