"""A kit file's head: `game` and `params`, read and validated without its print components.

The scorer needs a game's numbers (`params`) and nothing of what is printed; validating the
components is most of a kit file's checking, and importing their models most of pnpkit's start-up.
So the head is read here, with no import of kitfile.components: `load_head("nuts")` is what
`pnpkit score` reads. kitfile/model.py adds the components for the generator.
"""
from __future__ import annotations

import importlib
import os
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from pnpkit.kitfile.errors import Problem, SourceError, did_you_mean, field_name
from pnpkit.kitfile.source import Source, load_file, validate
from pnpkit.kitfile.structs import Meta, Plain, Strict, field, replace


class PlayerCount(Plain):
    """A player count as a kit file writes it, `2` or `2-4` (or `"2 - 4"`), stored as `2` or `2-4`:
    a custom type of kitfile/structs.py."""

    json_schema = {"type": ["string", "integer"], "description": 'Player count: "2" or "2-4".'}

    @classmethod
    def decode(cls, v: Any) -> str:
        v = str(v)
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", v)
        if not m or (m[2] and int(m[2]) < int(m[1])) or int(m[1]) < 1:
            raise ValueError(f'expected a player count like "2" or "2-4", got {v!r}')
        return f"{m[1]}-{m[2]}" if m[2] and m[2] != m[1] else m[1]


Word = Annotated[str, Meta(max_length=60)]


class GameInfo(Strict):
    id: Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40, description="Kit id, e.g. `chestnuts` "
                            "(the name of its output folder and files).")]
    title: Annotated[str, Meta(max_length=100, description="Printed on the cover and at the top of every page.")]
    designer: Annotated[str, Meta(max_length=200)] = ""
    players: PlayerCount  # (described by its type's schema)
    credit: Annotated[str, Meta(max_length=300, description="Credit line printed small on every page.")] = ""
    needs: Annotated[list[Annotated[str, Meta(max_length=200)]], Meta(
        max_length=20, description='What the players need beside the kit, listed on the cover under "You also '
        'need": dice with their colours, a bag, another game, a pencil (e.g. "one six-sided die").')] = \
        field(default_factory=list)

    glossary: Annotated[dict[Word, list[Word]], Meta(
        max_length=200, description="The table's words -> the rulebook's, for `pnpkit rules` and the table's search "
        "(`penalty: [subtract]`, `first player: [starting player]`): a question that says the one also finds the "
        "other.")] = field(default_factory=dict)

    @property
    def min_players(self) -> int:
        return int(self.players.split("-")[0])

    @property
    def max_players(self) -> int:
        return int(self.players.split("-")[-1])


class KitHead(Strict):
    """A kit file's `game` and `params` (typed per game: kitfile/params/<game>.py), and where it
    was read from. What the scorer reads of a kit."""

    game: GameInfo
    params: Annotated[Any, Meta(description="The game's numbers, shared with the scorer.")] = field(default_factory=dict)
    # set by the loader, never written in a kit file: not in its JSON Schema (`head_schema`)
    file: str = ""  # the kit file's name in messages
    path: str = ""  # the kit file's absolute path: its folder is the one it may read templates and other files
    #                 from (kitfile/files.py)


LOADED = ("file", "path")
"""KitHead's fields the loader sets, never written in a kit file."""


def head_schema(model: type = KitHead) -> dict:
    """`model`'s JSON Schema without the fields the loader sets."""
    from pnpkit.kitfile.structs import schema
    out = schema(model)
    for name in LOADED:
        out["properties"].pop(name, None)
    return out


def params_model(game_id: str) -> type | None:
    """The `Params` model of a game, or None when the game has no typed params yet."""
    name = "pnpkit.kitfile.params." + game_id.replace("-", "_")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    return getattr(module, "Params", None)


@lru_cache(maxsize=1)
def kit_ids() -> list[str]:
    """The kits shipped in the package, sorted."""
    return sorted(p.name[:-5] for p in resources.files("pnpkit.kits").iterdir() if p.name.endswith(".yaml"))


def kit_path(name: str) -> tuple[Path, str]:
    """A kit id or a path to a YAML file -> (real path, the name to show in messages)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        return Path(name), name
    if name not in kit_ids():
        known = ", ".join(kit_ids())
        raise SourceError(name, [Problem(None, "", f"no kit of that name{did_you_mean(name, kit_ids())} (kits: {known}; "
                                                   "or give a path to a .yaml file)")])
    return _shipped(name), f"kits/{name}.yaml"


@lru_cache(maxsize=None)
def _shipped(name: str) -> Path:
    return Path(os.path.abspath(str(resources.files("pnpkit.kits") / f"{name}.yaml")))


def located(name: str) -> tuple[str, str, tuple[int, int, int]]:
    """A kit id or path -> (absolute path, the name shown in messages, the file's version): the key
    of every cache of a kit file (an edited kit file is read again)."""
    path, display = kit_path(name)
    path = os.path.abspath(path)
    return path, display, _version(path)


def load_head(name: str) -> KitHead:
    """A kit's `game` and `params`, validated; its components are not read. Cached per file version
    (and the versions of the deck files its params read: an edited deck is read again)."""
    path, display, version = located(name)
    source = cached_source(path, display, version)
    return _head(path, display, version, deck_versions(source, path) if _reads_decks(path, display, version) else ())


@lru_cache(maxsize=32)
def cached_source(path: str, display: str, version: tuple) -> Source:
    """The kit file read once per version: the head, the deck check and the whole kit share it."""
    source = load_file(path, display)
    if not isinstance(source.data, dict):
        raise SourceError(display, [Problem(1, "", "expected a mapping with game, params and components")])
    return source


@lru_cache(maxsize=32)
def _reads_decks(path: str, display: str, version: tuple) -> bool:
    """Whether the kit file names deck files at all: most do not, and looking costs a walk of the
    whole file, which `load_head` would otherwise pay on every record scored."""
    source = cached_source(path, display, version)
    if not any(p and p[-1] == "from" for p in source.lines):  # no `from:` written anywhere (an alias
        return False                                          # repeats one written at its anchor)
    from pnpkit.kitfile import decks
    return bool(decks.references(source.data))


def _version(path: Path | str) -> tuple[int, int, int]:
    """A file's version: its modification time, size and inode. The time alone is coarse (two
    saves within one clock tick share it); a save of another length, or an editor's save that
    replaces the file, is told apart even then."""
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0, 0)
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def deck_versions(source: Source, path: str) -> tuple:
    """The deck files a kit file reads (`{from: FILE}`, kitfile/decks.py) and their versions."""
    from pnpkit.kitfile import decks
    refs = decks.references(source.data)
    if not refs:
        return ()
    folder = Path(path).parent.resolve()
    out = []
    for at, ref in refs:
        try:
            file = decks.locate(folder, ref)
        except decks.DeckError as e:
            raise source.error(at + ("from",), str(e)) from None
        out.append((str(file), _version(file)))
    return tuple(out)


@lru_cache(maxsize=32)
def expanded(path: str, display: str, version: tuple, deck_versions: tuple) -> Source:
    """The kit file's source with every `{from: FILE}` replaced by the rows of that file: the
    printer and the scorer read the same rows."""
    source = cached_source(path, display, version)
    if not deck_versions:
        return source
    import copy
    from dataclasses import replace

    from pnpkit.kitfile import decks
    refs = decks.references(source.data)
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


def source_for(kit) -> Source | None:
    """The source a loaded kit came from (its decks read in), for errors found while drawing."""
    if not getattr(kit, "path", ""):
        return None
    version = _version(kit.path)
    source = cached_source(kit.path, kit.file, version)
    return expanded(kit.path, kit.file, version, deck_versions(source, kit.path))


def error_at(kit, path: tuple, message: str) -> SourceError:
    """A problem found in a loaded kit (while drawing it, or replaying on it), reported at its
    place in the kit file."""
    file = getattr(kit, "file", "") or "kit"
    try:
        source = source_for(kit)
    except SourceError:
        source = None
    if source is None:
        return SourceError(file, [Problem(None, field_name(path), message)])
    return SourceError(file, [Problem(source.line_of(path), source.field_of(path), message)])


@lru_cache(maxsize=32)
def _head(path: str, display: str, version: tuple, decks: tuple = ()) -> KitHead:
    source = expanded(path, display, version, decks)
    data = {k: v for k, v in source.data.items() if k != "components"}
    return with_params(validate(KitHead, source, data=data), source, display, path)


def with_params(kit, source: Source, display: str, path: str):
    """`kit` (a head or a whole kit) with its params validated by its game's own model."""
    model = params_model(kit.game.id)
    if model is not None:
        params = validate(model, source, at=("params",), data=source.data.get("params", {}))
        printed = getattr(params, "printed_problems", None)     # numbers the components print, too
        for at, message in printed(source.data.get("components"), source.line_of) if printed else ():
            raise source.error(at, message)
        kit = replace(kit, params=params)
    return replace(kit, file=display, path=path)
