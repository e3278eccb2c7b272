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
