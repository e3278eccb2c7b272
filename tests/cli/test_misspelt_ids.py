"""A misspelt id is answered with the nearest one (issue 39, point 6): `build chesnuts`, `rules
in-the-nut` and the rest said which names there are but not which was meant. A name nobody could
have meant (`chess`) gets the list alone."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli


@pytest.mark.parametrize("args, says", [
    (["build", "chesnuts"], "chesnuts: no kit of that name (did you mean 'chestnuts'?) (kits: chestnuts, "),
    (["rules", "in-the-nut"], "in-the-nut: no rulebook for that game (did you mean 'in-the-nuts'?) (games: "),
    (["rules", "nust", "salt"], "nust: no rulebook for that game (did you mean 'nuts'?)"),
    (["schema", "record", "forest-fir"], "forest-fir: unknown game (did you mean 'forest-fire'?)"),
    (["simulate", "trim-the-tre", "--games", "1"], "pnpkit cannot simulate this game (did you mean 'trim-the-tree'?)"),
    (["export", "fair-veron", "--to", "png"], "fair-veron: no kit of that name (did you mean 'fair-verona'?)"),
])
def test_a_misspelt_id_gets_the_nearest(args, says):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2 and says in r.output, r.output


def test_a_misspelt_game_in_a_record_gets_the_nearest_at_its_line():
    r = CliRunner().invoke(cli, ["score", "-"], input="players: [Ann, Ben]\ngame: chesnuts\n")
    assert r.exit_code == 2
    assert "<stdin>:2: game: unknown game 'chesnuts' (did you mean 'chestnuts'?) (expected one of:" in r.output


def test_a_name_nobody_meant_gets_the_list_alone():
    r = CliRunner().invoke(cli, ["build", "chess"])
    assert r.exit_code == 2 and "did you mean" not in r.output and "(kits: chestnuts, fair-verona" in r.output
