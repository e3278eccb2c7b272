"""`pnpkit simulate` (issue 16): seeded figures that do not move, whatever --jobs; every saved game a
record that checks clean; a cooperative setup that cannot be lost shown as such; every bad option one
line and exit 2; plots as PNG and SVG; players that mean something."""
from __future__ import annotations

import io
import json
import random
import re
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpkit.kitfile import load_kit
from pnpkit.cli import cli
from pnpkit.sim_report import Study, first_player
from pnpkit.scorer import api
from pnpkit.scorer.sim import match as matches
from pnpkit.scorer.sim.match import Setup
from pnpkit.scorer.sim.run import Spec, play, run
from pnpkit.scorer.sim.stats import Tally, wilson


def simulate(*args):
    return CliRunner().invoke(cli, ["simulate", *map(str, args)])


def figures(*args) -> dict:
    r = simulate(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


# ---------------------------------------------------------------- the same seed, the same figures

def test_the_same_seed_gives_the_same_figures_whatever_jobs_and_another_seed_others():
    one = figures("chestnuts", "--games", 120, "--seed", 7, "--jobs", 1)
    two = figures("chestnuts", "--games", 120, "--seed", 7, "--jobs", 2)
    assert one == two
    assert one["game"] == "chestnuts" and one["games"] == 120 and one["seed"] == 7
    assert [s["player"] for s in one["seats"]] == ["random", "random"]
    seat = one["seats"][0]
    assert {"wins", "win_rate", "win_interval", "score_mean", "score_sd"} <= set(seat)
    assert sum(s["wins"] for s in one["seats"]) + one["draws"]["games"] == 120
    assert seat["win_interval"][0] <= seat["win_rate"] <= seat["win_interval"][1]
    assert one["replay"] == {"checked": 120, "faulty": 0, "faults": []}
    assert figures("chestnuts", "--games", 120, "--seed", 8, "--jobs", 1) != one


def test_a_game_is_the_same_whichever_batch_plays_it():
    """Game i depends on the seed and i only: three batch sizes, the same tally."""
    kit = load_kit("trim-the-tree", components=False)
    module = matches.module("trim-the-tree")
    spec = Spec("trim-the-tree", ("greedy", "random", "random"), Setup(), 30, 3)
    alone = play(spec, 17, kit, module).record()
    assert play(spec, 17, kit, module).record() == alone
    tallies = [run([spec], jobs=j)[0].tally for j in (1, 2, 5)]
    assert tallies[0] == tallies[1] == tallies[2]
    with ThreadPoolExecutor(2) as elsewhere:     # any concurrent.futures executor takes the batches (a cluster's too)
        assert run([spec], jobs=4, executor=elsewhere)[0].tally == tallies[0]


# ---------------------------------------------------------------- records

@pytest.mark.parametrize("game, extra", [("chestnuts", []), ("trim-the-tree", ["--players", 3]),
                                         ("forest-fire", ["--setup", "Hard", "--roles", "hotshot"]), ("in-the-nuts", ["--players", 2])])
def test_every_saved_game_is_a_record_that_checks_clean(tmp_path, game, extra):
    r = simulate(game, "--games", 6, "--player", "greedy,random" if game == "chestnuts" else "random",
                 "--save", tmp_path / "games", "--jobs", 2, *extra)
    assert r.exit_code == 0, r.output
    files = sorted((tmp_path / "games").iterdir())
    assert len(files) == 6 and all(re.fullmatch(rf"{game}(-hard)?-00000\d\.yaml", f.name) for f in files)
    assert files[0].read_text().startswith(f"# pnpkit simulate {game} --seed 1")
    for f in files:
        result = api.score_file(f)
        assert result.valid and result.finished, (f.name, result.violations)
    checked = CliRunner().invoke(cli, ["check", str(files[0])])
    assert checked.exit_code == 0 and "legal" in checked.output


def test_a_saved_game_replays_as_a_page_and_a_second_save_replaces_the_first(tmp_path):
    simulate("chestnuts", "--games", 3, "--save", tmp_path, "--jobs", 1)
    (tmp_path / "notes.txt").write_text("mine")
    simulate("chestnuts", "--games", 2, "--seed", 5, "--save", tmp_path, "--jobs", 1)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["chestnuts-000001.yaml", "chestnuts-000002.yaml", "notes.txt"]
    page = CliRunner().invoke(cli, ["replay", str(tmp_path / "chestnuts-000001.yaml"), "--out", str(tmp_path / "page")])
    assert page.exit_code == 0, page.output
    assert (tmp_path / "page" / "chestnuts-000001-replay.html").stat().st_size > 10_000


# ---------------------------------------------------------------- cooperative setups

def test_a_setup_that_cannot_be_lost_says_so(tmp_path):
    """A forest with no fire to begin with (setup_rounds 0) is won at the first action: never lost,
    and the report says how sure that is rather than claiming 0% for certain."""
    text = (load_kit("forest-fire").path and open(load_kit("forest-fire").path).read())
    variant = tmp_path / "forest-fire.yaml"
    variant.write_text(text.replace("setup_rounds: 2", "setup_rounds: 0"))
    out = figures(variant, "--games", 200, "--setup", "Hard", "--jobs", 1)
    hard = out["setups"][0]
    assert hard["setup"] == {"name": "Hard", "firebreaks": 0, "roles": ["hotshot", "smoke-jumper", "pilot", "hotshot"]}
    assert hard["won"]["games"] == 200 and hard["lost"]["games"] == 0 and hard["lost"]["rate"] == 0
    assert hard["lost"]["interval"] == [0, pytest.approx(0.01884, abs=1e-4)]
    assert hard["length"]["rounds"]["max"] == 1
    report = simulate(variant, "--games", 200, "--setup", "Hard", "--jobs", 1).stdout
    assert "not one of 200 games was lost (95% sure the chance is below 1.9%)" in report
    assert "No game was lost or left unfinished." in report
    assert "--save" in simulate(variant, "--games", 2, "--save", tmp_path / "s").output  # judged by another kit


def test_forest_fire_setups_and_teams_come_from_the_kit():
    out = figures("forest-fire", "--players", 3, "--roles", "hotshot", "--games", 5, "--jobs", 1)
    assert [s["setup"]["name"] for s in out["setups"]] == ["Easy", "Normal", "Hard"]
    assert [s["setup"]["firebreaks"] for s in out["setups"]] == [3, 1, 0]
    assert all(s["setup"]["roles"] == ["hotshot"] * 3 for s in out["setups"])
    assert out["seats"][0]["role"] == "hotshot" and out["games"] == 15
    teams = figures("forest-fire", "--players", 2, "--roles", "all", "--setup", "normal", "--games", 2, "--jobs", 1)
    assert len(teams["setups"]) == 6    # every team of two from three roles
    lost = teams["outcome"]["lost"]["games"]
    assert lost == sum(teams["outcome"]["reasons"].get(r, 0) for r in
                       ("every player went out", "every square burning", "the forest burned down during the setup"))


# ---------------------------------------------------------------- refusals: one line, exit 2

@pytest.mark.parametrize("args, says", [
    (["chestnuts", "--games", 0], "--games: expected a whole number from 1 to 1,000,000, got '0'"),
    (["chestnuts", "--games", "2000001"], "--games: expected a whole number from 1 to 1,000,000"),
    (["chestnuts", "--games", "ten"], "--games: expected a whole number"),
    (["chestnuts", "--players", 3], "--players: expected a whole number from 2 to 2"),
    (["chestnuts", "--seed", "-1"], "--seed: expected a whole number from 0"),
    (["chestnuts", "--jobs", 0], "--jobs: expected a whole number from 1 to 64"),
    (["chestnuts", "--player", "genius"], "--player: unknown player 'genius': the players are random, greedy, search"),
    (["chestnuts", "--player", "greedy,random,random"], "--player: 3 players given for 2 seats"),
    (["chestnuts", "--setup", "Easy"], "--setup: chestnuts has one setup only"),
    (["chestnuts", "--roles", "pilot"], "--roles: chestnuts has no roles"),
    (["forest-fire", "--setup", "Nightmare"], "--setup: no setup 'Nightmare' in the forest-fire kit (setups: Easy, Normal, Hard, or all)"),
    (["forest-fire", "--roles", "wizard"], "--roles: no role 'wizard' in the forest-fire kit"),
    (["forest-fire", "--roles", "all", "--games", 30000], "--games: 30,000 games for each of 45 setups is 1,350,000"),
    (["chestnuts", "--games", 20000, "--save", "x"], "--save: writes one file a game: at most 10,000 games"),
    (["chess"], "chess: pnpkit cannot simulate this game: it plays chestnuts, forest-fire, fair-verona, in-the-nuts, "
                 "trim-the-tree, nuts"),
    (["chestnuts", "--gmaes", 5], "simulate: No such option '--gmaes'. (Did you mean one of: '--games'"),
])
def test_a_bad_option_is_one_line_and_exit_2(args, says):
    r = simulate(*args)
    assert r.exit_code == 2, r.output
    assert r.output.count("\n") == 1 and r.output.startswith("pnpkit: ") and says in r.output, r.output


def test_without_matplotlib_out_is_refused_before_playing(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    r = simulate("chestnuts", "--games", 5, "--out", tmp_path / "plots")
    assert r.exit_code == 2 and "pip install 'pnpkit[plots]'" in r.output and not (tmp_path / "plots").exists()
    assert simulate("chestnuts", "--games", 5, "--jobs", 1).exit_code == 0    # the report needs no matplotlib


# ---------------------------------------------------------------- plots

def test_out_draws_each_plot_as_png_and_svg(tmp_path):
    r = simulate("trim-the-tree", "--games", 40, "--players", 3, "--out", tmp_path, "--jobs", 1)
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"trim-the-tree-{n}.{e}" for n in ("length", "scores", "wins") for e in ("png", "svg")]
    png = Image.open(io.BytesIO((tmp_path / "trim-the-tree-wins.png").read_bytes()))
    assert png.size == (700, 400)
    colours = png.convert("RGB").getcolors(100_000)
    assert len(colours) > 20      # bars, error bars and words, not a blank page
    svg = (tmp_path / "trim-the-tree-scores.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    first = (tmp_path / "trim-the-tree-wins.svg").read_bytes()
    simulate("trim-the-tree", "--games", 40, "--players", 3, "--out", tmp_path, "--jobs", 2)
    assert (tmp_path / "trim-the-tree-wins.svg").read_bytes() == first      # same figures, same bytes


# ---------------------------------------------------------------- players and figures

def test_greedy_and_search_beat_random_at_chestnuts():
    kit = None
    greedy = run([Spec("chestnuts", ("greedy", "random"), Setup(), 150, 2, kit)])[0].tally
    lo, _ = wilson(greedy.wins[0], greedy.games)
    _, hi = wilson(greedy.wins[1], greedy.games)
    assert lo > hi
    search = run([Spec("chestnuts", ("random", "search"), Setup(), 40, 2, kit)])[0].tally
    assert search.wins[1] > 3 * search.wins[0] and search.faulty == 0


def test_greedy_in_the_nuts_pushes_its_luck_only_while_the_odds_favour_it():
    t = run([Spec("in-the-nuts", ("greedy", "random"), Setup(), 20, 4)])[0].tally
    assert t.wins[0] >= 16 and t.faulty == 0


def test_the_wilson_interval():
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(5, 10) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def _study(wins, draws=0):
    t = Tally(2)
    t.games, t.finished, t.wins, t.draws = sum(wins) + draws, sum(wins) + draws, list(wins), draws
    return Study("chestnuts", "Chestnuts", 1, t.games, ("random", "random"), ("Ann", "Ben"), False,
                 ("turns", "actions"), [(Setup(), t)])


def test_going_first_is_said_in_words_a_family_understands():
    fair = _study([5020, 4980])
    assert first_player(fair, fair.total())["says"].startswith("No clear advantage in going first")
    ahead = _study([5800, 4200], draws=100)
    says = first_player(ahead, ahead.total())["says"]
    assert says.startswith("Going first helps: the first player wins about 58 games in 100")
    assert "about 8 more in every 100 games" in says and "Over 12 games" in says and "100 of 10,100" in says


def test_the_first_seat_is_called_as_its_rulebook_calls_it_and_a_cooperative_game_has_no_first_player():
    """The descriptor says so (scorer/game.py: first_player, cooperative), not a game's name."""
    trim = figures("trim-the-tree", "--games", 30, "--seed", 2, "--jobs", 1)
    assert "the starting player" in trim["first_player"]["says"]
    assert "the first player" in figures("chestnuts", "--games", 30, "--seed", 2, "--jobs", 1)["first_player"]["says"]
    fire = figures("forest-fire", "--games", 10, "--seed", 2, "--jobs", 1)
    assert "first_player" not in fire and "outcome" in fire


# ---------------------------------------------------------------- the speed-ups change no list

def test_chestnuts_candidates_cut_changes_no_legal_list():
    from pnpkit.scorer.games.chestnuts.moves import candidates, legal_moves, why_illegal
    kit = load_kit("chestnuts", components=False)
    module = matches.module("chestnuts")
    rng = random.Random(3)
    m = module.new(kit, ["Ann", "Ben"], Setup(), random.Random(4))
    seen = 0
    while m.to_move() is not None:
        s = m.s
        full = [mv for mv in candidates(s, cut=False) if why_illegal(s, mv) is None]
        assert legal_moves(s) == full
        seen += 1
        m.play(rng.choice(m.legal()))
    assert seen > 20


def test_forest_fire_pilots_refill_turn_cut_changes_no_legal_list():
    from pnpkit.scorer.game import END_TURN
    from pnpkit.scorer.games.forest_fire.moves import REFILL, drops, legal_moves, why_illegal
    from pnpkit.scorer.games.forest_fire.state import Move
    kit = load_kit("forest-fire", components=False)
    module = matches.module("forest-fire")
    setup = module.setups(kit, 2, "Hard", ["pilot"])[0]
    m = module.new(kit, ["Ann", "Ben"], setup, random.Random(5))
    rng, seen = random.Random(6), 0
    while m.to_move() is not None and seen < 40:
        st, i = m.st, m.acting
        full = [Move(i, a) for a in [REFILL, *drops(st.n, 3), END_TURN] if why_illegal(st, Move(i, a)) is None]
        assert legal_moves(st) == full
        seen += 1
        m.play(m.sample(rng))
    assert seen == 40


def test_a_progress_bar_shows_on_a_terminal_once_a_run_has_taken_a_second(monkeypatch):
    from pnpkit.cmd_simulate import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    bar = Progress(100, "chestnuts: 100 games")
    bar(10)
    assert screen.getvalue() == ""          # under a second: nothing
    bar.start -= 1.5
    bar(30)
    bar.close()
    assert "chestnuts: 100 games" in screen.getvalue() and "40%" in screen.getvalue()
    quiet = io.StringIO()                   # not a terminal (a script, a log): no bar at all
    monkeypatch.setattr(sys, "stderr", quiet)
    later = Progress(100, "x")
    later.start -= 5
    later(50)
    later.close()
    assert quiet.getvalue() == ""
