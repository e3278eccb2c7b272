"""`pnpkit rules GAME [WORDS...]`: the rulebook's sections and this kit's rulings, by the words asked.

The texts are the ones the violations quote (scorer/rulebook.py): the same ids (`Notes 1`,
`PLAY 4(c)`, `ruling C6`) and the same words, from one place.
"""
from __future__ import annotations

import json
import sys
import textwrap

import click

from pnpkit import complete

from pnpkit.kitfile.errors import Problem, SourceError, did_you_mean
from pnpkit.cmd_score import title


SHOWN = 3  # passages printed whole, best first; the rest by their ids (all of them with --json)


def _game(game: str) -> str:
    from pnpkit.scorer.games import GAMES
    if game not in GAMES:
        raise SourceError(game, [Problem(None, "", f"no rulebook for that game{did_you_mean(game, GAMES)} "
                                                   f"(games: {', '.join(GAMES)})")])
    return game


def wrapped(text: str, indent: str = "    ", hang: str = "  ") -> list[str]:
    """Text at 100 columns, indented, continuation lines `hang` further; paragraphs and lines kept."""
    out: list[str] = []
    for para in text.split("\n\n"):
        if out:
            out.append("")
        for line in para.split("\n"):
            out += textwrap.wrap(line, 100, initial_indent=indent, subsequent_indent=indent + hang,
                                 break_on_hyphens=False) or [indent]
    return out


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("game", metavar="GAME", shell_complete=complete.games)
    @click.argument("words", nargs=-1)
    @click.option("--json", "as_json", is_flag=True, help='Print [{"id", "text"}, ...] as JSON.')
    def rules(game: str, words: tuple[str, ...], as_json: bool) -> None:
        """The rulebook's sections and this kit's rulings that answer WORDS, best first: a question in
        plain words (`pnpkit rules nuts "unfulfilled bonus card penalty"`), ranked by how much of it
        each passage answers (stems, filler words left out, the kit's glossary of the table's words).
        The best three are printed whole, the rest by id (--json: all). Words that spell an id give
        that one: `pnpkit rules chestnuts notes 1`, `pnpkit rules chestnuts C6`. No words: the list of
        sections and rulings. Exit 1 when nothing matches."""
        from pnpkit.scorer import rulebook
        from pnpkit.scorer.search import search
        game = _game(game)
        if words:
            found = search(game, list(words))
        else:
            found = [(s.id, s.text) for s in rulebook.sections(game)] + [
                (rid, name) for rid, name, _ in rulebook.rulings(game)]
        if as_json:
            click.echo(json.dumps([{"id": i, "text": t} for i, t in found], indent=2, ensure_ascii=False))
        elif not words:
            lines = [f"{title(game)}: the rulebook's sections and this kit's rulings "
                     f"(`pnpkit rules {game} WORDS` prints their text)", "", "Sections:"]
            width = max(len(s.id) for s in rulebook.sections(game))
            for s in rulebook.sections(game):
                first = s.text.split("\n")[0] or "(its parts follow)"
                lines.append(f"  {s.id:<{width}}  {textwrap.shorten(first, 96 - width, placeholder=' ...')}")
            lines += ["", "Rulings (docs/rulings.md):"]
            lines += [f"  {rid:<10}  {name}" for rid, name, _ in rulebook.rulings(game)]
            click.echo("\n".join(lines))
        elif not found:
            click.echo(f"No section or ruling of {title(game)} mentions {' '.join(words)!r}. "
                       f"`pnpkit rules {game}` lists them all.")
        else:
            lines = []
            for rid, text in found[:SHOWN]:
                lines += [f"{rid}:"] + wrapped(text) + [""]
            if found[SHOWN:]:
                lines.append("Also: " + ", ".join(rid for rid, _ in found[SHOWN:]))
            click.echo("\n".join(lines).rstrip())
        sys.exit(0 if found else 1)
