"""One import package: pnpkit. The repository keeps its top-level folders (generator/, scorer/, ...),
pyproject maps them into pnpkit.*, and nothing may import them by their bare names, which would
work in a checkout and break (or pick up someone else's module) in an installed wheel."""
from __future__ import annotations

import ast
import re
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

from test_layers import parsed  # each file parsed once a session (test_layers and test_shape read them too)

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("generator", "scorer", "kitfile", "kits", "templates", "fonts")


def python_files():
    for folder in ("pnpkit", *FOLDERS, "tests", "bench", "examples"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def imported_names(tree: ast.AST):
    """Every module name an import statement or importlib call names, inside functions too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield node.lineno, *(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in
              ("import_module", "files") and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def test_no_module_imports_a_bare_top_level_folder():
    bare = re.compile(r"^(%s)(\.|$)" % "|".join(FOLDERS))
    found = []
    for path in python_files():
        tree = parsed(path)
        for lineno, *names in imported_names(tree):
            found += [f"{path.relative_to(ROOT)}:{lineno}: {n}" for n in names if bare.match(n)]
    assert not found, "import these as pnpkit.<folder>:\n" + "\n".join(found)


def test_every_package_folder_is_in_the_wheel():
    """pyproject lists the packages by hand (a mapped folder is not found by setuptools' find)."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setup["packages"])
    dirs = {name: Path(ROOT / folder) for name, folder in setup["package-dir"].items()}
    on_disk = set()
    for name, folder in dirs.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder).parts
            on_disk.add(".".join((name, *rel)))
    assert on_disk == listed, (sorted(on_disk - listed), sorted(listed - on_disk))
    assert all(n == "pnpkit" or n.startswith("pnpkit.") for n in listed)
