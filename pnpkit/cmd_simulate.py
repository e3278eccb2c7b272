"""`pnpkit simulate GAME`: seeded players play the rules engine many times; how fair, how long.

Options are read as text and checked here, so a bad value is one line naming the option and what it
takes, and exit 2 (docs/safety.md): every count is bounded. The games run in seeded batches
(scorer/sim/run.py) over `--jobs` processes; the report (pnpkit/sim_report.py) is the same for the
same seed whatever `--jobs`. `--out` (plots, pnpkit/sim_plots.py, with matplotlib) and `--save`
(the records) are each written as one set, whole or not at all (generator/atomic.py).
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import dataclass

import click

from pnpkit import complete
from pnpkit.progress import Progress, quiet_option  # noqa: F401 (Progress: tests import it from here)

from pnpkit.kitfile import Problem, SourceError
from pnpkit.scorer.sim import KINDS   # the game modules and players are loaded by the command, not by `--help`

MAX_GAMES = 1_000_000     # games in one run, over all setups: a million random games take minutes
MAX_SAVED = 10_000        # games --save writes, one file each
MAX_JOBS = 64
MAX_SEED = 2 ** 63 - 1
MAX_TEXT = 200            # characters of an option's value


class OneLine(click.Command):
    """A command whose every refusal of its options and arguments is one line (pnpkit: ...), exit 2."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as e:
            raise SourceError(self.name or "simulate", [Problem(None, "", e.format_message())]) from None


def refuse(option: str, message: str) -> SourceError:
    return SourceError(option, [Problem(None, "", message)])


def whole(option: str, value: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`, written with or without `_` or `,` between thousands."""
    text = str(value).strip().replace("_", "").replace(",", "")
    if not re.fullmatch(r"\d{1,19}", text) or not low <= int(text) <= high:
        shown = str(value) if len(str(value)) <= 30 else str(value)[:30] + "..."
        raise refuse(option, f"expected a whole number from {low:,} to {high:,}, got {shown!r}")
    return int(text)


def default_jobs() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


def _kit(game: str):
    """The kit (a game id, or a kit file of one), its game's descriptor and its simulation module."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games import load
    from pnpkit.scorer.sim import match as matches
    if len(game) > MAX_TEXT:
        raise refuse("GAME", f"expected a game id or a kit file, got {len(game)} characters")
    path = game.endswith((".yaml", ".yml")) or "/" in game or "\\" in game
    if not path and matches.module(game) is None:
        from pnpkit.kitfile.errors import did_you_mean
        raise refuse(game, f"pnpkit cannot simulate this game{did_you_mean(game, matches.games())}: it plays "
                           f"{', '.join(matches.games())} (a game is simulated once its records are move logs)")
    kit = load_kit(game, components=False)
    module = matches.module(kit.game.id)
    if module is None:
        raise refuse(game, f"pnpkit cannot simulate {kit.game.id!r}: it plays {', '.join(matches.games())}")
    return kit, load(kit.game.id), module, path


@dataclass
class Plan:
    """The options, read and checked: what to play."""

    kit: object
    game: object                    # its descriptor (scorer.game.Game)
    module: object                  # its simulation module
    kit_file: bool
    seats: tuple[str, ...]
    setups: list
    games: int
    seed: int
    jobs: int

    @property
    def total(self) -> int:
        return self.games * len(self.setups)


def _plan(game, players, games, seed, kinds, setup, roles, jobs) -> Plan:
    """Every option checked against its bounds and the kit, each refusal one line (SourceError)."""
    from pnpkit.scorer.sim import match as matches
    from pnpkit.scorer.sim.players import parse
    kit, described, module, kit_file = _kit(game)
    lo, hi = kit.game.min_players, kit.game.max_players
    n = whole("--players", players, lo, hi) if players is not None else max(lo, min(hi, 4))
    k = whole("--games", games, 1, MAX_GAMES)
    s = whole("--seed", seed, 0, MAX_SEED)
    j = whole("--jobs", jobs, 1, MAX_JOBS) if jobs is not None else default_jobs()
    for option, value in (("--player", kinds), ("--setup", setup), ("--roles", roles)):
        if value is not None and len(value) > MAX_TEXT:
            raise refuse(option, f"at most {MAX_TEXT} characters, got {len(value)}")
    try:
        seats = parse(kinds, n)
    except ValueError as e:
        raise refuse("--player", str(e)) from None
    team = [r.strip().lower() for r in roles.split(",")] if roles else None
    if team is not None and not matches.roles(described, kit):
        raise refuse("--roles", f"{kit.game.id} has no roles")
    try:
        setups = matches.setups(described, kit, n, setup, team)
    except ValueError as e:
        raise refuse("--roles" if team and "role" in str(e) else "--setup", str(e)) from None
    plan = Plan(kit, described, module, kit_file, seats, setups, k, s, j)
    if plan.total > MAX_GAMES:
        raise refuse("--games", f"{k:,} games for each of {len(setups)} setups is {plan.total:,}; at most "
                                f"{MAX_GAMES:,} in all")
    return plan


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "setup"


def record_files(study, played) -> dict[str, bytes]:
    """Every game's record, named `GAME[-SETUP]-NNNNNN.yaml`, with a comment saying how to play it again."""
    import yaml
    teams = len({s.roles for s, _ in study.setups}) > 1
    files = {}
    for (setup, _), p in zip(study.setups, played):
        part = ""
        if len(study.setups) > 1:
            part = "-" + _slug(setup.name + ("-" + "-".join(setup.roles) if teams else ""))
        for game, record in p.records:
            how = f"pnpkit simulate {study.game} --seed {study.seed} --players {len(study.kinds)} " \
                  f"--player {','.join(study.kinds)}"
            if setup.roles:
                how += f" --setup {setup.name} --roles {','.join(setup.roles)}"
            head = f"# {how}: game {game + 1} of {study.games}\n"
            body = yaml.safe_dump(record, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)
            files[f"{study.game}{part}-{game + 1:06d}.yaml"] = (head + body).encode()
    return files


@click.command(cls=OneLine)
@click.argument("game", metavar="GAME", shell_complete=complete.games)
@click.option("--players", metavar="N", help="How many players (default: 4, or the game's own limit).")
@click.option("--games", metavar="K", default="1000", show_default=True,
              help=f"Games to play, for each setup (at most {MAX_GAMES:,} in all).")
@click.option("--seed", metavar="S", default="1", show_default=True,
              help="The seed: the same seed gives the same games and the same figures, whatever --jobs.")
@click.option("--player", "kinds", metavar="KIND[,KIND...]", default="random", show_default=True,
              help=f"Who plays: {', '.join(KINDS)}; one per seat (greedy,random), or one for every seat.")
@click.option("--setup", metavar="NAME", help="A setup the kit lists (forest-fire: Easy, Normal or Hard; "
              "fair-verona: Easy, Medium or Hard), or all "
              "(the default): each is played --games times.")
@click.option("--roles", metavar="ROLE[,ROLE...]", help="Roles by seat (forest-fire: hotshot, smoke-jumper, pilot), "
              "one role for every seat, or all (every team). Default: the kit's roles in turn.")
@click.option("--jobs", metavar="J", help=f"Processes to play in (default: this machine's cores, at most 8; "
              f"at most {MAX_JOBS}).")
@click.option("--cluster", metavar="ADDRESS", help="Play on a Dask cluster instead of --jobs local processes: "
              "a scheduler's address (tcp://host:8786) or its --scheduler-file; the same seed gives the same "
              "figures (needs pip install 'pnpkit[cluster]'; docs/simulate.md).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the report.")
@click.option("--out", metavar="DIR", help="Also draw plots into DIR, each as PNG and SVG: who wins (with its "
              "interval), the scores by seat, the games' length (needs matplotlib: pip install 'pnpkit[plots]').")
@click.option("--save", metavar="DIR", help=f"Write every game as a record into DIR, for `pnpkit check` and "
              f"`pnpkit replay` (at most {MAX_SAVED:,} games).")
@quiet_option
def simulate(game, players, games, seed, kinds, setup, roles, jobs, cluster, as_json, out, save, quiet) -> None:
    """Play GAME many times with seeded players and report how it plays: who wins (with a 95%
    interval), ties, scores and their spread by seat, how long games last, whether going first
    helps; for a cooperative game how often each setup is won and why games are lost.

    GAME is a game whose records are move logs (chestnuts, trim-the-tree, forest-fire,
    in-the-nuts, fair-verona, nuts; any other is refused with the list), or a kit file of one,
    to try other params.
    Every game is replayed by the rules, as `pnpkit check` replays a record. docs/simulate.md
    says what each player does and what the games showed.

    Exit code 0: done; 1: the replay found fault with a game (a bug: please report it); 2: an
    option or the kit cannot be used.
    """
    from pnpkit.generator.atomic import publish  # loaded by this command only (start-up, issue 15)
    from pnpkit.sim_report import Study, text, to_json
    if cluster is not None and jobs is not None:
        raise click.UsageError("--jobs is for this machine's processes, --cluster for a cluster's workers: give one")
    plan = _plan(game, players, games, seed, kinds, setup, roles, jobs)
    _check_outputs(plan, game, save, out)
    kit, module = plan.kit, plan.module
    specs, played, took = _play(plan, cluster, save is not None, quiet)
    study = Study(kit.game.id, kit.game.title, plan.seed, plan.games, plan.seats, specs[0].names,
                  plan.game.cooperative, module.LENGTH, [(su, p.tally) for su, p in zip(plan.setups, played)],
                  game if plan.kit_file else "", plan.game.first_player)
    if save is not None:
        pattern = re.compile(rf"^{re.escape(kit.game.id)}(-[a-z0-9-]+)?-\d{{6}}\.yaml$")
        publish(save, record_files(study, played), lambda rel: bool(pattern.match(rel)))
    if out is not None:
        from pnpkit.sim_plots import figures
        publish(out, figures(study), lambda rel: rel.startswith(f"{kit.game.id}-") and rel.endswith((".png", ".svg")))
    if as_json:
        click.echo(json.dumps(to_json(study), indent=2, ensure_ascii=False))
    else:
        click.echo(text(study), nl=False)
    said = f"{plan.total:,} games in {took:.1f} s " + (
        f"({plan.jobs} process{'es' if plan.jobs != 1 else ''})" if cluster is None else f"(on the cluster {cluster})")
    said += f"; records in {save}" if save is not None else ""
    said += f"; plots in {out}" if out is not None else ""
    click.echo(said, err=True)
    sys.exit(1 if study.total().faulty else 0)


def _check_outputs(plan: Plan, game: str, save: str | None, out: str | None) -> None:
    """--save and --out refused before a game is played: too many records, a kit file's records, no
    matplotlib, a folder that cannot be written."""
    from pnpkit.generator.atomic import check_out
    if save is not None:
        if plan.total > MAX_SAVED:
            raise refuse("--save", f"writes one file a game: at most {MAX_SAVED:,} games, and this run plays "
                                   f"{plan.total:,}")
        if plan.kit_file:
            raise refuse("--save", f"a record names only its game, so `pnpkit check` would judge it by the shipped "
                                   f"{plan.kit.game.id} kit, not by {game}: save with the shipped kit")
        check_out(save)
    if out is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise refuse("--out", "the plots are drawn with matplotlib, which is not installed: "
                                  "pip install 'pnpkit[plots]'") from None
        check_out(out)


def _play(plan: Plan, cluster: str | None, keep: bool, quiet: bool) -> tuple[list, list, float]:
    """Every game played, on this machine's processes or on a cluster: the specs, what each played
    and the seconds it took."""
    from pnpkit.scorer.sim.run import Spec, run
    kit = plan.kit
    specs = [Spec(kit.game.id, plan.seats, su, plan.games, plan.seed, kit if plan.kit_file else None)
             for su in plan.setups]
    progress = Progress(plan.total, f"{kit.game.id}: {plan.total:,} games", quiet)
    started = time.perf_counter()
    try:
        if cluster is None:
            played = run(specs, plan.jobs, keep=keep, progress=progress)
        else:
            from pnpkit.cluster import connected
            with connected(cluster) as (executor, threads):
                played = run(specs, threads, keep=keep, executor=executor, progress=progress)
    finally:
        progress.close()
    return specs, played, time.perf_counter() - started


def register(cli: click.Group) -> None:
    """Add this module's commands to the groups (pnpkit/cli.py loads it when one is asked for)."""
    cli.add_command(simulate)
