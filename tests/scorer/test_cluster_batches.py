"""Records go to a cluster in batches sized to the run (pnpkit/many.py `batch_size`): a few batches
per worker thread, each of hundreds or thousands of records, not one small chunk after another;
the lines come back the same and in order. An executor of this process's threads stands in for
the cluster (tests/test_cluster.py runs a real one)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from pnpkit import many

RECORD = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3, cashew: 2}, bonus: [B07]}\n  - {name: Ben, sheet: {almond: 1}}\n"


def test_batches_are_a_few_per_thread_within_bounds():
    assert many.batch_size(2_000, 2) == 250            # 8 batches: WINDOW per thread
    assert many.batch_size(100, 2) == many.CHUNK       # never fewer than a chunk
    assert many.batch_size(1_000_000, 2) == many.BATCH_MOST  # never more than a few MB of text at once
    assert many.batch_size(10_000, 0) == 2_500


class Counting(ThreadPoolExecutor):
    def __init__(self):
        super().__init__(max_workers=2)
        self.sizes: list[int] = []

    def submit(self, fn, texts, *args):
        self.sizes.append(len(texts))
        return super().submit(fn, texts, *args)


def test_a_run_is_sent_in_its_batches_and_comes_back_in_order(tmp_path):
    for i in range(900):
        (tmp_path / f"{i:04d}.yaml").write_text(RECORD.replace("Ann", f"Ann{i}"))
    paths = many.expand((str(tmp_path),))
    with Counting() as pool:
        there = list(many.scored_on(pool, 1, paths, True))
    assert pool.sizes == [225, 225, 225, 225]          # 900 records, one thread: 4 batches (were 5 of 200)
    here = list(many.scored(paths, True, jobs=1))
    assert there == here and '"Ann899"' in there[-1][1]


def test_the_client_sends_texts_without_importing_the_scorer(tmp_path):
    """The process that sends records to a cluster reads their texts only: it imports neither the
    scorer's games nor pydantic (about 0.1 s of CPU, paid beside the Dask client's own import)."""
    import subprocess
    import sys
    (tmp_path / "a.yaml").write_text(RECORD)
    code = ("import sys; from pnpkit import many; from concurrent.futures import Executor\n"
            "class Stub(Executor):\n"
            "    def submit(self, fn, texts, *args):\n"
            "        print(sorted(m for m in sys.modules if m == 'pydantic' or m.startswith('pnpkit.scorer.games')))\n"
            "        raise SystemExit(0)\n"
            f"list(many.scored_on(Stub(), 1, many.expand(({str(tmp_path)!r},)), True))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_dask_client_is_imported_without_numpy_which_stays_importable():
    """distributed takes numpy only to allocate its receive buffers: the client's process leaves it
    out (a quarter of the client's import), and numpy imports as usual afterwards."""
    import subprocess
    import sys
    code = ("import sys; from pnpkit.cluster import _client; _client()\n"
            "print('numpy' in sys.modules); import numpy; print(numpy.zeros(2).sum())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "0.0"]
