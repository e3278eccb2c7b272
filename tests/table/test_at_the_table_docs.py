"""docs/at-the-table.md ("Settling a dispute at the table"): every record in it is written out and
every `$ pnpkit ...` in it is run; what it prints must be what the page shows, so the worked
examples (one per game) cannot drift from pnpkit."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

PAGE = (Path(__file__).parents[2] / "docs" / "at-the-table.md").read_text()
COMMANDS = re.findall(r"```console\n\$ (pnpkit .*?)\n(.*?)```", PAGE, re.S)


def test_the_page_has_a_worked_example_for_every_game():
    from pnpkit.scorer.api import GAMES
    files = dict(re.findall(r"```yaml file=(\S+)\n(.*?)```", PAGE, re.S))
    games = {re.search(r"^game: (\S+)", text, re.M)[1] for text in files.values()}
    assert games == set(GAMES)
    assert len(COMMANDS) >= 10


@pytest.mark.parametrize("command, shown", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_each_command_prints_what_the_page_shows(command, shown, tmp_path, monkeypatch):
    for name, text in re.findall(r"```yaml file=(\S+)\n(.*?)```", PAGE, re.S):
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, shlex.split(command)[1:])
    assert r.exit_code in (0, 1), r.output
    assert r.output.rstrip() == shown.rstrip()
