"""The shape of every package (issue 35, DESIGN.md "Style"): pnpkit, generator, scorer and kitfile
alike have no module over 400 lines, no function over 60, no private name imported from another
module, and no import cycle, counting imports inside functions and those for type checking.

The modules are found as tests/shape/test_layers.py finds them (pyproject's package-dir map), and its
reader of imports is the one used here; test_layers.py holds the layers (imports point down),
tests/shape/test_scorer_shape.py what is particular to the scorer (a game's files, its descriptor)."""
from __future__ import annotations

import ast
from collections import defaultdict

import test_layers
from test_layers import UNREAD, imports, modules, parsed

MAX_LINES = 400
MAX_FUNCTION = 60
MODULES = modules()


def _tree(name: str) -> ast.Module:
    return parsed(MODULES[name])


def test_every_package_is_read():
    packages = {name.split(".")[1] for name in MODULES if name.count(".")}
    assert {"generator", "scorer", "kitfile", "serve"} <= packages, sorted(packages)
    assert len(MODULES) > 200


def test_no_module_over_400_lines():
    long = {name: text.count("\n") for name in MODULES if (text := MODULES[name].read_text(encoding="utf-8"))
            and text.count("\n") > MAX_LINES}
    assert not long, "modules over 400 lines (split them by what they hold):\n" + "\n".join(
        f"{MODULES[n].relative_to(test_layers.ROOT)}: {lines}" for n, lines in sorted(long.items()))


def test_no_function_over_60_lines():
    """A function's lines from its `def` to its last line (its decorators not counted)."""
    long = []
    for name in MODULES:
        for node in ast.walk(_tree(name)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= MAX_FUNCTION:
                long.append(f"{name}.{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines")
    assert not long, "functions over 60 lines:\n" + "\n".join(long)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _from(node: ast.ImportFrom, module: str) -> str:
    """The module an import names, a relative one resolved from `module`."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
    return ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))


def test_no_private_name_is_imported_across_modules():
    """A name that starts with `_` is its module's own: a second module that needs it gets it under
    a public name."""
    found = []
    for name in MODULES:
        for node in ast.walk(_tree(name)):
            if isinstance(node, ast.ImportFrom) and _from(node, name).startswith("pnpkit"):
                private = [a.name for a in node.names if _private(a.name)]
                if private:
                    found.append(f"{name}:{node.lineno} imports {', '.join(private)} from {_from(node, name)}")
    assert not found, "private names imported across modules:\n" + "\n".join(found)


def test_no_import_cycle():
    """Stricter than test_layers.py's: an import for type checking closes a cycle too (a module
    that needs another's type for its annotations lies below it, or the type moves down)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for i in imports():
        if i.imported != UNREAD:
            graph[i.importer].add(i.imported)
    state: dict[str, int] = {}
    cycles = []

    def visit(v: str, trail: list[str]) -> None:
        state[v] = 1
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                cycles.append(" -> ".join(trail[trail.index(w):] + [w]))
            elif w not in state:
                visit(w, trail + [w])
        state[v] = 2

    for v in sorted(graph):
        if v not in state:
            visit(v, [v])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_checks_see_a_long_function_a_private_import_and_a_cycle(tmp_path, monkeypatch):
    """The checks themselves, on a tree made here: each finds what it is for."""
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools.package-dir]\n"pnpkit" = "top"\n')
    body = "".join(f"    x = {i}\n" for i in range(60))
    files = {"__init__.py": "", "a.py": "from pnpkit.b import _hidden\n",
             "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pnpkit import a\n_hidden = 1\n",
             "c.py": "def long():\n" + body, "d.py": "from . import _x\n"}
    (tmp_path / "top").mkdir()
    for file, text in files.items():
        (tmp_path / "top" / file).write_text(text)
    monkeypatch.setattr(test_layers, "ROOT", tmp_path)
    monkeypatch.setitem(globals(), "MODULES", modules())
    for check, said in ((test_no_function_over_60_lines, "pnpkit.c.long"),
                        (test_no_private_name_is_imported_across_modules, "pnpkit.a:1 imports _hidden from pnpkit.b"),
                        (test_no_private_name_is_imported_across_modules, "pnpkit.d:1 imports _x from pnpkit"),
                        (test_no_import_cycle, "pnpkit.a -> pnpkit.b -> pnpkit.a")):
        try:
            check()
        except AssertionError as e:
            assert said in str(e), (check.__name__, str(e))
        else:
            raise AssertionError(f"{check.__name__} found nothing")
