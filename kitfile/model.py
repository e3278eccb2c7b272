"""The kit file: `game`, `params`, `components`, validated on load."""
from __future__ import annotations

import copy
import importlib
import os
import re
from functools import lru_cache
from importlib import resources
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from kitfile import decks
from kitfile.components import MAX_COUNT, Component
from kitfile.source import Problem, Source, SourceError, load_file, validate


class Strict(BaseModel):
    """Base for every kit-file model: unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class GameInfo(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40, description="Kit id, e.g. `chestnuts` "
                    "(the name of its output folder and files).")
    title: str = Field(max_length=100, description="Printed on the cover and at the top of every page.")
    designer: str = Field("", max_length=200)
    players: str = Field(description='Player count: "2" or "2-4".')
    credit: str = Field("", max_length=300, description="Credit line printed small on every page.")
    needs: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=20, description='What the players need beside the kit, listed on the cover '
        'under "You also need": dice with their colours, a bag, another game, a pencil (e.g. "one six-sided die").')

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, v: Any) -> str:
        v = str(v)
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", v)
        if not m or (m[2] and int(m[2]) < int(m[1])) or int(m[1]) < 1:
            raise ValueError(f'expected a player count like "2" or "2-4", got {v!r}')
        return f"{m[1]}-{m[2]}" if m[2] and m[2] != m[1] else m[1]

    @property
    def min_players(self) -> int:
        return int(self.players.split("-")[0])

    @property
    def max_players(self) -> int:
        return int(self.players.split("-")[-1])


class Kit(Strict):
    """A whole kit file. `params` is typed per game (kitfile/params/<game>.py)."""

    game: GameInfo
    params: Any = Field(default_factory=dict, description="The game's numbers, shared with the scorer.")
    components: list[Component] = Field(default_factory=list)
    file: str = Field("", exclude=True, description="The kit file's name in messages (set by the loader).")
    path: str = Field("", exclude=True, description="The kit file's absolute path (set by the loader): its "
                      "folder is the one it may read templates and other files from (kitfile/files.py).")


def params_model(game_id: str) -> type[BaseModel] | None:
    """The `Params` model of a game, or None when the game has no typed params yet."""
    name = "kitfile.params." + game_id.replace("-", "_")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(module, "Params", None)


def kit_ids() -> list[str]:
    """The kits shipped in the package, sorted."""
    return sorted(p.name[:-5] for p in resources.files("kits").iterdir() if p.name.endswith(".yaml"))


def kit_path(name: str) -> tuple[Path, str]:
    """A kit id or a path to a YAML file -> (real path, the name to show in messages)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        return Path(name), name
    if name not in kit_ids():
        known = ", ".join(kit_ids())
        raise SourceError(name, [Problem(None, "", f"no kit of that name (kits: {known}; or give a path to a .yaml file)")])
    return Path(str(resources.files("kits") / f"{name}.yaml")), f"kits/{name}.yaml"


def load_kit(name: str, components: bool = True) -> Kit:
    """Load and validate a kit by id or path. Raises SourceError with file:line: field: message.

    `components=False` is the scorer's view: `game` and `params` only, the print components not
    validated (most of a kit file's checking, and none of the scorer's business); `components`
    is then empty. Both views are cached per file version within a process."""
    path, display = kit_path(name)
    path = Path(os.path.abspath(path))
    try:
        version = path.stat().st_mtime_ns  # cached per file version: an edited kit file is read again
    except OSError:
        version = 0
    source = _source(str(path), display, version)
    return _load(str(path), display, version, _deck_versions(source, str(path)), components)


def _version(path: Path | str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


@lru_cache(maxsize=32)
def _source(path: str, display: str, version: int) -> Source:
    source = load_file(path, display)
    if not isinstance(source.data, dict):
        raise SourceError(display, [Problem(1, "", "expected a mapping with game, params and components")])
    return source


def _deck_versions(source: Source, path: str) -> tuple:
    """The deck files a kit file reads (kitfile/decks.py) and their versions: an edited deck is read again."""
    folder = Path(path).parent.resolve()
    out = []
    for at, ref in decks.references(source.data):
        try:
            file = decks.locate(folder, ref)
        except decks.DeckError as e:
            raise source.error(at + ("from",), str(e)) from None
        out.append((str(file), _version(file)))
    return tuple(out)


@lru_cache(maxsize=32)
def _expanded(path: str, display: str, version: int, deck_versions: tuple) -> Source:
    """The kit file's source with every `{from: FILE}` replaced by the rows of that file."""
    source = _source(path, display, version)
    refs = decks.references(source.data)
    if not refs:
        return source
    data = copy.deepcopy(source.data)
    origins: dict = {}
    read: dict[tuple, tuple] = {}
    for (at, ref), (file, _) in zip(refs, deck_versions):
        key = (file, str(ref.get("sheet")))
        if key not in read:
            try:
                read[key] = decks.read(Path(file), ref["from"].strip(), ref.get("sheet"))
            except decks.DeckError as e:
                raise source.error(at + ("from",), str(e)) from None
        rows, origin = read[key]
        node = data
        for part in at[:-1]:
            node = node[part]
        node[at[-1]] = copy.deepcopy(rows)
        origins[at] = origin
    return replace(source, data=data, decks=origins)


def source_for(kit: "Kit") -> Source | None:
    """The source a loaded kit came from (its decks read in), for errors found while drawing."""
    if not getattr(kit, "path", ""):
        return None
    version = _version(kit.path)
    source = _source(kit.path, kit.file, version)
    return _expanded(kit.path, kit.file, version, _deck_versions(source, kit.path))


@lru_cache(maxsize=32)
def _load(path: str, display: str, version: int, deck_versions: tuple = (), components: bool = True) -> Kit:
    source = _expanded(path, display, version, deck_versions)
    if components:
        kit = validate(Kit, source)
        _check_extent(kit, source)
    else:
        data = {k: v for k, v in source.data.items() if k != "components"}
        kit = validate(Kit, source, data=data)
    model = params_model(kit.game.id)
    if model is not None:
        params = validate(model, source, at=("params",), data=source.data.get("params", {}))
        kit = kit.model_copy(update={"params": params})
    return kit.model_copy(update={"file": display, "path": path})


MAX_PAGES = 300  # the most pages a kit may need (the largest shipped kit prints 34)
_PAGE_AREA = 197.3 * 266.0 * 0.5  # mm² of pieces one page holds: the area inside the margins, half used


def extent(kit: Kit) -> tuple[int, float]:
    """(pieces, pages) a kit will print, estimated from the kit file alone (before anything is
    drawn): pieces counted as the generator counts them, pages from the printed area, backs
    included."""
    pieces, area = 0, 0.0
    for c in kit.components:
        w, h = (c.size, c.size) if isinstance(c.size, float) else c.size
        if c.kind == "cards":
            copies = sum(r["count"] if isinstance(r.get("count"), int) and r["count"] > 0 else c.count
                         for r in c.deck) if c.deck else c.count
        else:
            copies = getattr(c, "total", None) or c.count
        sides = 2 if getattr(c, "back", None) is not None else 1
        pieces += copies
        area += w * h * copies * sides
    return pieces, area / _PAGE_AREA


def _check_extent(kit: Kit, source: Source) -> None:
    """A kit that would print more than anyone cuts out is refused before a piece is drawn."""
    pieces, pages = extent(kit)
    if pieces > MAX_COUNT:
        raise source.error(("components",), f"the kit prints {pieces:,} pieces: at most {MAX_COUNT:,}")
    if pages > MAX_PAGES:
        raise source.error(("components",), f"the kit would print about {pages:,.0f} pages: at most {MAX_PAGES}")


def source_of(name: str) -> Source:
    """The kit's parsed source, for tools that need lines (e.g. the schema checker)."""
    path, display = kit_path(name)
    return load_file(path, display)
