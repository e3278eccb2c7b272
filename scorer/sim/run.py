"""Seeded batches of simulated games, each game replayed by the scorer like a recorded one.

Game number i of a run (0-based) draws its dice and its players' choices from generators seeded
with the run's seed and i alone, so a game is the same whichever batch plays it and whichever
process plays the batch; tallies hold whole numbers only (stats.py), so they add up the same in any
order. That is why the same seed gives the same report whatever `--jobs`.

A `Batch` is plain data (what to play: the game, the players, the setup, the seed, which games) and
`play_batch` a plain function of it, so batches travel to any `concurrent.futures.Executor`: the
local process pool `run` makes, or a cluster's (dask.distributed's `Client.get_executor()`,
mpi4py's `MPIPoolExecutor`), passed as `executor=`. docs/simulate.md says how.
"""
from __future__ import annotations

import math
import random
import signal
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from pnpkit.kitfile.collector import collector_paused
from pnpkit.kitfile.source import as_model
from pnpkit.scorer.sim import match as matches
from pnpkit.scorer.sim.match import Setup
from pnpkit.scorer.sim.players import choose
from pnpkit.scorer.sim.stats import Tally

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
BATCH_MOST = 200       # games in one batch at most: a progress bar moves, and a lost batch costs little


@dataclass(frozen=True)
class Spec:
    """One setup of one game to play `games` times."""

    game: str
    kinds: tuple[str, ...]          # the player kind of each seat
    setup: Setup
    games: int
    seed: int
    kit: Any = None                 # the kit whose params the rules read; None: the game's shipped kit

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[:len(self.kinds)]


@dataclass(frozen=True)
class Batch:
    spec: Spec
    first: int                      # the number of its first game
    count: int
    keep: bool = False              # send back every game's record (--save)


@dataclass
class Played:
    """What a batch, or a whole setup, gave: the tally, and the records kept (game number, record)."""

    tally: Tally
    records: list[tuple[int, dict]] = field(default_factory=list)


def rngs(seed: int, game: int) -> tuple[random.Random, random.Random]:
    """Game `game`'s chance (dice, draws) and its players' choices, each its own stream."""
    return random.Random(f"{seed}:{game}:chance"), random.Random(f"{seed}:{game}:players")


def play(spec: Spec, game: int, kit, module) -> Any:
    """Play game number `game` of `spec` to its end; the Match, with its record."""
    chance, choices = rngs(spec.seed, game)
    m = module.new(kit, list(spec.names), spec.setup, chance)
    to_move, play_move = m.to_move, m.play
    if all(k == "random" for k in spec.kinds):     # (what `choose` does for random players, without its call)
        sample = m.sample
        while to_move() is not None:
            play_move(sample(choices))
        return m
    while (seat := to_move()) is not None:
        play_move(choose(spec.kinds[seat], m, seat, choices))
    return m


def play_batch(batch: Batch) -> Played:
    """Play, replay and count the games of one batch (runs in a worker process).

    The cyclic garbage collector waits while a batch plays: a game's positions, moves and records
    are freed by their reference counts as it ends (200 Chestnuts games leave no cycle), and each
    collection a game's many small objects set off scanned the kit, the modules and the batch's
    tallies for nothing (a tenth of a random Chestnuts game's time). Whatever cycles a batch does
    leave are collected once it is over."""
    with collector_paused():
        return _played(batch)


def _played(batch: Batch) -> Played:
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games import load
    spec = batch.spec
    described = load(spec.game)
    module = described.sim_module()
    kit = spec.kit if spec.kit is not None else load_kit(spec.game, components=False)
    out = Played(Tally(len(spec.kinds)))
    for game in range(batch.first, batch.first + batch.count):
        m = play(spec, game, kit, module)
        record = m.record()
        result = described.score_record(as_model(described.Record, record), kit)   # the replay `pnpkit check` runs
        seen = matches.summary(described, result, list(spec.names))
        if result.violations:
            v = result.violations[0]
            out.tally.fault(game + 1, f"the replay finds {len(result.violations)} violation(s), the first at {v.where}: {v.message}")
        elif seen != m.summary():
            out.tally.fault(game + 1, f"the replay ends {seen}, the simulation {m.summary()}")
        out.tally.add(seen, m.length())
        if batch.keep:
            out.records.append((game, record))
    return out


def batches(specs: Sequence[Spec], jobs: int, keep: bool = False) -> list[Batch]:
    """Each spec's games cut into batches: enough for every process to stay busy and a progress bar
    to move, no bigger than BATCH_MOST games."""
    out = []
    total = sum(s.games for s in specs)
    size = max(1, min(BATCH_MOST, math.ceil(total / (jobs * 8))))
    for spec in specs:
        out += [Batch(spec, first, min(size, spec.games - first), keep) for first in range(0, spec.games, size)]
    return out


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run(specs: Sequence[Spec], jobs: int = 1, keep: bool = False, executor: Executor | None = None,
        progress: Callable[[int], None] | None = None) -> list[Played]:
    """Play every spec; one Played per spec, its batches merged in order. `progress(games)` is told
    as batches finish. With `executor`, the batches go there instead of a local process pool."""
    todo = batches(specs, jobs, keep)
    done: list[Played | None] = [None] * len(todo)
    tell = progress or (lambda n: None)
    if executor is None and (jobs <= 1 or len(todo) == 1):
        for k, b in enumerate(todo):
            done[k] = play_batch(b)
            tell(b.count)
    else:
        own = executor is None
        pool = executor or ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
        futures: dict[Future, int] = {}
        try:
            futures = {pool.submit(play_batch, b): k for k, b in enumerate(todo)}
            for f in as_completed(futures):
                k = futures[f]
                done[k] = f.result()
                tell(todo[k].count)
        except BaseException:
            for f in futures:
                f.cancel()
            if own:
                _stop(pool)
            raise
        finally:
            if own:
                pool.shutdown(wait=True, cancel_futures=True)
    out = []
    for spec in specs:
        merged = Played(Tally(len(spec.kinds)))
        for b, d in zip(todo, done):
            if b.spec is spec and d is not None:
                merged.tally.merge(d.tally)
                merged.records += d.records
        out.append(merged)
    return out


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a local pool's workers now (an interrupted run), rather than after their batches."""
    for p in list(getattr(pool, "_processes", {}).values()):  # concurrent.futures keeps them here
        p.terminate()
