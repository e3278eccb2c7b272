"""`pnpkit score | check | schema record`: the scoring side of the CLI.

PLACEHOLDER until the scorer issue lands.
"""
import click


def register(cli: click.Group, schema: click.Group) -> None:
    pass
