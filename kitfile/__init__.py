"""One loader for kit files, shared by the generator and the scorer.

A kit file holds a game's parameters (`params`, which the scorer reads) and its printable
components (`components`, which the generator reads). Both sides load it here, so what is printed
is what is scored.
"""
from kitfile.model import GameInfo, Kit, kit_ids, kit_path, load_kit
from kitfile.source import Problem, Source, SourceError

__all__ = ["GameInfo", "Kit", "Problem", "Source", "SourceError", "kit_ids", "kit_path", "load_kit"]
