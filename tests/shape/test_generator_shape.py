"""The generator's shape (issue 35): no module over 400 lines, no function over 60, no private name
imported across modules, so that each module is read in one sitting and holds one thing. (The
scorer has its own, tests/test_scorer_shape.py.)"""
from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parents[2] / "generator"
MODULES = {".".join(("pnpkit", "generator") + p.relative_to(GENERATOR).with_suffix("").parts): p
           for p in sorted(GENERATOR.rglob("*.py"))}


def test_the_generator_is_found():
    assert "pnpkit.generator.build" in MODULES and "pnpkit.generator.backends.pdf" in MODULES


def test_no_module_over_400_lines():
    long = {name: n for name, path in MODULES.items() if (n := path.read_text(encoding="utf-8").count("\n")) > 400}
    assert not long, long


def test_no_function_over_60_lines():
    long = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 60:
                long.append(f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not long, long


def test_no_private_name_is_imported_across_modules():
    private = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pnpkit.generator"):
                private += [f"{name} imports {a.name} from {node.module}" for a in node.names
                            if a.name.startswith("_") and not a.name.startswith("__")]
    assert not private, private
