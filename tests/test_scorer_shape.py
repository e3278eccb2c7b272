"""The scorer's shape (issues 23, 35): every game a package with the same file names, each part of
its descriptor a function that imports it, a rule stated only in the rules (a game's replay.py
builds no violation, and no game has a table of its own), no module over 400 lines, no function
over 60, no private name imported across modules, no import cycle (imports inside functions and for
type checking included)."""
from __future__ import annotations

import ast
from pathlib import Path

from pnpkit.scorer.games import GAMES, load

SCORER = Path(__file__).resolve().parent.parent / "scorer"
FILES = {"__init__", "rules", "state", "moves", "effects", "notation", "record", "replay", "score", "position",
         "explain", "sim"}
"""Every game's files, one job each (DESIGN.md, "A game's package"); a game may add files named for
what they model (checks.py for the rules of the record's shape, map.py, deck.py, storage.py...)."""


def _modules() -> dict[str, Path]:
    out = {}
    for path in SCORER.rglob("*.py"):
        parts = path.relative_to(SCORER).with_suffix("").parts
        name = ".".join(("pnpkit", "scorer") + parts).removesuffix(".__init__")
        out[name] = path
    return out


MODULES = _modules()


def test_every_game_has_the_same_files_and_says_what_it_has():
    for game in GAMES:
        folder = SCORER / "games" / game.replace("-", "_")
        files = {p.stem for p in folder.glob("*.py")}
        assert FILES <= files, (game, sorted(FILES - files))
        assert "table" not in files, f"{game} has a table of its own: the one table is scorer/table.py"
        extra = files - FILES
        assert all(not name.startswith("_") for name in extra), (game, extra)


def test_every_part_of_a_descriptor_is_a_function_that_imports_it():
    """Not a string: an editor and a reader of imports follow each part to its module."""
    import inspect
    for game in GAMES:
        described = load(game)
        package = "pnpkit.scorer.games." + game.replace("-", "_")
        for name, module in (("rules", "moves"), ("explain", "explain"), ("position", "position"),
                             ("replay", "replay"), ("record", "record"), ("score", "score"), ("sim", "sim")):
            part = vars(described)[name]
            assert callable(part) and not isinstance(part, str), (game, name)
            assert f"from {package} import {module}" in inspect.getsource(part), (game, name)


def test_a_games_replay_only_makes_entries():
    """A rule is stated in the rules (moves.py, checks.py): replay.py builds no violation."""
    for path in (SCORER / "games").glob("*/replay.py"):
        text = path.read_text(encoding="utf-8")
        assert "Illegal(" not in text and "Violation" not in text, path


def test_no_module_over_400_lines_and_no_function_over_60():
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert text.count("\n") <= 400, name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno - node.lineno < 60, f"{name}.{node.name}"


def _imports(path: Path) -> list[ast.ImportFrom | ast.Import]:
    return [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, (ast.ImportFrom, ast.Import))]


def test_no_private_name_is_imported_across_modules():
    for name, path in MODULES.items():
        for node in _imports(path):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pnpkit.scorer"):
                private = [a.name for a in node.names if a.name.startswith("_") and a.name != "__version__"]
                assert not private, f"{name} imports {private} from {node.module}"


def test_no_import_cycle():
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        deps = set()
        for node in _imports(path):
            targets = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if isinstance(node, ast.ImportFrom):
                targets += [f"{node.module}.{a.name}" for a in node.names]
            deps |= {t for t in targets if t in MODULES and t != name}
        graph[name] = deps
    state: dict[str, int] = {}

    def visit(v: str, trail: list[str]) -> None:
        state[v] = 1
        for w in sorted(graph[v]):
            assert state.get(w) != 1, "import cycle: " + " -> ".join(trail[trail.index(w):] + [w] if w in trail else [v, w])
            if w not in state:
                visit(w, trail + [w])
        state[v] = 2

    for v in sorted(graph):
        if v not in state:
            visit(v, [v])
