"""The files a kit file may name, and the only folders they may come from.

A kit file names other files: templates today, and art, fonts and decks as designers bring their
own. A kit file is shared like any download, so every such name is resolved here, and nowhere
else: relative to the kit's own folder (or a folder of the package, such as templates/), with
every symbolic link followed, and refused unless the file it really is lies inside that folder.
`template: ../../etc/passwd`, a link `art.svg -> /etc/passwd` and a linked folder `art/ -> /`
are all refused, with the kit file's line; nothing outside is ever opened.
"""
from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from pnpkit.kitfile.errors import InputError


class OutsideKit(InputError, ValueError):
    """A name that resolves outside every folder a kit file may read from."""


MAX_NAME = 255


def kit_folder(kit: Any) -> Path | None:
    """The folder a kit file may read beside: the one holding the kit file (its own link, if the
    kit file is one, is not followed: a kit file linked from elsewhere reads beside the link)."""
    path = getattr(kit, "path", "") or ""
    return Path(os.path.abspath(path)).parent.resolve() if path else None


def resolve(name: str, roots: Iterable[Path], what: str = "file") -> Path | None:
    """The file `name` (a relative path with / between folders) in the first of `roots` that has
    it, as the real path it resolves to. None if no root has it. Raises OutsideKit if the name is
    not a plain relative path, or if the file it resolves to (links followed) lies outside the
    root it was found in."""
    _check_name(name, what)
    for root in roots:
        root = Path(root).resolve()
        candidate = root.joinpath(*PurePosixPath(name).parts)
        if not os.path.lexists(candidate):
            continue
        real = candidate.resolve()
        if not real.is_relative_to(root):
            raise OutsideKit(f"the {what} {name!r} leads outside the kit's folder (through a link); "
                             "a kit file may only read files in its own folder")
        if not real.is_file():
            raise OutsideKit(f"the {what} {name!r} is not a file")
        return real
    return None


def _check_name(name: str, what: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise OutsideKit(f"the {what} name is empty")
    if len(name) > MAX_NAME or "\0" in name:
        raise OutsideKit(f"the {what} name is not a file name")
    if name.startswith(("/", "\\", "~")) or "\\" in name or (len(name) > 1 and name[1] == ":"):
        raise OutsideKit(f"the {what} {name!r} must be a path relative to the kit's folder, with / "
                         "between folders (e.g. art/nut.svg)")
    if ".." in PurePosixPath(name).parts:
        raise OutsideKit(f"the {what} {name!r} may not climb out of the kit's folder with '..'")
