"""Each command's module is imported when that command runs (pnpkit/cli.py, `Commands`): `pnpkit
score` does not load the printer's, the simulator's or the server's commands, nor `pnpkit build` the
scorer's; `--help` still lists them all."""
from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from pnpkit.cli import cli

LOADED = "import sys; from pnpkit.cli import cli; cli.commands[{name!r}]; " \
         "print(' '.join(sorted(m for m in sys.modules if m.startswith('pnpkit.cmd_'))))"


def loaded_by(name: str) -> str:
    return subprocess.run([sys.executable, "-c", LOADED.format(name=name)], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_command_loads_its_own_module_only():
    assert loaded_by("score") == "pnpkit.cmd_score"
    assert loaded_by("build") == "pnpkit.cmd_print"
    assert loaded_by("simulate") == "pnpkit.cmd_simulate"


def test_help_and_the_schema_group_list_every_command():
    r = CliRunner().invoke(cli, ["--help"])
    listed = r.output.split("Commands:")[1]
    for name in ("build", "check", "export", "list", "moves", "preview", "replay", "rules", "schema", "score",
                 "serve", "simulate"):
        assert f"\n  {name} " in listed
    r = CliRunner().invoke(cli, ["schema", "--help"])
    assert "  kit " in r.output and "  record " in r.output
    r = CliRunner().invoke(cli, ["nonsense"])
    assert r.exit_code == 2 and "No such command 'nonsense'" in r.output
