"""`pnpkit list | build | preview | schema kit`: the printing side of the CLI.

PLACEHOLDER until the generator issue lands.
"""
import click


def register(cli: click.Group, schema: click.Group) -> None:
    pass
