"""Records go to a cluster in batches sized to the run (pnpkit/many.py `batch_size`): a few batches
per worker thread, each of hundreds or thousands of records, not one small chunk after another;
the lines come back the same and in order. A worker that shares this machine's files is sent the
records' paths and reads them itself; one that does not is sent their texts. An executor of this
process's threads stands in for the cluster (tests/simulate/test_cluster.py runs a real one)."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from pnpkit import many

RECORD = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3, cashew: 2}, bonus: [B07]}\n  - {name: Ben, sheet: {almond: 1}}\n"


def test_batches_are_a_few_per_thread_within_bounds():
    assert many.batch_size(2_000, 2) == 250            # 8 batches: WINDOW per thread
    assert many.batch_size(100, 2) == many.CHUNK       # never fewer than a chunk
    assert many.batch_size(1_000_000, 2) == many.BATCH_MOST  # never more than a few MB of text at once
    assert many.batch_size(10_000, 0) == 2_500


class Counting(ThreadPoolExecutor):
    """Threads of this process as the cluster's workers: the batches' sizes, and how each was sent
    ("paths": every record's text left to the worker, else "texts")."""

    def __init__(self):
        super().__init__(max_workers=2)
        self.sizes: list[int] = []
        self.sent: list[str] = []
        self.bytes: list[int] = []

    def submit(self, fn, sent, as_jsonl, here=None):
        records = pickle.loads(sent)
        self.sizes.append(len(records))
        self.bytes.append(len(sent))
        self.sent.append("paths" if all(text is None for _, text, _ in records) else "texts")
        return super().submit(fn, sent, as_jsonl, here)


class Elsewhere(Counting):
    """Workers on another machine: the folders they see under the user's paths are not the user's."""

    def submit(self, fn, sent, as_jsonl, here=None):
        if here is not None:
            here = here._replace(folders=tuple((d, dev, ino + 1) for d, dev, ino in here.folders))
        return super().submit(fn, sent, as_jsonl, here)


def test_a_run_is_sent_in_its_batches_and_comes_back_in_order(tmp_path):
    for i in range(900):
        (tmp_path / f"{i:04d}.yaml").write_text(RECORD.replace("Ann", f"Ann{i}"))
    paths = many.expand((str(tmp_path),))
    with Counting() as pool:
        there = list(many.scored_on(pool, 1, paths, True))
    assert pool.sizes == [225, 225, 225, 225]          # 900 records, one thread: 4 batches (were 5 of 200)
    here = list(many.scored(paths, True, jobs=1))
    assert there == here and '"Ann899"' in there[-1][1]


def _records(folder, n=900):
    folder.mkdir(exist_ok=True)
    for i in range(n):
        (folder / f"{i:04d}.yaml").write_text(RECORD.replace("Ann", f"Ann{i}"))
    (folder / "unreadable.yaml").write_text("game: nuts\nplayers: [\n")


def test_a_worker_that_shares_the_files_is_sent_paths_and_reads_them_itself(tmp_path, monkeypatch):
    """Relative paths too: the worker reads them from the user's folder, and names them as given."""
    _records(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    paths = many.expand(("games",))
    with Counting() as pool:
        there = list(many.scored_on(pool, 1, paths, True))
    assert pool.sent == ["paths"] * 4
    assert there == list(many.scored(paths, True, jobs=1))
    assert '"file": "games/unreadable.yaml", "exit": 2' in there[-1][1] and len(there) == 901


def test_a_worker_that_does_not_see_the_files_is_sent_their_texts(tmp_path):
    """The first batch a worker refuses, and every batch after it, go again as texts read here."""
    _records(tmp_path)
    paths = many.expand((str(tmp_path),))
    with Elsewhere() as pool:
        there = list(many.scored_on(pool, 1, paths, True))
    assert pool.sent == ["paths"] * 4 + ["texts"] * 4   # the window of four, refused, then sent again
    assert there == list(many.scored(paths, True, jobs=1))


def test_a_worker_that_does_not_see_a_designers_kit_is_sent_it_once_a_batch(tmp_path, monkeypatch):
    """A designer's records (`kit: moth-and-lamp.yaml`) scored elsewhere are scored from their kit as
    here: the client reads the kit (with every limit and the folder's confinement) and sends it with
    the batch, once however many of its records the batch holds; a kit that cannot be read is said
    as here, naming it as the user reaches it."""
    import shutil
    from pathlib import Path
    shutil.copytree(Path(__file__).parents[2] / "examples" / "moth-and-lamp", tmp_path / "moth")
    game = (tmp_path / "moth" / "game.yaml").read_text()
    for i in range(250):
        (tmp_path / "moth" / f"g{i:03d}.yaml").write_text(game.replace("Ann", f"Ann{i}"))
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "kit.yaml").write_text("game: {id: x, title: X, players: 2-4}\ncomponents: [\n")
    (tmp_path / "broken" / "game.yaml").write_text(game.replace("moth-and-lamp.yaml", "kit.yaml"))
    monkeypatch.chdir(tmp_path)
    paths = many.expand(("broken", "moth"))
    with Elsewhere() as pool:
        there = list(many.scored_on(pool, 1, paths, True))
    assert there == list(many.scored(paths, True, jobs=1))
    assert there[0][1].startswith('{"file": "broken/game.yaml", "exit": 2, "error": "broken/kit.yaml:3: not valid YAML')
    assert sum(code == 0 for code, _ in there) == 251 and pool.sent[-1] == "texts"
    kit = len(pickle.dumps(many._text_here("moth/game.yaml")[1]))
    texts = [n for n, how in zip(pool.bytes, pool.sent) if how == "texts"]
    assert kit > 5_000 and max(texts) < kit + 200 * len(game) * 2   # a batch of 200 records holds the kit once


def test_a_worker_as_another_user_or_in_another_folder_does_not_read_the_files(tmp_path):
    here = many.Here.of([str(tmp_path / "a.yaml")])
    assert here is not None and here.seen()
    uid, gid, groups = here.user
    assert not here._replace(user=(uid + 1, gid, groups)).seen()
    assert not here._replace(folders=((str(tmp_path / "gone"), 0, 0),)).seen()
    assert many.Here.of([str(tmp_path / "gone" / "a.yaml")]) is None   # a folder not there: texts, read here


def test_the_client_sends_paths_without_importing_the_scorer_or_the_reader(tmp_path):
    """The process that sends records to a cluster whose workers share its files reads none of them:
    it imports neither the scorer's games nor pydantic, nor the record reader (about 0.1 s of CPU
    in all, paid beside the Dask client's own import); for a worker elsewhere it reads their texts,
    still without the scorer."""
    (tmp_path / "a.yaml").write_text(RECORD)
    code = ("import sys, pickle; from pnpkit import many; from concurrent.futures import Executor\n"
            "class Stub(Executor):\n"
            "    def submit(self, fn, sent, as_jsonl, here):\n"
            "        print(here is not None, [t is None for _, t, _ in pickle.loads(sent)], sorted(m for m in sys.modules\n"
            "              if m in ('pydantic', 'pnpkit.reading') or m.startswith('pnpkit.scorer.games')))\n"
            "        raise SystemExit(0)\n"
            f"list(many.scored_on(Stub(), 1, many.expand(({str(tmp_path)!r},)), True))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True [True] []"
    elsewhere = code.replace("from pnpkit import many;", "from pnpkit import many; many.Here.possible = lambda: False;")
    out = subprocess.run([sys.executable, "-c", elsewhere], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False [False] ['pnpkit.reading']"


def test_the_dask_client_is_imported_without_numpy_or_jinja2_which_stay_importable():
    """distributed takes numpy only to allocate its receive buffers, and dask jinja2 only to draw a
    notebook's HTML: the client's process leaves both out, and they import as usual afterwards; the
    collector is paused for the import only, and PyYAML is as it was."""
    code = ("import sys, gc, yaml; load = yaml.safe_load; from pnpkit.cluster import _client; _client()\n"
            "print('numpy' in sys.modules, 'jinja2' in sys.modules, gc.isenabled(), yaml.safe_load is load)\n"
            "import numpy, jinja2; print(numpy.zeros(2).sum(), jinja2.Template('{{ 1 + 1 }}').render())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False", "True", "True", "0.0", "2"]


def test_a_worker_started_with_the_preload_has_every_game_and_kit_read(tmp_path):
    """`dask worker ADDRESS --preload pnpkit.cluster` calls `dask_setup` as the worker starts: the
    scorer imported and every shipped game's kit read, as after a first batch; a warm-up that fails
    leaves the worker starting as without it, with a warning."""
    code = ("import sys; from pnpkit import cluster, many; cluster.dask_setup(None)\n"
            "print(sorted(many._HEADS), 'pnpkit.scorer.api' in sys.modules, 'pnpkit.reading' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["['chestnuts',", "'fair-verona',", "'forest-fire',", "'in-the-nuts',", "'nuts',",
                           "'trim-the-tree']", "True", "True"]
    failing = ("from pnpkit import cluster, many; import pnpkit.scorer.api as api\n"
               "api.load_head = lambda game: 1 / 0\n"
               "cluster.dask_setup(None); print(many._HEADS)\n")
    r = subprocess.run([sys.executable, "-c", failing], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "{}" and "pnpkit's warm-up did not finish (ZeroDivisionError" in r.stderr
