"""Typed `params` for each game's kit file: one module per game, named for the kit id
(`forest-fire` -> `forest_fire.py`), each defining a model `Params` (a kitfile/structs.Strict).

The loader validates a kit's `params` with its game's model, so a mistake in a board's geometry or
a card table is reported on load, with its line, before either the generator or the scorer runs.
"""
