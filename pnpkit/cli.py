"""The `pnpkit` command: parses, calls the generator or the scorer, prints, sets the exit code.

Exit codes: 0 fine (a record is legal); 1 a record breaks the rules; 2 input that cannot be read
(a kit file or record with a problem, a bad option); 3 an internal error (a bug: reported in one
line, never as a traceback).
"""
from __future__ import annotations

import os
import sys

import click

from pnpkit.generator.errors import OutputError
from pnpkit.kitfile.errors import SourceError
from pnpkit import __version__

EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3
EXIT_PIPE = 141  # what a shell reports for a tool stopped by SIGPIPE (128 + 13)


def _stdout_gone() -> None:
    """The process's stdout was closed by its reader: point it at /dev/null (so Python's final
    flush cannot fail again) and exit without a message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_PIPE)


class Pnpkit(click.Group):
    """A group that turns every failure into one clear message and an exit code."""

    def make_context(self, *args, **kwargs) -> click.Context:
        """A Ctrl-C while click reads the command line is pnpkit's line too: left to click's
        main, it first writes an empty line to stderr (its "Aborted!" preamble)."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            from pnpkit.launch import interrupted
            interrupted()
            raise  # not reached: interrupted() exits

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SourceError as e:
            from pnpkit.terminal import shown
            click.echo(shown(f"pnpkit: {e}" if "\n" not in str(e) else f"pnpkit: cannot read it:\n{e}"), err=True)
            sys.exit(EXIT_UNREADABLE)
        except BrokenPipeError:  # `pnpkit ... | head`: the reader has gone; stop quietly, as Unix tools do
            _stdout_gone()
        except OutputError as e:  # --out that cannot be written: a full disk, a read-only folder, a file in the way
            click.echo(f"pnpkit: {e}", err=True)
            sys.exit(EXIT_UNREADABLE)
        except KeyboardInterrupt:
            from pnpkit.launch import interrupted
            interrupted()
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except MemoryError:
            from pnpkit import worker
            if worker.in_worker():  # a stranger's kit took the worker's memory: the kit's limit, exit 2
                worker.out_of_memory()
            click.echo("pnpkit: out of memory (please report the file that did it)", err=True)
            sys.exit(EXIT_INTERNAL)
        except Exception as e:  # noqa: BLE001 - the last net: a bug must not print a traceback
            from pnpkit import worker
            if worker.stopping():  # a Ctrl-C that a library wrapped (pydantic: a SchemaError around it)
                from pnpkit.launch import interrupted
                interrupted()
            click.echo(f"pnpkit: internal error: {type(e).__name__}: {e} (please report it)", err=True)
            sys.exit(EXIT_INTERNAL)


@click.group(cls=Pnpkit, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpkit")
def cli() -> None:
    """Print board-game kits at home, and score the games played with them.

    \b
    pnpkit list                        the kits this pnpkit can print
    pnpkit build chestnuts             PDF, SVG and manifest into output/chestnuts/
    pnpkit build my/kit.yaml --watch   rebuild on every save, with a page that reloads
    pnpkit export my/kit.yaml --to tts cards, boards and sheets for TTS, print shops, PNGs
    pnpkit score game.yaml             check a record and score it
    pnpkit check game.yaml --explain   replay a record move by move
    pnpkit moves game.yaml             what may come next where a record stops
    pnpkit rules chestnuts tongs       the rulebook's words and the rulings
    pnpkit replay game.yaml            a page to step through the game, drawn on the kit
    pnpkit simulate chestnuts          play it 1,000 times: who wins, how long, going first
    pnpkit serve                       the table in a browser: score sheets, rules, history

    Exit codes: 0 done (a record is legal), 1 a record breaks the rules, 2 a file or option
    that cannot be read, 3 an internal error.
    """


@cli.group()
def schema() -> None:
    """Print a JSON Schema, for editors that complete and check YAML."""


from pnpkit import cmd_export, cmd_moves, cmd_print, cmd_replay, cmd_rules, cmd_score, cmd_serve, cmd_simulate  # noqa: E402,E501

cmd_print.register(cli, schema)
cmd_score.register(cli, schema)
cmd_moves.register(cli)
cmd_rules.register(cli)
cmd_replay.register(cli)
cmd_export.register(cli)
cmd_simulate.register(cli)
cmd_serve.register(cli)


def main() -> None:
    """Run the command line. click's own handling is used for everything but Ctrl-C, which says
    one line of pnpkit's (click would print "Aborted!") wherever it lands."""
    try:
        rv = cli.main(prog_name="pnpkit", standalone_mode=False)
    except BrokenPipeError:
        _stdout_gone()
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except (click.Abort, KeyboardInterrupt):
        from pnpkit.launch import interrupted
        interrupted()
    else:
        sys.exit(rv if isinstance(rv, int) else 0)
