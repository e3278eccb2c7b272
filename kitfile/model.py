"""The kit file: `game`, `params`, `components`, validated on load."""
from __future__ import annotations

import importlib
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from kitfile.components import Component
from kitfile.source import Problem, Source, SourceError, load_file, validate


class Strict(BaseModel):
    """Base for every kit-file model: unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class GameInfo(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Kit id, e.g. `chestnuts`.")
    title: str
    designer: str = ""
    players: str = Field(description='Player count: "2" or "2-4".')
    credit: str = Field("", description="Credit line printed small on every page.")
    needs: list[str] = Field(default_factory=list, max_length=20,
                             description='What the players need beside the kit, listed on the cover under "You also '
                             'need": dice with their colours, a bag, another game, a pencil (e.g. "one six-sided die").')

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
    file: str = Field("", exclude=True, description="Where the kit was read from (set by the loader).")


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


def load_kit(name: str) -> Kit:
    """Load and validate a kit by id or path. Raises SourceError with file:line: field: message."""
    path, display = kit_path(name)
    if not path.exists():
        return _load(str(path), display, 0)
    # cached per file version: an edited kit file is read again
    return _load(str(path.resolve()), display, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _load(path: str, display: str, version: int) -> Kit:
    source = load_file(path, display)
    if not isinstance(source.data, dict):
        raise SourceError(display, [Problem(1, "", "expected a mapping with game, params and components")])
    kit = validate(Kit, source)
    model = params_model(kit.game.id)
    if model is not None:
        params = validate(model, source, at=("params",), data=source.data.get("params", {}))
        kit = kit.model_copy(update={"params": params})
    return kit.model_copy(update={"file": display})


def source_of(name: str) -> Source:
    """The kit's parsed source, for tools that need lines (e.g. the schema checker)."""
    path, display = kit_path(name)
    return load_file(path, display)
