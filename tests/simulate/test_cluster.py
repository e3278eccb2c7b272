"""`--cluster`: simulate and score on a Dask cluster of two workers on this machine (loopback only),
compared byte for byte with one local process; a worker killed mid-run changes nothing."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install 'pnpkit[cluster]'")


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes of one thread each, their scheduler on 127.0.0.1, no dashboard."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c


def pnpkit(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnpkit", *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_simulate_on_the_cluster_gives_the_json_of_one_process(cluster):
    args = ("simulate", "chestnuts", "--games", "200", "--seed", "7", "--player", "greedy,random", "--json")
    there = pnpkit(*args, "--cluster", cluster.scheduler_address)
    here = pnpkit(*args, "--jobs", "1")
    assert there.returncode == 0, there.stderr
    assert here.returncode == 0, here.stderr
    assert there.stdout == here.stdout
    assert json.loads(there.stdout)["games"] == 200
    assert f"on the cluster {cluster.scheduler_address}" in there.stderr


def test_scoring_a_folder_on_the_cluster_gives_the_lines_of_one_process(cluster, tmp_path):
    """The workers share this machine's files, so they read the records themselves: a folder named
    relative to the user's folder (not the workers'), a record that cannot be read, a PDF that is
    no score sheet and a designer's record whose kit is beside it give the lines one process
    gives, naming the files as the user named them."""
    saved = tmp_path / "games"
    assert pnpkit("simulate", "trim-the-tree", "--games", "60", "--save", str(saved)).returncode == 0
    (saved / "broken.yaml").write_text("game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 6\n    actions: [a]\n")
    (saved / "unreadable.yaml").write_text("game: nuts\nplayers: [\n")
    (saved / "not-a-sheet.pdf").write_bytes(b"%PDF-1.7\nnot a filled score sheet\n")
    shutil.copytree(Path(__file__).parents[2] / "examples" / "moth-and-lamp", saved / "moth")
    there = pnpkit("score", "games", "--jsonl", "--cluster", cluster.scheduler_address, cwd=tmp_path)
    here = pnpkit("score", "games", "--jsonl", "--jobs", "1", cwd=tmp_path)
    assert here.returncode == 2  # the worst of the records: one cannot be read
    assert (there.returncode, there.stdout) == (here.returncode, here.stdout)
    lines = [json.loads(x) for x in there.stdout.splitlines()]
    assert len(lines) == 64
    assert {x["exit"] for x in lines} == {0, 1, 2}
    assert [x["exit"] for x in lines if x["file"] == "games/moth/game.yaml"] == [0]
    assert [x["file"] for x in lines if x["exit"] == 2] == ["games/not-a-sheet.pdf", "games/unreadable.yaml"]


def test_a_worker_killed_mid_run_changes_nothing(cluster):
    """The scheduler runs a lost worker's batches again; each batch's result is taken once."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.sim.match import Setup
    from pnpkit.scorer.sim.run import Spec, run
    spec = Spec("chestnuts", ("random", "random"), Setup(), 300, 3)
    alone = run([spec], 1)[0].tally
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        pids = client.run(os.getpid)
        victim = max(pids.values())
        killed = threading.Event()

        def progress(games: int) -> None:
            if not killed.is_set():  # after the first batch: the other worker is in the middle of one
                killed.set()
                os.kill(victim, signal.SIGKILL)
        there = run([spec], 16, executor=client.get_executor(), progress=progress)[0].tally
    assert killed.is_set()
    assert there == alone
    assert load_kit("chestnuts", components=False)  # the kit is untouched by the run


def test_no_scheduler_is_one_line_and_exit_2(monkeypatch):
    from pnpkit import cluster as module
    monkeypatch.setattr(module, "CONNECT_TIMEOUT_S", 1)
    r = CliRunner().invoke(cli, ["simulate", "chestnuts", "--games", "10", "--cluster", "tcp://127.0.0.1:9"])
    assert r.exit_code == 2
    assert "--cluster tcp://127.0.0.1:9: no Dask scheduler answers there within 1 s" in r.output
    assert "Traceback" not in r.output
    both = CliRunner().invoke(cli, ["simulate", "chestnuts", "--jobs", "2", "--cluster", "tcp://127.0.0.1:9"])
    assert both.exit_code == 2 and "give one" in both.output
