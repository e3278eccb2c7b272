"""One name per game everywhere (issue 35): a module or a class named after a game is named by
that game's id, never by another game's (In the Nuts!' art was once generator/art/nuts_kit.py,
while NUTS' was factory_kit.py, and both simulators had a class NutsMatch)."""
from __future__ import annotations

import ast
from pathlib import Path

from pnpkit.scorer.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
IDS = {g.replace("-", "_"): g for g in GAMES}                          # in_the_nuts -> in-the-nuts
CAMEL = {g: "".join(w.capitalize() for w in g.split("-")) for g in GAMES}   # in-the-nuts -> InTheNuts


def test_each_games_own_art_is_named_by_its_id():
    """generator/art/<id>_kit.py (and _cards.py) holds the drawings of that game's kit only."""
    for path in (ROOT / "generator" / "art").glob("*.py"):
        for suffix in ("_kit", "_cards"):
            if path.stem.endswith(suffix):
                assert path.stem.removesuffix(suffix) in IDS, f"{path.name}: name it <game id>{suffix}.py"


def _named_after(name: str) -> str | None:
    """The game whose name a class name begins with (the longest: InTheNutsMatch is In the Nuts!')."""
    found = [g for g, camel in CAMEL.items() if name.startswith(camel)]
    return max(found, key=len, default=None)


def test_a_class_named_after_a_game_is_in_that_games_package():
    wrong = []
    for package in (ROOT / "scorer" / "games").iterdir():
        if package.name not in IDS:
            continue
        for path in package.glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and _named_after(node.name) not in (None, IDS[package.name]):
                    wrong.append(f"{path.relative_to(ROOT)}: class {node.name} is named after {_named_after(node.name)}")
    assert not wrong, "\n".join(wrong)
