"""`pnpkit moves RECORD [--try ACTION] [--json]`: at the table, what may come next, and why not.

The record stops where the table is; its game's `table()` (scorer/play.py) says whose turn it is,
every action that may come next in the record's own notation, what is forced and whether the turn
may end. `--try` asks the game's own `why_illegal`, the function the replay (`check`) asks too.
Exit codes: 0 (with --try: the action is legal), 1 the action is illegal, 2 unreadable.
"""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from pnpkit.cmd_rules import wrapped
from pnpkit.cmd_score import RECORD_HELP, read, title
from pnpkit.kitfile.errors import InputError

if TYPE_CHECKING:  # the scorer is loaded by the command, not by `pnpkit --help`
    from pnpkit.scorer.play import Turn

EXIT_LEGAL, EXIT_ILLEGAL = 0, 1


def move_log(record: str):
    """(game, record, kit) of a move-log record; a final-sheet record is refused (exit 2)."""
    from pnpkit.scorer import api
    game, rec, kit, source = read(record)
    if not game.is_move_log(rec):
        if game.rules is None or game.pictures is not None:
            raise source.error(("game",), f"this {game.id} record holds the final sheets, not a move log: "
                                          f"`moves` asks about the move logs of {', '.join(api.move_log_games())} "
                                          "(`pnpkit replay` draws the sheets)")
        raise source.error(("game",), f"this {game.id} record is not a move log: `moves` goes on from a move "
                                      f"log's turns (`pnpkit check --explain` explains this one)")
    return game, rec, kit


def _columns(items: list[str], indent: int = 2) -> list[str]:
    """Short entries side by side, as many to a line as the terminal holds."""
    if not items:
        return []
    width = max(map(len, items)) + 3
    per = max(1, (96 - indent) // width)      # a fixed width: the same output in a terminal, a pipe and the docs
    return [" " * indent + "".join(f"{x:<{width}}" for x in items[i:i + per]).rstrip()
            for i in range(0, len(items), per)]


def _text(game: str, turn: Turn, broken: int) -> list[str]:
    out = [f"{title(game)}: {turn.turn or 'where the record stops'}"]
    if broken:
        out.append(f"(The record already breaks the rules: {broken} violation{'s' if broken != 1 else ''}, "
                   f"see `pnpkit check`. The position is as the table played it.)")
    if turn.waiting:
        out.append(f"Next: {turn.waiting}.")
        return out
    out.append(f"{turn.to_move} to move. May end the turn here: {'yes' if turn.may_end_turn else 'no'}.")
    for f in turn.forced:
        out.append(f"Forced: {f}")
    if not turn.legal:
        out.append("No action is legal now.")
        for note in turn.notes:             # why not, where the game says (NUTS: U12 beyond reach)
            out += wrapped(note, "", hang="  ")
        return out
    costs = {o.cost for o in turn.legal}
    if costs != {None}:
        by_cost: dict[Any, list[str]] = {}
        for o in turn.legal:
            by_cost.setdefault(o.cost, []).append(o.text)
        out.append(f"Legal now ({len(turn.legal)}), by cost:")
        for cost, texts in sorted(by_cost.items(), key=lambda kv: (kv[0] is None, kv[0])):
            out.append(f"  {cost} {turn.cost_unit}{'s' if cost != 1 else ''}:")
            out += _columns(texts, 4)
    else:
        out.append(f"Legal now ({len(turn.legal)}):")
        out += _columns([o.text for o in turn.legal])
    for note in turn.notes:
        out += wrapped(note, "", hang="  ")
    return out


def register(cli: click.Group) -> None:
    @cli.command(epilog=RECORD_HELP + " The record stops where the table is: its last turn is the one in progress.")
    @click.argument("record", metavar="RECORD")
    @click.option("--try", "action", metavar="ACTION",
                  help='Is this action legal now? Written as in the record, e.g. "e 2", "blue box at C2", '
                       '"move N", "roll > 8", "take acorn, to 2". Exit 0 legal, 1 illegal (with the rule and '
                       'its words), 2 unreadable.')
    @click.option("--json", "as_json", is_flag=True,
                  help='Print {"game", "to_move", "legal", "forced", "may_end_turn", "try"} as one JSON object.')
    def moves(record: str, action: str | None, as_json: bool) -> None:
        """What may come next where a move log stops: whose turn, every legal action (with its cost),
        what is forced, and whether the turn may end. With --try, whether one action is legal and,
        if not, why, with the rule's id and the rulebook's words."""
        game, rec, kit = move_log(record)
        table = game.table_of(rec, kit)
        turn = table.turn()
        broken = len(table.violations)
        tried = None
        if action is not None:
            try:
                if len(action) > 200:
                    raise ValueError(f"{len(action)} characters: an action is a few words, as the record writes it")
                why = table.why_illegal(action)
            except ValueError as e:
                raise InputError(f"--try {action!r}: {e}") from None
            tried = {"action": action, "legal": why is None, "rule": why.rule.id if why else None,
                     "quote": why.rule.quote if why else None, "message": why.message if why else None}
        if as_json:
            out: dict[str, Any] = {"game": game.id, "to_move": turn.to_move, "legal": [o.text for o in turn.legal],
                                   "forced": turn.forced, "may_end_turn": turn.may_end_turn, "turn": turn.turn,
                                   "waiting": turn.waiting, "violations_before": broken}
            if turn.notes:
                out["notes"] = turn.notes
            if any(o.cost is not None for o in turn.legal):
                out["costs"] = {o.text: o.cost for o in turn.legal}
            if tried is not None:
                out["try"] = tried
            click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        elif tried is None:
            click.echo("\n".join(_text(game.id, turn, broken)))
        else:
            lines = [f"{action!r}: " + ("legal." if tried["legal"] else "illegal.")]
            if not tried["legal"]:
                lines += wrapped(tried["message"], "  ", hang="")
                from pnpkit.scorer.rulebook import whole_ruling
                lines += wrapped(f'{tried["rule"]}: "{tried["quote"]}"' + whole_ruling(tried["rule"], tried["quote"]), "  ")
            click.echo("\n".join(lines))
        sys.exit(EXIT_ILLEGAL if tried is not None and not tried["legal"] else EXIT_LEGAL)
