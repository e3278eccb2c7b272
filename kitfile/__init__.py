"""One loader for kit files, shared by the generator and the scorer.

A kit file holds a game's parameters (`params`, which the scorer reads) and its printable
components (`components`, which the generator reads). Both sides load it here, so what is printed
is what is scored.

The names are loaded when first used (`from kitfile import SourceError` costs nothing; `Kit`
brings the component models), so a command pays only for what it reads.
"""
from pnpkit.kitfile.errors import Problem, SourceError

_LAZY = {"GameInfo": "pnpkit.kitfile.head", "KitHead": "pnpkit.kitfile.head", "load_head": "pnpkit.kitfile.head",
         "kit_ids": "pnpkit.kitfile.head", "kit_path": "pnpkit.kitfile.head", "Source": "pnpkit.kitfile.source",
         "Kit": "pnpkit.kitfile.model", "load_kit": "pnpkit.kitfile.model"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pnpkit.kitfile' has no attribute {name!r}")


__all__ = ["GameInfo", "Kit", "KitHead", "Problem", "Source", "SourceError", "kit_ids", "kit_path", "load_head",
           "load_kit"]
