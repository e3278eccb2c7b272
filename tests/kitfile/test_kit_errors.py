"""A kit file with any bad value gives exit 2 and one message with its file, line and field."""
from __future__ import annotations

import copy
import random

import pytest
import yaml
from click.testing import CliRunner

from pnpkit.kitfile.model import kit_path
from pnpkit.cli import cli

BAD_VALUES = [None, -1, 0, "x", "", [], {}, "63x", "5/0in", "-3mm", True, {"a": 1}, "1x0mm"]


def _paths(node, at=()):
    if at:
        yield at
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, at + (i,))


def test_a_zero_sized_track_space_is_reported_with_its_line(tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text("game: {id: k, title: K, players: 2}\ncomponents:\n  - kind: board\n    name: b\n"
                   "    size: 100x100mm\n    tracks:\n      - {name: t, at: [5, 5], spaces: ['1'], space: 0}\n")
    result = CliRunner().invoke(cli, ["build", str(kit), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{kit}:7: components[0].tracks[0].space: " in result.output


@pytest.mark.parametrize("seed", range(3))
def test_random_bad_values_in_the_chestnuts_kit_never_crash(tmp_path, seed):
    """Any one value of the real kit replaced by a bad one: built (exit 0) or refused (exit 2)."""
    base = yaml.safe_load(kit_path("chestnuts")[0].read_text())
    paths = list(_paths(base))
    rng = random.Random(seed)
    runner = CliRunner()
    for n in range(8):
        data = copy.deepcopy(base)
        path = rng.choice(paths)
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(BAD_VALUES)
        kit = tmp_path / f"k{n}.yaml"
        kit.write_text(yaml.safe_dump(data))
        result = runner.invoke(cli, ["build", str(kit), "--out", str(tmp_path / "out")])
        assert result.exit_code in (0, 2), (path, result.output)
        assert "internal error" not in result.output and "Traceback" not in result.output, (path, result.output)
        if result.exit_code == 2:
            assert result.output.startswith(f"pnpkit: {kit}") or f"\n{kit}:" in result.output, result.output
