"""The scorer's shape (issue 23): every game a package with the same file names, no module over 400
lines, no function over 60, no private name imported across modules, no import cycle (imports
inside functions and for type checking included)."""
from __future__ import annotations

import ast
from pathlib import Path

from pnpkit.scorer.games import GAMES, load

SCORER = Path(__file__).resolve().parent.parent / "scorer"
FILES = {"__init__", "rules", "state", "moves", "notation", "record", "replay", "score", "position", "table", "sim"}


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
        assert {"__init__", "rules", "record", "score"} <= files, (game, files)
        described = load(game)
        assert ("moves" in files) == (described.rules is not None), game
        assert ("table" in files) == (described.table is not None), game
        assert ("sim" in files) == (described.sim is not None), game
        assert ("replay" in files) == (described.records != "sheets"), game
        extra = files - FILES
        assert all(not name.startswith("_") for name in extra), (game, extra)


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
