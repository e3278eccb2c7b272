"""A record's photos read into its players: `players: [{name: Ann, photo: ann.jpg, bonus: [B05]}]`.

The photo lies beside the record, in its folder (links followed and checked, as a kit file's
files: kitfile/files.py); what it shows becomes the player's sheet, Salt and Squirrel markers,
goal and bonus cards, through the form description (scorer/games/nuts/form.py `record`), as a filled
fillable PDF does. A key typed beside the photo wins over the photo: that is how a box the photo
cannot show, or one it was unsure of, is given. A box it is unsure of and nobody typed is never
guessed: the record is refused (exit 2), naming the photo and the boxes.
"""
from __future__ import annotations

import os
from pathlib import Path

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.source import Source

GAMES = ("nuts",)                       # the games whose records may give a photo of a sheet
KEYS = {"sheet": ("almond.", "cashew.", "peanut.", "pistachio."), "salt": ("salt.",), "squirrel": ("squirrel.",),
        "goals": ("goals.",), "bonus": ("bonus.",)}   # a record's key, and the tick boxes it stands for
HOW = {"sheet": "sheet: {almond: N, ...}", "salt": "salt: N", "squirrel": "squirrel: N", "goals": "goals: [...]",
       "bonus": "bonus: [B05, ...]"}


def has_photos(data: object) -> bool:
    return (isinstance(data, dict) and data.get("game") in GAMES and isinstance(data.get("players"), list)
            and any(isinstance(p, dict) and "photo" in p for p in data["players"]))


def fill(source: Source, record: str, sent: dict | None = None) -> None:
    """Each player's photo read into the record (source.data, in place): SourceError at the photo's
    line for a photo that cannot be read, and for the boxes it is unsure of. `sent`: the photos'
    bytes as `photos_of` read them elsewhere (a cluster's client, for a worker that cannot see the
    record's folder), instead of from beside `record`."""
    from pnpkit import photo
    from pnpkit.kitfile.head import load_head
    if source.data.get("game") not in GAMES:
        return                             # the game's own record model refuses a `photo` it has no use for
    kit = load_head(source.data["game"])
    for i, player in enumerate(source.data["players"]):
        if not (isinstance(player, dict) and "photo" in player):
            continue
        refuse = _refusal(source, i)
        if (why := photo.missing()) is not None:
            raise refuse(why)
        raw, shown = _photo(player, record, refuse) if sent is None else _given(sent.get(i), refuse)
        from pnpkit.photo.read import Refused
        from pnpkit.photo.worker import read
        try:
            reading = read(raw)
        except Refused as e:
            raise refuse(f"{shown}: {e}") from None
        source.data["players"][i] = merged(reading, player, kit, shown, refuse)


def photos_of(source: Source, record: str) -> dict[int, "tuple[bytes, str] | SourceError"]:
    """Each player's photo, by the player's place, read from beside `record` as `fill` reads it
    (its bytes and its name), or the refusal `fill` would give for it: what a cluster's client sends
    with the record's text to a worker that cannot see the record's folder (pnpkit/many.py)."""
    if not has_photos(source.data):
        return {}
    out: dict[int, "tuple[bytes, str] | SourceError"] = {}
    for i, player in enumerate(source.data["players"]):
        if isinstance(player, dict) and "photo" in player:
            try:
                out[i] = _photo(player, record, _refusal(source, i))
            except SourceError as e:
                out[i] = e
    return out


def _refusal(source: Source, i: int):
    def refuse(message: str) -> SourceError:
        return SourceError(source.file, [Problem(source.line_of(("players", i, "photo")), f"players[{i}].photo", message)])
    return refuse


def _photo(player: dict, record: str, refuse) -> tuple[bytes, str]:
    path, shown = _photo_path(player["photo"], record, refuse)
    return _bytes(path, shown, refuse), shown


def _given(got: "tuple[bytes, str] | SourceError | None", refuse) -> tuple[bytes, str]:
    if got is None:
        raise refuse("the photo was not sent with the record")
    if isinstance(got, SourceError):
        raise got
    return got


def merged(reading, player: dict, kit, shown: str, refuse) -> dict:
    """The player as the record gives it: what the photo read, and over it every key typed beside it."""
    from pnpkit.kitfile.forms import FormProblem, Value
    from pnpkit.scorer.games import form
    typed = {k: v for k, v in player.items() if k != "photo"}
    if reading.game != "nuts":
        raise refuse(f"{shown}: this is a photo of the {reading.game} sheet, not of a NUTS score sheet")
    unsure = [n for n in reading.unsure if not any(n.startswith(KEYS[k]) for k in typed if k in KEYS)]
    full = [box for box in ("salt", "squirrel") if box not in typed and _every(reading, box)]
    if unsure or full:
        raise refuse(unsure_message(shown, unsure, full))
    values = {f"p1.{n}": Value("x" if t else "", 1) for n, t in reading.ticked.items()}
    values["p1.name"] = Value(str(typed.get("name", "")) or "?", 1)
    if "bonus" in typed:                   # typed: the photo's bonus boxes are not needed (nor asked for)
        values = {k: v for k, v in values.items() if not k.startswith("p1.bonus.")} | {"p1.bonus": Value("B01", 1)}
    try:
        read_from = form("nuts", "sheets").record(values, kit)["players"][0]
    except FormProblem as e:
        box = form("nuts", "sheets").words(e.field.split(".", 1)[-1], kit)     # `almond column, box 4`
        raise refuse(f"{shown}: {box}: {e.message}") from None
    read_from.pop("name", None)
    return {"name": typed.get("name"), **read_from, **typed}


def unsure_message(shown: str, unsure: list[str], full: list[str]) -> str:
    """`ann.jpg: boxes to check: almond 10, Salt box 4: retake the photo, or type them beside it (...)`."""
    names = [label(n) for n in unsure] + [f"every {b.capitalize()} box ticked (more markers than boxes?)" for b in full]
    keys = [k for k in KEYS if any(n.startswith(KEYS[k]) for n in unsure)] + full
    listed = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"{shown}: not sure of {len(names)} box{'es' if len(names) != 1 else ''}: {listed}: retake the photo, "
            f"or type them beside it ({', '.join(HOW[k] for k in keys)})")


def label(name: str) -> str:
    """A tick box as the printed sheet shows it: `almond 10`, `Salt box 4`, `bonus B05`, `goal salty-mama`."""
    box, _, tick = name.partition(".")
    return {"salt": f"Salt box {tick}", "squirrel": f"Squirrel box {tick}", "goals": f"goal {tick}",
            "bonus": f"bonus {tick}"}.get(box, f"{box} {tick}")


def _every(reading, box: str) -> bool:
    ticks = [t for n, t in reading.ticked.items() if n.startswith(box + ".")]
    return bool(ticks) and all(ticks)


def _photo_path(name: object, record: str, refuse) -> tuple[Path, str]:
    """The photo beside the record, inside its folder (links followed and checked)."""
    from pnpkit.kitfile.files import OutsideKit, resolve
    if record == "-":
        raise refuse("a photo is read from the record's folder: give the record as a file, not on standard input")
    if not isinstance(name, str):
        raise refuse(f"expected the photo's file name (ann.jpg), not {name!r}")
    folder = Path(os.path.abspath(record)).parent
    try:
        found = resolve(name, [folder], "photo")
    except OutsideKit as e:
        raise refuse(str(e).replace("kit's folder", "record's folder").replace("a kit file", "a record")) from None
    if found is None:
        raise refuse(f"no photo {name!r} beside the record (in {folder.name or folder}/)")
    return found, name


def _bytes(path: Path, shown: str, refuse) -> bytes:
    from pnpkit.kitfile.source import read_bytes
    from pnpkit.photo.read import MAX_BYTES
    try:
        raw = read_bytes(path, shown, MAX_BYTES + 1)
    except SourceError as e:
        raise refuse(f"{shown}: {e.problems[0].message}") from None
    if len(raw) > MAX_BYTES:
        raise refuse(f"{shown}: the photo is larger than {MAX_BYTES // 1_000_000} MB (a phone's photo of a sheet is 2-6 MB)")
    return raw
