"""A designer's game scored from its kit's score pad (`scoring:`, kitfile/pad.py), with no code.

    kit: moth-and-lamp.yaml          # the kit file, a path from the record's own folder
    players:
      - {name: Ann, sheet: {Round 1: 3, Round 2: 5, Round 3: 4, Round 4: 4, Moths left: 2, Total: 16}}
      - {name: Ben, sheet: {Round 1: 6, Round 2: 2, Round 3: 7, Round 4: 1, Moths left: 0, Total: 18}}

Each player's total is the sum of the rows the pad's total adds, whatever the Total box says; a
box outside the pad's `range`, and a Total box that does not add up ("the Total box says 18; the
rounds add up to 16", the slip families make most), are violations, each citing the kit's own
setting. Players rank by total (`wins: highest` or `lowest`), then by the tie-break rows in order.

The kit is a stranger's file named by another: its path is read as every file a kit names is
(kitfile/files.py), relative to the record's folder and never outside it, and loaded by the one
loader with all its limits.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, Union

from pnpkit.kitfile.errors import SourceError, did_you_mean
from pnpkit.kitfile.pad import MAX_BOX, Pad, pad_of
from pnpkit.kitfile.source import Source, validate
from pnpkit.kitfile.structs import Meta, convert
from pnpkit.scorer.core import PlayerScore, Result, Rule, TieBreaker, Violation, rank
from pnpkit.scorer.game import Game
from pnpkit.scorer.records import MAX_PLAYERS, Name, Strict, as_text, distinct_players

def _this() -> Any:
    """This module: the pad's record (`Record`) and its scoring (`sheets`) are its own."""
    import pnpkit.scorer.pad as pad
    return pad


GAME = Game(id="pad", ruling_letter="", rulebook="", record=_this, score=_this, records="sheets")
"""The descriptor every pad record is scored through (its Result carries the kit's own game id)."""


Box = Annotated[int, Meta(ge=-MAX_BOX, le=MAX_BOX)]
_BOXES = Annotated[dict[str, Union[Box, None]], Meta(max_length=100)]  # a sheet's boxes, as msgspec reads them


class Sheet(dict):
    """A player's boxes by their row, as printed on the pad: a row labelled `1` is written `1: 3` in
    YAML, a number, read as the row's label (a custom type of kitfile/structs.py)."""

    json_schema = {"type": "object", "additionalProperties": {"anyOf": [
        {"type": "integer", "minimum": -MAX_BOX, "maximum": MAX_BOX}, {"type": "null"}]}, "maxProperties": 100}

    @classmethod
    def decode(cls, value: Any) -> "Sheet":
        if isinstance(value, dict):
            value = {as_text(k): x for k, x in value.items()}
        return cls(convert(value, _BOXES))


class Player(Strict):
    name: Annotated[Name, Meta(description="The player's name; players in seat order.")]
    sheet: Annotated[Sheet, Meta(description="The player's boxes by their row, as printed on the pad: {Round 1: 3, "
                                 "..., Total: 20}; a row left out (or empty) counts 0.")]


class Record(Strict):
    kit: Annotated[str, Meta(max_length=255, description="The kit file whose score pad this is, a path from the "
                             "record's folder (moth-and-lamp.yaml).")]
    game: Annotated[Union[str, None], Meta(description="The kit's game id (optional; checked against the kit).")] = None
    players: Annotated[list[Player], Meta(min_length=1, max_length=MAX_PLAYERS, description="Players in seat order.")]

    def __post_init__(self) -> None:
        distinct_players(p.name for p in self.players)

    def names(self) -> list[str]:
        return [p.name for p in self.players]


def is_pad_record(data: Any) -> bool:
    """Whether a record names a kit's score pad (`kit:`) rather than one of the six games."""
    return isinstance(data, dict) and "kit" in data


def read(source: Source, folder: Path | None = None, kit: Any = None) -> tuple[Game, Record, Any]:
    """A pad record read: (the descriptor, the record, its kit). The kit is found from `folder`
    (default: the record file's own; the working folder for standard input), unless `kit` gives it
    as `kit_of` found it elsewhere (a cluster's client, for a worker that cannot see the record's
    folder: the kit, or the SourceError it gave); SourceError names the record's line where the
    kit, a player or a row cannot be read."""
    record = validate(Record, source)
    if kit is None:
        kit = kit_of(source, record.kit, folder)
    elif isinstance(kit, SourceError):
        raise kit
    pad = pad_of(kit)
    if pad is None:
        raise source.error(("kit",), f"{record.kit} has no score sheet with `scoring:` (a pad that scores): "
                                    "docs/kit-file.md, \"A score pad that scores\"")
    if record.game is not None and record.game != kit.game.id:
        raise source.error(("game",), f"the record says {record.game!r}, its kit {record.kit} is {kit.game.id!r}")
    if len(record.players) > pad.seats:
        raise source.error(("players",), f"{len(record.players)} players on a pad of {pad.seats} columns")
    for i, p in enumerate(record.players):
        for row in p.sheet:
            if row not in pad.rows:
                raise source.error(("players", i, "sheet", row), f"the pad has no row {row!r}"
                          f"{did_you_mean(row, pad.rows)} (rows: {', '.join(pad.rows)})")
    return GAME, record, kit


def kit_of(source: Source, name: str, folder: Path | None = None) -> Any:
    """The kit a record names, read from the record's folder only (links followed and checked),
    and named in its messages as the user reaches it: beside the record as the user named it
    (`games/moth/moth-and-lamp.yaml`), whatever process reads it."""
    from pnpkit.kitfile.files import OutsideKit, resolve
    from pnpkit.kitfile.model import load_kit
    if folder is None:
        here = Path(source.file)
        folder = here.parent if source.file not in ("-", "<stdin>") and here.is_file() else Path(os.getcwd())
    if not name.endswith((".yaml", ".yml")):
        raise source.error(("kit",), f"expected a kit file (a .yaml file beside the record), got {name[:80]!r}")
    try:
        path = resolve(name, [folder], "kit file")
    except OutsideKit as e:
        raise source.error(("kit",), str(e).replace("kit's folder", "record's folder")) from None
    if path is None:
        raise source.error(("kit",), f"no kit file {name!r} beside the record (in {folder.resolve()})")
    beside = os.path.dirname(source.file) if source.file not in ("-", "<stdin>") else ""
    return load_kit(str(path), shown=os.path.join(beside, name))


# --- scoring ---------------------------------------------------------------------------------

def sheets(record: "Record", kit: Any, explain: bool = False) -> Result:
    """The pad's sheets scored (scorer/game.py: a record that is not a move log)."""
    return score(record, kit, explain)


def score(record: Record, kit: Any, explain: bool = False) -> Result:
    """Each player's total from the rows, the box out of range and the Total that does not add up,
    the ranking by total and then the tie-break rows."""
    pad = pad_of(kit)
    result = Result(game=kit.game.id)
    for p in record.players:
        player = PlayerScore(p.name)
        for row in pad.adds:
            player.add(row, p.sheet.get(row) or 0)
        result.players.append(player)
        result.violations += _slips(pad, p, player.total)
        if explain:
            sums = " + ".join(f"{row} {p.sheet.get(row) or 0}" for row in pad.adds)
            said = p.sheet.get(pad.scoring.total)
            result.explain.append(f"{p.name}: {sums} = {player.total}" +
                                  (f" (the {pad.scoring.total} box says {said})" if said is not None else ""))
    least = pad.players[0]
    if len(record.players) < least:
        result.violations.append(Violation("the players", f"{len(record.players)} played; the game is for "
                                           f"{kit.game.players} players", _cite(pad, "game.players"),
                                           f"players: {kit.game.players}"))
    result.ranking, result.tiebreaks = rank(result.players, _breakers(pad, record), _rule(pad, "scoring.wins"),
                                            lowest=pad.scoring.wins == "lowest")
    return result


def _slips(pad: Pad, p: Player, total: int) -> list[Violation]:
    """The boxes outside the pad's range, and a Total box that is not the sum of its rows."""
    out = []
    if pad.scoring.range is not None:
        lo, hi = pad.scoring.range
        for row in pad.boxes:
            value = p.sheet.get(row)
            if value is not None and not pad.in_range(value):
                out.append(Violation.of(f"{p.name}, sheet.{row}", f"the {row} box says {value}: a box holds {lo} "
                                        f"to {hi}", _rule(pad, "scoring.range")))
    said = p.sheet.get(pad.scoring.total)
    if said is not None and said != total:
        out.append(Violation.of(f"{p.name}, sheet.{pad.scoring.total}", f"the {pad.scoring.total} box says {said}; "
                                f"{pad.adds_words()} add up to {total}", _rule(pad, "scoring.total")))
    return out


def _breakers(pad: Pad, record: Record) -> list[TieBreaker]:
    sheets = {p.name: p.sheet for p in record.players}
    return [TieBreaker(f"the {t.wins} {t.row}",
                       (lambda name, row=t.row, sign=(1 if t.wins == "highest" else -1):
                        sign * (sheets[name].get(row) or 0)))
            for t in pad.scoring.tiebreaks]


def _rule(pad: Pad, key: str) -> Rule:
    """The kit's own setting a violation or a ranking rests on, quoted as the kit file writes it."""
    s = pad.scoring
    words = {
        "scoring.range": f"range: [{s.range[0]}, {s.range[1]}]" if s.range else "",
        "scoring.total": f"total: {s.total} (the sum of {', '.join(pad.adds)})",
        "scoring.wins": f"wins: {s.wins}" + (f"; tiebreaks: {', '.join(f'{t.row} ({t.wins})' for t in s.tiebreaks)}"
                                             if s.tiebreaks else ""),
    }[key]
    return Rule(_cite(pad, f"components[{pad.index}].{key}"), words)


def _cite(pad: Pad, key: str) -> str:
    return f"{Path(pad.file).name}: {key}"
