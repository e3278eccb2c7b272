"""`pnpkit score | check | schema record`: the scoring side of the CLI.

Both `score` and `check` compute the same Result (scorer.api); they differ only in what they print
first: `score` the players' tables and the ranking, `check` the verdict and the violations. Exit
codes: 0 the record is legal, 1 it breaks the rules (the violations are printed, and the scores
where they make sense), 2 it cannot be read (one clear message from the loader).

The text printer knows nothing of any game: it prints a Result, competitive or cooperative.
"""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from pnpkit import complete
from pnpkit.progress import Progress, quiet_option
from pnpkit.terminal import shown

if TYPE_CHECKING:  # the reading and the scorer are loaded by the commands that use them
    from pnpkit.scorer.core import Result

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1


def record_text(record: str) -> tuple[str, str]:
    """pnpkit/reading.py's `record_text` (loaded when a command reads a record, not at start-up)."""
    from pnpkit.reading import record_text as text
    return text(record)


def read(record: str, heads: dict | None = None):
    """pnpkit/reading.py's `read`: a record, its game, the game's kit and the parsed source."""
    from pnpkit.reading import read as read_record
    return read_record(record, heads)


def _compute(record: str, explain: bool) -> Result:
    """Read, check and score the record."""
    game, rec, kit, _ = read(record)
    _TITLES[kit.game.id] = kit.game.title   # (a designer's game, scored from its pad, has no id to look up)
    return game.score_record(rec, kit, explain=explain)


_TITLES: dict[str, str] = {}


def title(game: str) -> str:
    if game in _TITLES:
        return _TITLES[game]
    try:
        from pnpkit.kitfile.head import load_head
        return load_head(game).game.title
    except Exception:  # noqa: BLE001 - a title is decoration; the game id will do
        return game


def table(result: Result) -> list[str]:
    """One table per player: breakdown lines, then the total."""
    out: list[str] = []
    labels = [line.label for p in result.players for line in p.breakdown]
    width = min(max([len("total"), *map(len, labels)]), 64) + 2   # a longer label pushes its number
    for p in result.players:
        out.append(p.name)
        for line in p.breakdown:
            pad = width if len(line.label) < width else len(line.label) + 1
            out.append(f"  {line.label:<{pad}}{line.points:>6}")
        out.append(f"  {'total':<{width}}{p.total:>6}")
        out.append("")
    return out


def _plain(value: Any) -> str:
    """A value as a person reads it: yes/no, a dash for nothing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _ranking(result: Result) -> list[str]:
    if result.cooperative:
        out = [f"Outcome{'' if result.valid else ' as played'}: {result.extra.get('outcome', 'unknown')}"
               + ("" if result.valid else " (settle the broken rules first)")]
        for key, value in result.extra.items():
            if key == "outcome":
                continue
            if isinstance(value, list) and value and isinstance(value[0], dict):
                out.append(f"{key}:")
                for i, item in enumerate(value, 1):
                    out.append(f"  {i}. " + ", ".join(f"{k}: {_plain(v)}" for k, v in item.items() if k != "explain"))
                    if "explain" in item:
                        out.append(f"     {item['explain']}")
            else:
                out.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
        return out + [""]
    totals = {p.name: p.total for p in result.players}
    out = ["Ranking" + ("" if result.finished else " (as it stands: the game is unfinished)")
           + ("" if result.valid else " as played: the record breaks the rules below")]
    rows = []
    place = 1
    for group in result.ranking:
        rows.append((f"{place}.", ", ".join(group), totals.get(group[0], "")))
        place += len(group)
    width = max((len(names) for _, names, _ in rows), default=0)
    for place_text, names, total in rows:
        out.append(f"  {place_text:<3} {names:<{width}}  {total:>5}")
    if result.tiebreaks:
        out.append("Tie-breaks")
        for t in result.tiebreaks:
            out.append(f"  place {t.place}: {', '.join(t.players)} (tied on {t.tied_on}): {t.decided_by} [{t.rule}]")
    if result.finished:
        out.append(result.winner_text())
    else:
        out.append("No winner yet: the record stops before the end of the game.")
    return out + [""]


def _violations(result: Result) -> list[str]:
    from pnpkit.scorer.rulebook import whole_ruling
    if not result.violations:
        return ["No violations: the record keeps every rule checked."]
    out = [f"Violations ({len(result.violations)})"]
    for i, v in enumerate(result.violations, 1):
        out.append(f"  {i}. {v.where}: {v.message}")
        out.append(f'     {v.rule}: "{v.quote}"' + whole_ruling(v.rule, v.quote))
    return out


def _verdict(result: Result) -> str:
    state = "" if result.finished or result.cooperative else " (unfinished)"
    if result.valid:
        return f"{title(result.game)}: legal{state}."
    n = len(result.violations)
    return f"{title(result.game)}: breaks the rules ({n} violation{'s' if n != 1 else ''}){state}."


def _json(result: Result, explain: bool) -> str:
    out: dict[str, Any] = result.to_json()
    if explain:
        out["explain"] = list(result.explain)
    return json.dumps(out, indent=2, ensure_ascii=False)


def _finish(result: Result) -> None:
    sys.exit(EXIT_LEGAL if result.valid else EXIT_ILLEGAL)


RECORD_HELP = ("RECORD is a YAML or JSON file (docs/records.md), a filled fillable score sheet (KIT-PAPER-fillable.pdf "
               "of NUTS or In the Nuts!), or - to read standard input.")


def _terminal(stream) -> bool:
    """Lines going to the terminal are progress enough: the bar is for output sent elsewhere."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def _lines(paths: list[str], as_jsonl: bool, jobs: int | None, cluster: str | None):
    """Many records' lines: from this machine's processes, or from a cluster (connected for the run)."""
    from pnpkit import many
    if cluster is None:
        yield many.scored(paths, as_jsonl, jobs)
        return
    from pnpkit.cluster import connected
    with connected(cluster) as (executor, threads):
        yield many.scored_on(executor, threads, paths, as_jsonl)


@click.command(epilog=RECORD_HELP + " Several records, or a folder of them, are scored in one go, a line each.")
@click.argument("records", nargs=-1, required=True, metavar="RECORD...")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object (docs/records.md).")
@click.option("--jsonl", "as_jsonl", is_flag=True,
              help="One JSON object per record and line, with its `file` and `exit` (for many records).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, metavar="N",
              help="Processes that share many records (default: one per core, from 500 records on); "
                   "the output is the same whatever N.")
@click.option("--cluster", metavar="ADDRESS",
              help="Score many records on a Dask cluster instead of --jobs local processes: a scheduler's "
                   "address (tcp://host:8786) or its --scheduler-file; the same lines in the same order "
                   "(needs pip install 'pnpkit[cluster]').")
@quiet_option
def score(records: tuple[str, ...], as_json: bool, as_jsonl: bool, jobs: int | None, cluster: str | None,
          quiet: bool) -> None:
    """Check a game record and print each player's score, the ranking and the tie-breaks.
    Given several records or a folder: one line per record, and a count at the end.

    Exit code 0: the record is legal; 1: it breaks the rules (violations printed after the
    scores); 2: it cannot be read. For many records, the worst of theirs.
    """
    from pnpkit import many
    if as_jsonl or many.is_many(records):
        if as_json:
            raise click.UsageError("--json prints one record's result; for many, use --jsonl")
        if cluster is not None and jobs is not None:
            raise click.UsageError("--jobs is for this machine's processes, --cluster for a cluster's workers: give one")
        counts: dict[int, int] = {}
        out = sys.stdout
        paths = many.expand(records)
        with _lines(paths, as_jsonl, jobs, cluster) as lines, \
                Progress(len(paths), f"{len(paths):,} records", quiet or _terminal(sys.stdout)) as progress:
            for code, text in lines:
                out.write(shown(text) + "\n")
                counts[code] = counts.get(code, 0) + 1
                progress()
        if not as_jsonl:
            out.write(many.summary(counts) + "\n")
        sys.exit(max(counts))
    result = _compute(records[0], explain=False)
    if as_json:
        click.echo(shown(_json(result, False)))
    else:
        lines = [_verdict(result), ""] + table(result) + _ranking(result) + _violations(result)
        click.echo(shown("\n".join(lines)))
    _finish(result)


@click.command(epilog=RECORD_HELP)
@click.argument("record", metavar="RECORD")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object (docs/records.md).")
@click.option("--explain", is_flag=True,
              help="Also print the replay's notes: the position move by move, or how the final sheets were scored.")
def check(record: str, as_json: bool, explain: bool) -> None:
    """Check a game record against the rules: every violation, where it is, and the rule it breaks.

    Exit code 0: the record is legal; 1: it breaks the rules; 2: it cannot be read.
    """
    result = _compute(record, explain=explain)
    if as_json:
        click.echo(shown(_json(result, explain)))
    else:
        lines = [_verdict(result), ""] + _violations(result)
        if explain:
            lines += ["", "Explain"] + [f"  {row}" for note in result.explain or ["(no notes)"] for row in note.split("\n")]
        if result.players and not result.cooperative:
            totals = ", ".join(f"{p.name} {p.total}" for p in result.players)
            lines += ["", f"Scores: {totals}"]
            if result.finished and result.winners_as_played:
                lines.append(result.winner_text())
        elif result.cooperative:
            lines += [""] + _ranking(result)
        click.echo(shown("\n".join(lines).rstrip()))
    _finish(result)


@click.command("record")
@click.argument("game", metavar="GAME", shell_complete=complete.games)
def record_schema(game: str) -> None:
    """Print the JSON Schema of GAME's record (e.g. nuts, in-the-nuts), for editors."""
    from pnpkit.scorer import api
    click.echo(json.dumps(api.record_schema(game), indent=2, ensure_ascii=False))


def register(cli: click.Group, schema: click.Group) -> None:
    """Add this module's commands to the groups (pnpkit/cli.py loads it when one is asked for)."""
    for command in (score, check):
        cli.add_command(command)
    schema.add_command(record_schema)
