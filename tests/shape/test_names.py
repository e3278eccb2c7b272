"""One name per game everywhere (issue 35): a module or a class named after a game is named by
that game's id, never by another game's (In the Nuts!' art was once generator/art/nuts_kit.py,
while NUTS' was factory_kit.py, and both simulators had a class NutsMatch)."""
from __future__ import annotations

import ast
from pathlib import Path

from pnpkit.scorer.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
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


ERRORS_APART = {
    "pnpkit.worker.CpuExceeded": "a signal (SIGXCPU), a BaseException as KeyboardInterrupt is",
    "pnpkit.generator.templating._Timeout": "a template's time running out, inside templating.py only",
    "pnpkit.kitfile.quickyaml._GiveUp": "the quick reader handing over to the full one, inside quickyaml.py only",
    "pnpkit.limited._CpuSpent": "a signal (SIGXCPU) in a reading process, a BaseException as KeyboardInterrupt is",
    "pnpkit.generator.templating.MissingKey": "jinja2's UndefinedError, raised inside a template and told as a TemplateProblem",
    "pnpkit.worker.LimitReached": "a watched build's worker out of memory or CPU time, told by build --watch, which goes on "
                                  "watching; worker.py is loaded before anything of pnpkit's (Ctrl-C caught first)",
    "pnpkit.serve.bodies._TooLarge": "a request body past its limit, inside bodies.py only (answered 413 there)",
}


def test_every_error_pnpkit_raises_has_one_root():
    """PnpkitError (kitfile/errors.py) is the root of every exception class pnpkit defines, so the
    command line maps them to exit codes in one place; the few apart say why."""
    import importlib
    import inspect

    from pnpkit.kitfile.errors import PnpkitError
    from test_layers import modules
    stray = []
    for name in modules():
        if name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            qualified = f"{name}.{cls_name}"
            if (cls.__module__ == name and issubclass(cls, BaseException) and not issubclass(cls, PnpkitError)
                    and qualified not in ERRORS_APART):
                stray.append(f"{qualified} ({', '.join(b.__name__ for b in cls.__bases__)})")
    assert not stray, "exceptions outside the tree of PnpkitError:\n" + "\n".join(stray)
