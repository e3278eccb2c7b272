"""Imports point down, never in a circle (DESIGN.md, "Layout"): pnpkit -> generator | scorer ->
kitfile, and nothing back; the generator and the scorer never import each other.

The modules are found as pyproject maps them (`pnpkit.scorer` is the folder scorer/: its
[tool.setuptools.package-dir]), every import is read, at module level, inside functions and under
TYPE_CHECKING alike, and so is `importlib.import_module` of a name the code spells out. An import
of `a.b.c` runs the packages `a` and `a.b` first: it is an import of each of them too, except
those the importer itself lies in (Python has run them before it). A name computed at run time
cannot be read: only the modules in COMPUTED may load one, each for the reason given.
"""
from __future__ import annotations

import ast
import sys
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {"pnpkit": 2, "pnpkit.generator": 1, "pnpkit.scorer": 1, "pnpkit.kitfile": 0}
"""Each package's floor; a module imports only from floors below its own, or its own package."""
DATA = ("pnpkit.kits", "pnpkit.templates", "pnpkit.fonts")   # files read by every layer, no code
COMPUTED = {
    "pnpkit.scorer.game": "a game's parts, named by its descriptor (Game: load_part)",
    "pnpkit.kitfile": "the names it loads when first used (_LAZY)",
    "pnpkit.kitfile.head": "a game's params model, pnpkit.kitfile.params.<the kit's id>",
    "pnpkit.limited": "the reader a reading process runs, named by its kind (READERS), in a process of its own",
}
UNREAD = "?"   # a module named at run time


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    where: str          # "module", "function" or "type checking"

    def __str__(self) -> str:
        return f"{self.importer}:{self.line} -> {self.imported} ({self.where})"


def modules() -> dict[str, Path]:
    """Every module of the distribution by its import name, found through pyproject's mapping."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    out: dict[str, Path] = {}
    for package, folder in mapping.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            name = ".".join((package, *parts[:-1], *([] if parts[-1] == "__init__" else [parts[-1]])))
            out[name] = path
    return out


def _known(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _named(node: ast.AST, module: str, is_package: bool, known: dict[str, Path]) -> list[str]:
    """The modules an import statement or an import_module call names (resolved to files)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module.split(".")[: len(module.split(".")) - (0 if is_package else 1)]
            base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
        return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
        arg = node.args[0] if node.args else None
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return [arg.value]
        prefix = _prefix(arg, module)
        return [UNREAD if prefix is None else prefix.rstrip(".")]
    return []


def _prefix(arg: ast.AST | None, module: str) -> str | None:
    """The spelt-out start of a computed module name: `"pkg." + x`, f"{__name__}.{x}"."""
    first = arg
    while isinstance(first, ast.BinOp):
        first = first.left
    if isinstance(first, ast.JoinedStr):
        first = first.values[0] if first.values else None
    if isinstance(first, ast.FormattedValue):
        first = first.value
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.Name) and first.id == "__name__":
        return module
    return None


def parsed(path: Path) -> ast.Module:
    """The module's syntax tree, parsed once a session while the file is unchanged (read only)."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=None)
def _parsed(path: Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imports() -> list[Import]:
    """Every import of every module; found once a session for the same files (four tests ask)."""
    known = modules()
    return list(_imports(tuple((m, p, p.stat().st_mtime_ns, p.stat().st_size) for m, p in known.items())))


@lru_cache(maxsize=None)
def _imports(files: tuple[tuple[str, Path, int, int], ...]) -> tuple[Import, ...]:
    known = {module: path for module, path, _, _ in files}
    out: list[Import] = []
    for module, path in known.items():
        for node, where in _placed(parsed(path)):
            for name in _named(node, module, path.name == "__init__.py", known):
                if name == UNREAD:
                    out.append(Import(module, UNREAD, node.lineno, where))
                    continue
                target = _known(name, known) if name.startswith("pnpkit") else None
                if target is None:
                    continue
                own = set(_ancestors(module))
                for t in [*_ancestors(target), target]:
                    if t != module and t not in own:
                        out.append(Import(module, t, node.lineno, where))
    return tuple(dict.fromkeys(out))


_IMPORTING = (ast.Import, ast.ImportFrom, ast.Call)


def _placed(tree: ast.Module):
    """(node, where) for every node that may import, in ast.walk's order: "type checking" anywhere
    in an `if` on TYPE_CHECKING (its test and its else too), else "function" inside a function's
    body, else "module". One walk of the tree, carrying where each node is."""
    found: list[tuple[int, int, ast.AST, str]] = []   # (depth, order at that depth, node, where)
    level = [(tree, "module")]
    depth = 0
    while level:
        below = []
        for node, where in level:
            if isinstance(node, _IMPORTING):
                found.append((depth, len(found), node, where))
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                where = "type checking"
            inner = "function" if where == "module" and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else where
            below += [(child, inner) for child in ast.iter_child_nodes(node)]
        level, depth = below, depth + 1
    return [(node, where) for _, _, node, where in found]


def layer(module: str) -> str:
    return max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)


def test_the_modules_are_found_where_pyproject_maps_them():
    found = modules()
    assert found["pnpkit.scorer.game"] == ROOT / "scorer" / "game.py"
    assert found["pnpkit.generator.build"] == ROOT / "generator" / "build.py"
    assert found["pnpkit.cli"] == ROOT / "pnpkit" / "cli.py"
    assert found["pnpkit.kitfile.forms"] == ROOT / "kitfile" / "forms" / "__init__.py"


def test_every_import_names_its_module():
    """A module named at run time is an import no reader (nor this test) can follow: only the
    modules in COMPUTED load one."""
    unread = [f"{i.importer}:{i.line}" for i in imports() if i.imported == UNREAD and i.importer not in COMPUTED]
    assert not unread, "imports of a name computed at run time (name the module in the code):\n" + "\n".join(unread)


def test_imports_point_down():
    """pnpkit -> generator | scorer -> kitfile: an import up, or across between the generator and
    the scorer, fails here with the line that makes it."""
    wrong = [i for i in imports() if i.imported != UNREAD and not i.imported.startswith(DATA)
             and layer(i.importer) != layer(i.imported)
             and LAYERS[layer(i.imported)] >= LAYERS[layer(i.importer)]]
    assert not wrong, "imports that point up or across:\n" + "\n".join(map(str, wrong))


def test_no_import_cycle():
    """No two modules import each other, directly or through others, at module level or inside
    functions: each cycle is listed with the imports that close it. An import under TYPE_CHECKING
    names a type for an annotation and never runs: it may point back (it still points down)."""
    edges = [i for i in imports() if i.imported != UNREAD and i.where != "type checking"]
    graph = defaultdict(set)
    for i in edges:
        graph[i.importer].add(i.imported)
    cycles = [c for c in _strongly_connected(graph) if len(c) > 1]
    said = []
    for c in cycles:
        said.append(" <-> ".join(sorted(c)))
        said += [f"    {i}" for i in edges if i.importer in c and i.imported in c]
    assert not cycles, "import cycles:\n" + "\n".join(said)


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []
    for root in list(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    component.add(w)
                    if w == v:
                        break
                out.append(component)
    return out


def test_the_check_sees_an_import_inside_a_function_and_a_cycle_through_a_package(tmp_path, monkeypatch):
    """The test itself: an upward import hidden in a function, and a cycle closed by a package's
    __init__, are both caught."""
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools.package-dir]\n"pnpkit" = "top"\n'
                                             '"pnpkit.generator" = "gen"\n"pnpkit.kitfile" = "kit"\n')
    for folder, files in {"top": {"__init__.py": ""}, "kit": {"__init__.py": "", "a.py": ""},
                          "gen": {"__init__.py": "", "x.py": "from pnpkit.generator.sub import y\n",
                                  "sub/__init__.py": "from pnpkit.generator import x\n", "sub/y.py": ""}}.items():
        for name, text in files.items():
            (tmp_path / folder / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / folder / name).write_text(text)
    (tmp_path / "kit" / "a.py").write_text("def f():\n    from pnpkit.generator import x\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = {str(i) for i in imports()}
    assert "pnpkit.kitfile.a:2 -> pnpkit.generator.x (function)" in found
    assert "pnpkit.generator.x:1 -> pnpkit.generator.sub (module)" in found   # the package runs first
    graph = defaultdict(set)
    for i in imports():
        graph[i.importer].add(i.imported)
    assert {"pnpkit.generator.x", "pnpkit.generator.sub"} in _strongly_connected(graph)
    assert not [c for c in _strongly_connected({"a": {"b"}, "b": {"c"}}) if len(c) > 1]
