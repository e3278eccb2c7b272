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


ELSEWHERE = ("import sys; from pnpkit import many; many.Here.possible = lambda: False\n"  # workers that do not
             "sys.argv = ['pnpkit'] + sys.argv[1:]; from pnpkit.launch import main; main()")  # see these files


def test_every_kind_of_record_gives_the_lines_of_one_process_on_workers_here_or_elsewhere(cluster, tmp_path, kit_build):
    """A folder of every kind of record, and one on standard input, gives the lines of `--jobs 1` on
    workers that read the records by their paths and on workers that are sent their texts (another
    machine's): a photographed sheet read, a filled PDF sheet's violation told as its players say it,
    a designer's record scored from its kit beside it (or beside the folder, from standard input),
    a broken kit named as the user reaches it, and the records that cannot be read, each in its place."""
    import sheet_photos
    from test_score_sheet_pdf import NUTS, NUTS_YAML, fill
    built = kit_build("nuts").out / "nuts"
    games = tmp_path / "games"
    (games / "photos").mkdir(parents=True)
    fill(built / "nuts-a4-fillable.pdf", NUTS | {"p3.goals.salty-mama": "x"}, games / "filled.pdf")
    (games / "typed.yaml").write_text(NUTS_YAML)
    (games / "photos" / "ann.jpg").write_bytes(sheet_photos.photo(sheet_photos.blank_sheet(built), 3, size=(1600, 1200))[0])
    (games / "photos" / "photo.yaml").write_text("game: nuts\nplayers:\n  - {name: Ann, photo: ann.jpg}\n"
                                                 "  - {name: Ben, sheet: {almond: 2}, bonus: [B05]}\n")
    (games / "photos" / "gone.yaml").write_text("game: nuts\nplayers:\n  - {name: Ann, photo: gone.jpg}\n"
                                                "  - {name: Ben, sheet: {almond: 2}, bonus: [B05]}\n")
    shutil.copytree(Path(__file__).parents[2] / "examples" / "moth-and-lamp", games / "moth")
    (games / "broken").mkdir()
    (games / "broken" / "kit.yaml").write_text("game: {id: x, title: X, players: 2-4}\ncomponents: [\n")
    (games / "broken" / "game.yaml").write_text("kit: kit.yaml\nplayers:\n  - {name: Ann, sheet: {a: 1}}\n")
    (games / "unreadable.yaml").write_text("game: nuts\nplayers: [\n")
    (games / "not-a-sheet.pdf").write_bytes(b"%PDF-1.7\nnot a filled score sheet\n")
    stdin = ("kit: games/moth/moth-and-lamp.yaml\nplayers:\n  - {name: Ann, sheet: {Round 1: 3, Total: 3}}\n"
             "  - {name: Ben, sheet: {Round 1: 2, Total: 2}}\n")
    args = ("score", "-", "games", "--jsonl")

    def run(*command: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *command], input=stdin, capture_output=True, text=True, timeout=120,
                              cwd=tmp_path)
    here = run("-m", "pnpkit", *args, "--jobs", "1")
    there = run("-m", "pnpkit", *args, "--cluster", cluster.scheduler_address)
    elsewhere = run("-c", ELSEWHERE, *args, "--cluster", cluster.scheduler_address)
    assert here.returncode == 2, here.stderr
    assert (there.returncode, there.stdout) == (elsewhere.returncode, elsewhere.stdout) == (here.returncode, here.stdout)
    lines = {x["file"]: x for x in map(json.loads, here.stdout.splitlines())}
    assert lines["-"]["exit"] == 0 and lines["games/moth/game.yaml"]["exit"] == 0
    assert [p["name"] for p in lines["games/photos/photo.yaml"]["players"]] == ["Ann", "Ben"]   # the photo read
    assert "players[0].photo: no photo 'gone.jpg' beside the record" in lines["games/photos/gone.yaml"]["error"]
    assert [v["where"] for v in lines["games/filled.pdf"]["violations"]] == ["Cat's first goal card, Salty Mama"]
    assert lines["games/broken/game.yaml"]["error"].startswith("games/broken/kit.yaml:3: not valid YAML")
    assert {f for f, x in lines.items() if x["exit"] == 2} == {"games/broken/game.yaml", "games/broken/kit.yaml",
                                                              "games/photos/gone.yaml", "games/unreadable.yaml",
                                                              "games/not-a-sheet.pdf"}
