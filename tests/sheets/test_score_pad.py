"""A score pad that scores with no code (issue 39, point 3): a score sheet's `scoring:` makes a
designer's game scoreable. A record names its kit (`kit: moth-and-lamp.yaml`, from the record's
folder, read as untrusted input) and gives each player's boxes by their rows; `pnpkit score` adds
the rows up, flags a box out of range and a Total that does not add up, and ranks the players
(tie-breaks by row). The kit's fillable PDF adds the pad up as a viewer fills it in."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnpkit.cli import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "moth-and-lamp"
GAME = """\
kit: moth-and-lamp.yaml
players:
  - {name: Ann, sheet: {Round 1: 12, Round 2: 0, Round 3: 17, Round 4: 9, Total: 38}}
  - {name: Ben, sheet: {Round 1: 8, Round 2: 14, Round 3: 6, Round 4: 10, Total: 38}}
  - {name: Cat, sheet: {Round 1: 21, Round 2: 5, Round 3: 0, Round 4: 7}}
"""


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """A copy of the example game's folder, the working folder (records named as a person names them)."""
    shutil.copytree(EXAMPLE, tmp_path / "game")
    monkeypatch.chdir(tmp_path / "game")
    return tmp_path / "game"


def record(folder: Path, text: str = GAME, name: str = "played.yaml") -> str:
    (folder / name).write_text(text)
    return name


def scored(folder: Path, text: str = GAME) -> tuple[int, dict]:
    r = run("score", "--json", record(folder, text))
    assert r.exit_code in (0, 1), r.output
    return r.exit_code, json.loads(r.output)


def test_the_totals_come_from_the_rows_and_a_tie_is_settled_by_its_row(folder):
    code, out = scored(folder)
    assert code == 0 and out["game"] == "moth-and-lamp" and out["finished"]
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Ann", 38), ("Ben", 38), ("Cat", 33)]
    assert out["players"][0]["breakdown"] == [{"label": f"Round {n}", "points": p} for n, p in zip(range(1, 5), (12, 0, 17, 9))]
    assert out["ranking"] == [["Ben"], ["Ann"], ["Cat"]] and out["winners"] == ["Ben"]
    assert out["tiebreaks"][0]["decided_by"] == "the highest Round 4" and out["tiebreaks"][0]["tied_on"] == 38


def test_the_text_names_the_game_the_winner_and_the_ranking(folder):
    r = run("score", record(folder))
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Moth & Lamp: legal.")
    assert "Winner: Ben" in r.output and "  1.  Ben     38" in r.output


def test_a_total_that_does_not_add_up_and_a_box_out_of_range_are_flagged(folder):
    """The slip families make most, in the issue's words."""
    text = GAME.replace("Round 3: 17, Round 4: 9, Total: 38", "Round 3: 5, Round 4: 9, Total: 18").replace(
        "Round 1: 21", "Round 1: 41")
    code, out = scored(folder, text)
    assert code == 1 and not out["valid"]
    assert [(v["where"], v["message"]) for v in out["violations"]] == [
        ("Ann, sheet.Total", "the Total box says 18; the rounds add up to 26"),
        ("Cat, sheet.Round 1", "the Round 1 box says 41: a box holds 0 to 35"),
    ]
    assert out["violations"][1]["rule"] == "moth-and-lamp.yaml: components[2].scoring.range"
    assert out["violations"][1]["quote"] == "range: [0, 35]"
    assert [p["total"] for p in out["players"]] == [26, 38, 53]    # the rows, never the Total box


def test_lowest_wins_and_a_tie_breaks_on_the_lowest(folder):
    kit = (folder / "moth-and-lamp.yaml").read_text()
    (folder / "moth-and-lamp.yaml").write_text(kit.replace("wins: highest\n", "wins: lowest\n").replace(
        "{row: Round 4, wins: highest}", "{row: Round 1, wins: lowest}"))
    code, out = scored(folder)
    assert out["ranking"] == [["Cat"], ["Ben"], ["Ann"]] and out["winners"] == ["Cat"]
    assert out["tiebreaks"][0]["decided_by"] == "the lowest Round 1"


def test_a_blank_box_counts_nothing_and_fewer_players_than_the_game_is_a_violation(folder):
    code, out = scored(folder, "kit: moth-and-lamp.yaml\nplayers:\n  - {name: Ann, sheet: {Round 1: 4}}\n")
    assert out["players"][0]["total"] == 4
    assert code == 1 and out["violations"][0]["message"] == "1 played; the game is for 2-4 players"


def test_check_explains_each_sum(folder):
    r = run("check", "--explain", record(folder))
    assert "Ann: Round 1 12 + Round 2 0 + Round 3 17 + Round 4 9 = 38 (the Total box says 38)" in r.output


def test_standard_input_reads_the_kit_from_the_working_folder(folder):
    r = run("score", "-", "--json", input=GAME)
    assert r.exit_code == 0 and json.loads(r.output)["winners"] == ["Ben"], r.output


def test_many_records_each_find_their_kit_beside_them(folder):
    (folder / "games").mkdir()
    shutil.copy(folder / "moth-and-lamp.yaml", folder / "games")
    shutil.copy(folder / "moths.csv", folder / "games")
    for n in range(3):
        record(folder / "games", GAME, f"g{n}.yaml")
    r = run("score", "games")
    assert r.exit_code == 0 and r.output.count("winner Ben") == 3, r.output


def test_a_broken_kit_is_named_beside_the_record_as_the_user_named_the_record(folder):
    """Not by its absolute path: the same words whichever process reads it (a cluster's worker
    reads the user's records from the user's folder, and names them as the user did)."""
    (folder / "games").mkdir()
    (folder / "games" / "moth-and-lamp.yaml").write_text("game: {id: x, title: X, players: 2-4}\ncomponents: [\n")
    record(folder / "games", GAME, "g.yaml")
    r = run("score", "games")
    assert r.output.startswith("games/g.yaml: games/moth-and-lamp.yaml:3: not valid YAML"), r.output
    r = run("score", "-", input=GAME.replace("kit: ", "kit: games/"))
    assert r.exit_code == 2 and r.output.startswith("pnpkit: games/moth-and-lamp.yaml:3: not valid YAML"), r.output


# --- unreadable records: one line, the record's line, exit 2 ----------------------------------

@pytest.mark.parametrize("kit, says", [
    ("../moth-and-lamp.yaml", "may not climb out of the record's folder with '..'"),
    ("/etc/passwd.yaml", "must be a path relative to the record's folder"),
    ("nowhere.yaml", "no kit file 'nowhere.yaml' beside the record"),
    ("moths.csv", "expected a kit file (a .yaml file beside the record)"),
    ("link.yaml", "leads outside the record's folder (through a link)"),
])
def test_the_kit_is_read_from_the_records_folder_only(folder, tmp_path, kit, says):
    (tmp_path / "outside.yaml").write_text((folder / "moth-and-lamp.yaml").read_text())
    (folder / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    r = run("score", record(folder, GAME.replace("kit: moth-and-lamp.yaml", f"kit: {kit}")))
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert r.output.startswith("pnpkit: played.yaml:1: kit: ") and says in r.output, r.output


def test_a_row_the_pad_does_not_have_is_refused_with_the_nearest(folder):
    r = run("score", record(folder, GAME.replace("Round 4: 10", "Rund 4: 10")))
    assert r.exit_code == 2
    assert ("played.yaml:4: players[1].sheet.Rund 4: the pad has no row 'Rund 4' (did you mean 'Round 4'?) "
            "(rows: Round 1, Round 2, Round 3, Round 4, Total)") in r.output, r.output


def test_more_players_than_the_pad_has_columns_is_refused(folder):
    five = GAME + "".join(f"  - {{name: P{n}, sheet: {{Round 1: 1}}}}\n" for n in range(2))
    r = run("score", record(folder, five))
    assert r.exit_code == 2 and "5 players on a pad of 4 columns" in r.output


def test_two_players_of_one_name_are_refused_at_players(folder):
    # at `players`, at its first line, as the six games' records say it (it was said at line 1, unplaced)
    r = run("score", record(folder, GAME.replace("name: Cat", "name: Ann")))
    assert r.exit_code == 2
    assert "played.yaml:3: players: two players are called 'Ann': give each player a different name" in r.output, r.output


def test_a_kit_without_a_scoring_pad_is_named(folder):
    kit = (folder / "moth-and-lamp.yaml").read_text()
    start = kit.index("    scoring:")
    (folder / "moth-and-lamp.yaml").write_text(kit[:start] + kit[kit.index("  - kind: reference"):])
    r = run("score", record(folder))
    assert r.exit_code == 2 and "moth-and-lamp.yaml has no score sheet with `scoring:`" in r.output


@pytest.mark.parametrize("change, says", [
    (("total: Total", "total: Totl"), "scoring.total: no row 'Totl' (did you mean 'Total'?)"),
    (("{row: Round 4, wins: highest}", "{row: Round 9}"), "scoring.tiebreaks[0].row: no row 'Round 9'"),
    (("range: [0, 35]", "range: [35, 0]"), "range: expected [least, most] with least <= most"),
    (("rows: [Round 1, Round 2, Round 3, Round 4, Total]", "rows: 5"), "give the rows by their labels"),
    (("{label: Player 4}]", "]"), "the scoring pad has 3 columns, one a player, for a game of 2-4 players"),
])
def test_a_pad_that_cannot_score_is_refused_at_the_kit_files_line(folder, change, says):
    kit = folder / "moth-and-lamp.yaml"
    kit.write_text(kit.read_text().replace(*change))
    r = run("build", "moth-and-lamp.yaml", "--out", str(folder / "out"))
    assert r.exit_code == 2 and says in r.output and r.output.startswith("pnpkit: moth-and-lamp.yaml:"), r.output


# --- the fillable pad adds up ------------------------------------------------------------------

@pytest.fixture(scope="module")
def fillable(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pad")
    r = run("build", str(EXAMPLE / "moth-and-lamp.yaml"), "--paper", "a4", "--out", str(out))
    assert r.exit_code == 0, r.output
    return out / "moth-and-lamp" / "moth-and-lamp-a4-fillable.pdf"


def test_the_fillable_pad_has_a_name_and_a_box_a_row_for_each_player_and_a_calculated_total(fillable):
    fields = PdfReader(fillable).get_fields()
    leaves = {n for n in fields if not any(m.startswith(n + ".") for m in fields)}
    assert leaves == {f"p{s}.{b}" for s in range(1, 5) for b in ("name", "r1", "r2", "r3", "r4", "total")}
    root = PdfReader(fillable).trailer["/Root"]
    order = [ref.get_object() for ref in root["/AcroForm"]["/CO"]]
    assert [f["/Parent"]["/T"] + "." + f["/T"] for f in order] == [f"p{s}.total" for s in range(1, 5)]
    assert all(f["/Ff"] & 1 and '"p%s.r4"' % f["/Parent"]["/T"][1:] in f["/AA"]["/C"]["/JS"] for f in order)


def test_a_pdf_viewer_adds_the_pad_up_as_it_is_filled(browser, fillable, pdf_viewer, tmp_path):
    browser.visit(pdf_viewer(fillable), "document.querySelectorAll('.annotationLayer input').length > 20", 1000, 1400)
    browser.wait("window.sandboxReady === true")
    for name, text in {"p2.name": "Ben", "p2.r1": "8", "p2.r2": "14", "p2.r3": "6", "p2.r4": "10"}.items():
        _type(browser, name, text)
    browser.wait("document.querySelector('.annotationLayer input[name=\"p2.total\"]').value === '38'")
    assert _shown(browser, ["p2.total"]) == ["38"]
    (tmp_path / "pad-pdfjs.png").write_bytes(browser.page_png())


from test_fillable_calc import _shown, _type, pdf_viewer  # noqa: E402,F401  (the pdf.js viewer and its typing)


def test_drawing_the_pad_and_its_form_never_imports_the_scorer():
    """The pad's form lives in kitfile (which both read): the generator draws it, names its boxes
    and gives its Total the sum without loading pnpkit.scorer."""
    import subprocess
    import sys
    code = ("import sys\nfrom pnpkit.kitfile.model import load_kit\nfrom pnpkit.generator.components import pieces_for\n"
            f"ps = pieces_for(load_kit({str(EXAMPLE / 'moth-and-lamp.yaml')!r}))\n"
            "pad = next(p for p in ps if p.component == 'score-pad')\n"
            "assert pad.meta['sums']['p1.total'] == ('p1.r1', 'p1.r2', 'p1.r3', 'p1.r4'), pad.meta['sums']\n"
            "print(sorted(m for m in sys.modules if m.startswith('pnpkit.scorer')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
