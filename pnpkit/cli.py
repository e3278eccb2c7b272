"""The `pnpkit` command: parses, calls the generator or the scorer, prints, sets the exit code.

Exit codes: 0 fine (a record is legal); 1 a record breaks the rules; 2 input that cannot be read
(a kit file or record with a problem, a bad option: any PnpkitError, kitfile/errors.py, by its
exit_code, here and nowhere else); 3 an internal error (a bug: reported in one line, never as a
traceback); 130 interrupted.
"""
from __future__ import annotations

import os
import sys

import click

from pnpkit.kitfile.errors import PnpkitError
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


class Commands(dict):
    """A group's commands, each command's module imported the first time one of its commands is
    asked for (`pnpkit build` never imports the scorer's commands, nor `pnpkit score` the
    printer's); `--help` and completion list them all, which imports them all.

    `where` names each command's module (pnpkit/cmd_*.py); importing it and calling its
    `register(cli[, schema])` adds its commands to the groups. A new command is one more entry."""

    def __init__(self, where: dict[str, str]):
        super().__init__()
        self.where = where

    def __missing__(self, name: str) -> click.Command:
        if name not in self.where:
            raise KeyError(name)
        _register(self.where[name])
        return dict.__getitem__(self, name)

    def every(self) -> list[str]:
        for name in self.where:
            self[name]  # noqa: B018 (imported and registered, if not yet)
        return sorted(self)


def _register(module: str) -> None:
    import importlib
    register = importlib.import_module(f"pnpkit.{module}").register
    if module not in _REGISTERED:
        _REGISTERED.add(module)
        register(*(cli, schema)[:register.__code__.co_argcount])


_REGISTERED: set[str] = set()


class LazyGroup(click.Group):
    """A click group whose commands are `Commands`, loaded when asked for."""

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        try:
            return self.commands[cmd_name]
        except KeyError:
            return None

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        return self.commands.every() if isinstance(self.commands, Commands) else sorted(self.commands)


class Pnpkit(LazyGroup):
    """A group that turns every failure into one clear message and an exit code."""

    def make_context(self, *args, **kwargs) -> click.Context:
        """A Ctrl-C while click reads the command line is pnpkit's line too: left to click's
        main, it first writes an empty line to stderr (its "Aborted!" preamble)."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            from pnpkit.worker import interrupted
            interrupted()
            raise  # not reached: interrupted() exits

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # `pnpkit ... | head`: the reader has gone; stop quietly, as Unix tools do
            _stdout_gone()
        except PnpkitError as e:  # a file that cannot be read, an option that selects nothing, --out that
            # cannot be written (a full disk, a read-only folder, a file in the way): one message, its exit code
            from pnpkit.terminal import shown
            click.echo(shown(f"pnpkit: {e}" if "\n" not in str(e) else f"pnpkit: cannot read it:\n{e}"), err=True)
            sys.exit(e.exit_code)
        except KeyboardInterrupt:
            from pnpkit.worker import interrupted
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
            if worker.stopping():  # a Ctrl-C that a library wrapped in an error of its own
                from pnpkit.worker import interrupted
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


@cli.group(cls=LazyGroup)
def schema() -> None:
    """Print a JSON Schema, for editors that complete and check YAML."""


# Each command and the module (pnpkit/cmd_*.py) whose `register` defines it, imported when asked for.
cli.commands = Commands({"list": "cmd_print", "build": "cmd_print", "preview": "cmd_print",
                         "score": "cmd_score", "check": "cmd_score", "moves": "cmd_moves", "rules": "cmd_rules",
                         "replay": "cmd_replay", "export": "cmd_export", "simulate": "cmd_simulate",
                         "serve": "cmd_serve"})
cli.commands.update(schema=schema)
schema.commands = Commands({"kit": "cmd_print", "record": "cmd_score"})


def kit_named(argv: list[str]) -> str:
    """The kit the command line names, as the person wrote it (for the message)."""
    try:
        name, args = next((a, argv[i + 1:]) for i, a in enumerate(argv) if not a.startswith("-"))
        ctx = cli.commands[name].make_context(name, list(args), resilient_parsing=True)
        kit = ctx.params.get("kit")
        return str(kit) if kit else "the kits"
    except Exception:  # noqa: BLE001 - only the message's wording depends on it
        return "the kit"


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
        from pnpkit.worker import interrupted
        interrupted()
    else:
        sys.exit(rv if isinstance(rv, int) else 0)
