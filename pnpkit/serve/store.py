"""A family's play history: every game played, as the record the CLI reads, in one SQLite file.

The record (YAML text) is what is kept; its scores, places and winners are stored beside it, as the
scorer found them when it was saved, so that statistics are one SQL query over thousands of games.
Each change is one transaction in SQLite's write-ahead log, so a server killed at any moment loses
no game that was saved. A play carries a revision: a change made from a page that showed an older
revision (two phones on one game) is refused with `Conflict`, never written over the newer one.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterable

from pnpkit.kitfile.errors import PnpkitError
from pnpkit.scorer.games import GAMES
from pnpkit.serve import checks

SCHEMA = """
CREATE TABLE IF NOT EXISTS play (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    played TEXT NOT NULL,                 -- the day it was played, YYYY-MM-DD
    record TEXT NOT NULL,                 -- the record as YAML, as `pnpkit check` reads it
    valid INTEGER NOT NULL,               -- the record keeps every rule checked
    finished INTEGER NOT NULL,
    outcome TEXT,                         -- cooperative games: won, lost or unfinished
    revision INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS seat (
    play INTEGER NOT NULL REFERENCES play(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,                -- 0 is the first player
    player TEXT NOT NULL,
    total INTEGER,                        -- NULL in a cooperative game
    place INTEGER,                        -- 1 for the winners of a finished game
    PRIMARY KEY (play, seat)
);
CREATE TABLE IF NOT EXISTS earlier (      -- each revision a change replaced: nothing saved is lost
    play INTEGER NOT NULL REFERENCES play(id) ON DELETE CASCADE,
    revision INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (play, revision)
);
CREATE INDEX IF NOT EXISTS seat_player ON seat(player);
CREATE INDEX IF NOT EXISTS play_game ON play(game, played);
"""

MAX_PLAYS = 1_000_000


class Conflict(PnpkitError):
    """The play changed since the page that sent this change was drawn."""

    http_status = 409


@dataclass(frozen=True)
class Seat:
    seat: int
    player: str
    total: int | None
    place: int | None


@dataclass(frozen=True)
class Play:
    id: int
    game: str
    played: str
    record: str
    valid: bool
    finished: bool
    outcome: str | None
    revision: int
    seats: tuple[Seat, ...]

    @property
    def winners(self) -> list[str]:
        if self.outcome is not None:
            return [s.player for s in self.seats] if self.outcome == "won" else []
        return [s.player for s in self.seats if s.place == 1] if self.finished else []


def names_in(record: str) -> list[str]:
    """The players a record names, in seat order (`players:` as names, or as entries with a `name`)."""
    from pnpkit.kitfile.errors import SourceError
    from pnpkit.kitfile.source import parse
    try:
        data = parse(record, "the record").data
    except SourceError:
        return []
    players = data.get("players") if isinstance(data, dict) else None
    named = [p.get("name") if isinstance(p, dict) else p for p in players or []]
    return [str(n) for n in named if isinstance(n, (str, int))]


def seats_of(result: Any, record: str = "") -> list[Seat]:
    """A scored record's seats: totals and places (1 = won) from the scorer's ranking; a cooperative
    game's players (its scorer lists none: nobody scores) as the record names them."""
    place = {name: k + 1 for k, group in enumerate(result.ranking or []) for name in group}
    if result.cooperative:
        names = [p.name for p in result.players] or names_in(record)
        return [Seat(i, name, None, None) for i, name in enumerate(names)]
    return [Seat(i, p.name, p.total, place.get(p.name)) for i, p in enumerate(result.players)]


def revision_of(form: Any) -> dict:
    """What a save's form says it changes: {play, revision} (the play and the revision its page showed),
    or nothing (a new play)."""
    play, revision = str(form.get("play", "")), str(form.get("revision", ""))
    if play.isdigit() and revision.isdigit():
        return {"play": int(play), "revision": int(revision)}
    return {}


class Store:
    """The history file. One Store per thread of a server (sqlite3 connections are not shared)."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), timeout=5.0, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a saved game survives a power cut, not only a kill
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- writing: each a single transaction ------------------------------------------------------

    def save(self, record: str, result: Any, played: str | None = None, play: int | None = None,
             revision: int | None = None) -> Play:
        """Keep a scored record: a new play, or (`play`, the `revision` the page showed) the same play's
        next revision, the one it replaces kept in `earlier`; a page that showed an older revision
        than the saved one is refused (Conflict), never written over it. A change keeps the day
        played unless it gives one (`YYYY-MM-DD`: checks.NotADay otherwise)."""
        played = checks.played(played)
        outcome = result.extra.get("outcome") if result.cooperative else None
        row = (result.game, played, record, int(result.valid), int(result.finished), outcome)
        with self._transaction():
            if play is None:
                (count,) = self.db.execute("SELECT count(*) FROM play").fetchone()
                if count >= MAX_PLAYS:
                    raise Conflict(f"the history holds {MAX_PLAYS:,} games, its most")
                play = self.db.execute("INSERT INTO play(game, played, record, valid, finished, outcome) "
                                       "VALUES (?, ?, ?, ?, ?, ?)",
                                       (row[0], played or date.today().isoformat(), *row[2:])).lastrowid
            else:
                self._keep_earlier(play, revision)
                self.db.execute("UPDATE play SET game=?, played=coalesce(?, played), record=?, valid=?, finished=?, "
                                "outcome=?, revision=revision+1 WHERE id=?", (*row, play))
                self.db.execute("DELETE FROM seat WHERE play=?", (play,))
            self.db.executemany("INSERT INTO seat(play, seat, player, total, place) VALUES (?, ?, ?, ?, ?)",
                                [(play, s.seat, s.player, s.total, s.place) for s in seats_of(result, record)])
        return self.get(play)

    def _keep_earlier(self, play: int, revision: int | None) -> None:
        """The revision about to be replaced, kept; Conflict if it is not the one the page showed."""
        row = self.db.execute("SELECT revision, record FROM play WHERE id=?", (play,)).fetchone()
        if row is None:
            raise Conflict("this game was deleted on another screen: it cannot be changed")
        if row[0] != revision:
            raise Conflict(f"this game was changed on another screen since this page was opened (it is at "
                           f"revision {row[0]}, this page showed {revision}): nothing was saved; reload the game "
                           "to see the change")
        self.db.execute("INSERT INTO earlier(play, revision, record) VALUES (?, ?, ?)", (play, *row))

    def earlier(self, play: int) -> list[tuple[int, str]]:
        """(revision, record) of every revision of `play` a later one replaced, the first first."""
        return list(self.db.execute("SELECT revision, record FROM earlier WHERE play=? ORDER BY revision", (play,)))

    def delete(self, play: int, revision: int) -> None:
        with self._transaction():
            if not self.db.execute("DELETE FROM play WHERE id=? AND revision=?", (play, revision)).rowcount:
                raise Conflict("this game was changed or deleted on another screen: reload the page")

    def _transaction(self):
        db = self.db

        class _T:
            def __enter__(self):
                db.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, value, tb):
                db.execute("COMMIT" if kind is None else "ROLLBACK")
        return _T()

    # -- reading ---------------------------------------------------------------------------------

    def get(self, play: int) -> Play:
        row = self.db.execute("SELECT id, game, played, record, valid, finished, outcome, revision FROM play "
                              "WHERE id=?", (play,)).fetchone()
        if row is None:
            raise KeyError(play)
        seats = tuple(Seat(*s) for s in self.db.execute(
            "SELECT seat, player, total, place FROM seat WHERE play=? ORDER BY seat", (play,)))
        return Play(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]), row[6], row[7], seats)

    def plays(self, game: str | None = None, player: str | None = None, limit: int = 50) -> list[Play]:
        """The latest plays first, of one game or with one player if asked."""
        where, args = [], []
        if game:
            where.append("game=?")
            args.append(game)
        if player:
            where.append("id IN (SELECT play FROM seat WHERE player=?)")
            args.append(player)
        sql = "SELECT id FROM play" + (" WHERE " + " AND ".join(where) if where else "") + \
              " ORDER BY played DESC, id DESC LIMIT ?"
        return [self.get(i) for (i,) in self.db.execute(sql, (*args, limit))]

    def player_stats(self, game: str | None = None) -> list[dict]:
        """Per player (and game), of finished games: plays, wins (shared wins count; a cooperative
        game won is a win for each player), average and best score (none in a cooperative game); and
        apart, the unfinished games (a game stopped after one turn is no score of 0)."""
        won = "CASE WHEN p.outcome IS NULL THEN s.place = 1 AND p.finished ELSE p.outcome = 'won' END"
        done = "CASE WHEN p.finished THEN s.total END"
        sql = f"""SELECT s.player, p.game, sum(p.finished), sum({won}), avg({done}), max({done}), sum(NOT p.finished)
                 FROM seat s JOIN play p ON p.id = s.play
                 WHERE (? IS NULL OR p.game = ?)
                 GROUP BY s.player, p.game ORDER BY p.game, sum({won}) DESC, s.player"""
        return [{"player": r[0], "game": r[1], "plays": r[2] or 0, "wins": r[3] or 0,
                 "average": round(r[4], 1) if r[4] is not None else None, "best": r[5], "unfinished": r[6] or 0}
                for r in self.db.execute(sql, (game, game))]

    def game_stats(self) -> list[dict]:
        """Per game: plays, finished, and how often each seat won (is going first an advantage?)."""
        wins: dict[str, dict[int, int]] = {}
        for game, seat, won in self.db.execute(
                "SELECT p.game, s.seat, sum(s.place = 1) FROM seat s JOIN play p ON p.id = s.play "
                "WHERE p.finished AND p.outcome IS NULL GROUP BY p.game, s.seat"):
            wins.setdefault(game, {})[seat] = won
        out = []
        for game, plays, finished, won in self.db.execute(
                "SELECT game, count(*), sum(finished), sum(outcome = 'won') FROM play GROUP BY game ORDER BY game"):
            by_seat = wins.get(game, {})
            out.append({"game": game, "plays": plays, "finished": finished or 0,
                        "wins_by_seat": [by_seat.get(k, 0) for k in range(max(by_seat, default=-1) + 1)],
                        "cooperative_won": won or 0})
        return out

    # -- export ----------------------------------------------------------------------------------

    def records(self) -> Iterable[tuple[str, str]]:
        """(file name, YAML) of every play, for a folder that `pnpkit score` reads whole."""
        for (i,) in self.db.execute("SELECT id FROM play ORDER BY id"):
            p = self.get(i)
            yield checks.record_file(p, GAMES, digits=6), p.record

    def csv(self) -> bytes:
        """One line per player per play; every text cell safe to open in a spreadsheet."""
        from pnpkit.kitfile.cells import csv_bytes
        rows: list[list[Any]] = [["play", "date", "game", "seat", "player", "score", "place", "won", "valid", "finished"]]
        for (i,) in self.db.execute("SELECT id FROM play ORDER BY id"):
            p = self.get(i)
            rows += [[p.id, p.played, p.game, s.seat + 1, s.player, "" if s.total is None else s.total,
                      "" if s.place is None else s.place, int(s.player in p.winners), int(p.valid), int(p.finished)]
                     for s in p.seats]
        return csv_bytes(rows)
