"""`pnpkit score SHEET.pdf`: the fillable score sheets, filled in (as a tablet would, here by pypdf),
read back as the record the YAML would be and scored the same; the sheets that cannot be read
refused with one message naming the page and the field."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter

from pnpkit.cli import cli

NUTS = {"p1.name": "Ann", "p1.salt.1": "x", "p1.salt.2": "x", "p1.salt.3": "x", "p1.goals.salty-mama": "x",
        "p1.bonus.B05": "x", "p1.bonus.B11": "x", "p1.bonus.B16": "x",
        "p2.name": "Ben", "p2.salt.1": "x", "p2.squirrel.1": "x", "p2.squirrel.2": "x", "p2.squirrel.3": "x",
        "p2.goals.squirrel-buddy": "x", "p2.bonus.B19": "x",
        "p3.name": "Cat", "p3.bonus.B09": "x"}
ROWS = ["1", "3", "6", "10", "15", "21"]
TOKENS = {"p1": {"almond": 4, "cashew": 3, "peanut": 2, "pistachio": 2},
          "p2": {"almond": 2, "cashew": 2, "peanut": 2, "pistachio": 3},
          "p3": {"almond": 1, "cashew": 1, "peanut": 1, "pistachio": 1}}
NUTS |= {f"{p}.{kind}.{row}": "x" for p, kinds in TOKENS.items() for kind, n in kinds.items() for row in ROWS[:n]}
NUTS_YAML = """\
game: nuts
players:
  - {name: Ann, sheet: {almond: 4, cashew: 3, peanut: 2, pistachio: 2}, salt: 3, goals: [salty-mama], bonus: [B05, B11, B16]}
  - {name: Ben, sheet: {almond: 2, cashew: 2, peanut: 2, pistachio: 3}, salt: 1, squirrel: 3, goals: [squirrel-buddy], bonus: [B19]}
  - {name: Cat, sheet: {almond: 1, cashew: 1, peanut: 1, pistachio: 1}, bonus: [B09]}
"""
IN_THE_NUTS = {"p1.name": "Uwe", "p1.card2.nut": "walnut", "p1.card2.nuts": "2",
               "p1.card3.nut": "A", "p1.card3.nuts": "2", "p1.card3.jokers": "AH",
               "p1.card3b.nut": "beechnut", "p1.card3b.nuts": "2", "p1.card4.nut": "hazelnut", "p1.card4.nuts": "4",
               "p1.card5.nut": "w", "p1.card5.nuts": "1", "p1.points.total": "33",
               "p2.name": "Anna", "p2.card2.nut": "B", "p2.card2.nuts": "1", "p2.card2b.nut": "hazelnut",
               "p2.card2b.nuts": "1", "p2.card6.nut": "acorn", "p2.card6.nuts": "5", "p2.card6.jokers": "walnut/acorn"}
IN_THE_NUTS_YAML = """\
game: in-the-nuts
players:
  - name: Uwe
    stores:
      - {card: 2, nut: walnut, nuts: 2}
      - {card: 3, nut: acorn, nuts: 2, jokers: [acorn/hazelnut]}
      - {card: 3b, nut: beechnut, nuts: 2}
      - {card: 4, nut: hazelnut, nuts: 4}
      - {card: 5, nut: walnut, nuts: 1}
  - name: Anna
    stores:
      - {card: 2, nut: beechnut, nuts: 1}
      - {card: 2b, nut: hazelnut, nuts: 1}
      - {card: 6, nut: acorn, nuts: 5, jokers: [walnut/acorn]}
"""


@pytest.fixture(scope="module")
def sheets(kit_build):
    """game -> its blank fillable PDF, as `pnpkit build` writes it."""
    return {game: kit_build(game).out / game / f"{game}-a4-fillable.pdf" for game in ("nuts", "in-the-nuts", "chestnuts")}


def fill(blank: Path, values: dict[str, str], out: Path) -> Path:
    """The sheet filled in, as a PDF viewer saves it (the field values written, the rest kept)."""
    writer = PdfWriter(clone_from=PdfReader(blank))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    writer.write(out)
    return out


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("game, values, record", [("nuts", NUTS, NUTS_YAML), ("in-the-nuts", IN_THE_NUTS, IN_THE_NUTS_YAML)])
def test_a_filled_sheet_scores_as_its_record_does(reading_in_process, sheets, tmp_path, game, values, record):
    pdf = fill(sheets[game], values, tmp_path / f"{game}-filled.pdf")
    yaml_file = tmp_path / f"{game}.yaml"
    yaml_file.write_text(record)
    for command in (["score", "--json"], ["check", "--json"], ["score"]):
        from_pdf, from_yaml = run(*command, str(pdf)), run(*command, str(yaml_file))
        assert from_pdf.exit_code == from_yaml.exit_code == 0, from_pdf.output
        assert from_pdf.output == from_yaml.output
    result = json.loads(run("score", "--json", str(pdf)).output)
    assert [p["name"] for p in result["players"]] == re.findall(r"name: (\w+)", record)
    assert result["winners"] == [re.findall(r"name: (\w+)", record)[0]]


def test_the_nuts_file_has_a_sheet_per_player_named_for_what_its_boxes_hold(sheets):
    reader = PdfReader(sheets["nuts"])
    assert len(reader.pages) == 6                       # NUTS: 2-6 players
    names = set(reader.get_fields())
    for p in range(1, 7):
        assert {f"p{p}.name", f"p{p}.salt", f"p{p}.squirrel", f"p{p}.goals", f"p{p}.bonus", f"p{p}.points.total"} <= names
        assert {f"p{p}.{kind}.{row}" for kind in TOKENS["p1"] for row in ROWS} <= names
    pad = set(PdfReader(sheets["in-the-nuts"]).get_fields())
    assert {f"p{p}.card{c}.{what}" for p in range(1, 5) for c in ("2", "2b", "3", "3b", "4", "4b", "5", "6")
            for what in ("nut", "nuts", "jokers", "points")} <= pad


def test_violations_on_a_filled_sheet_are_those_of_its_record(reading_in_process, sheets, tmp_path):
    pdf = fill(sheets["nuts"], NUTS | {"p3.goals.salty-mama": "x"}, tmp_path / "bad.pdf")
    r = run("check", str(pdf))
    assert r.exit_code == 1
    assert "Cat's first goal card, Salty Mama: Salty Mama needs 3" in r.output     # not the record's `Cat, goals[0]`
    assert "goals[" not in r.output


@pytest.mark.parametrize("game, change, where", [     # each box told as the players say it (issue 36)
    ("nuts", {k: "" for k in NUTS}, "page 1, player 1's name: the sheet is blank"),
    ("nuts", {"p2.name": ""}, "page 2, player 2's name: write the player's name"),
    ("nuts", {"p3.bonus.B09": ""}, "page 3, Cat's bonus cards: tick the bonus cards Cat held"),
    ("nuts", {"p1.almond.6": ""}, "page 1, Ann's almond column, box 4: is ticked below the empty box 3"),
    ("in-the-nuts", {"p1.card3.nut": "peanut"}, "page 1, Uwe's storage card 3, its kind of nut: expected a kind of nut"),
    ("in-the-nuts", {"p2.card6.nut": ""}, "page 1, Anna's storage card 6, its kind of nut: write the kind of nut on card 6"),
    ("in-the-nuts", {"p1.card3.jokers": "AX"}, "page 1, Uwe's storage card 3, its jokers: expected each joker as the two kinds"),
    ("in-the-nuts", {"p1.name": ""}, "page 1, player 1's name: write the player's name"),
])
def test_a_blank_or_half_filled_sheet_names_the_page_and_the_field(reading_in_process, sheets, tmp_path, game, change, where):
    values = NUTS if game == "nuts" else IN_THE_NUTS
    pdf = fill(sheets[game], values | change, tmp_path / "half.pdf")
    for command in ("score", "check"):
        r = run(command, str(pdf))
        assert r.exit_code == 2 and where in r.output and "Traceback" not in r.output, r.output
        assert len(r.output.strip().splitlines()) == 1


def test_a_pdf_that_is_not_a_filled_score_sheet_says_so(sheets, kit_build, tmp_path):
    kit_pdf = kit_build("nuts").out / "nuts" / "nuts-a4.pdf"
    r = run("score", str(kit_pdf))
    assert r.exit_code == 2 and "has no form fields" in r.output
    r = run("score", str(sheets["chestnuts"]))
    assert r.exit_code == 2 and "the chestnuts kit's fillable score pad: it keeps totals" in r.output
    for name, raw in {"cut.pdf": sheets["nuts"].read_bytes()[:5000], "junk.pdf": b"%PDF-1.7\n" + b"\x00" * 999,
                      "cycle.pdf": _cyclic_pdf(), "huge.pdf": b"%PDF-1.7\n" + b" " * 4_000_001}.items():
        (tmp_path / name).write_bytes(raw)
        r = run("score", str(tmp_path / name))
        assert r.exit_code == 2 and "Traceback" not in r.output, (name, r.output)
        assert re.search(r"cannot be read|no form fields|larger than 4 MB", r.output), (name, r.output)
    deep = ["<< /Type /Catalog /AcroForm << /Fields [2 0 R] >> >>"]
    deep += [f"<< /T (a) /Kids [{i + 1} 0 R] >>" for i in range(2, 3000)] + ["<< /T (salt) /V (3) >>"]
    (tmp_path / "deep.pdf").write_bytes(_pdf(deep))
    r = run("score", str(tmp_path / "deep.pdf"))
    assert r.exit_code == 2 and "a PDF pnpkit will not read: its form has more than 5,000 fields, or nests them more than 16 deep" in r.output


def _cyclic_pdf() -> bytes:
    """A form whose field is its own kid, and a page tree that is its own kid: endless if followed."""
    return _pdf(["<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [3 0 R] >> >>",
                 "<< /Type /Pages /Kids [2 0 R] /Count 1 >>",
                 "<< /T (p1) /Kids [3 0 R 4 0 R] >>",
                 "<< /T (salt) /Parent 3 0 R /Kids [3 0 R] /V (3) >>"])


def _pdf(objects: list[str]) -> bytes:
    """A PDF of these objects (numbered from 1, the first the catalog), with its cross-reference table."""
    out, offsets = b"%PDF-1.7\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    return out + f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()


def test_a_folder_of_filled_sheets_is_scored_a_line_each(sheets, tmp_path):
    fill(sheets["nuts"], NUTS, tmp_path / "a-nuts.pdf")
    fill(sheets["in-the-nuts"], IN_THE_NUTS, tmp_path / "b-in-the-nuts.pdf")
    (tmp_path / "c.yaml").write_text(NUTS_YAML)
    r = run("score", str(tmp_path))
    lines = r.output.strip().splitlines()
    assert r.exit_code == 0 and len(lines) == 4, r.output
    assert "a-nuts.pdf" in lines[0] and "Ann" in lines[0] and "Uwe" in lines[1]


def test_the_history_imports_a_filled_sheet(reading_in_process, sheets, tmp_path):
    from starlette.testclient import TestClient

    from pnpkit.serve.app import Settings, create_app
    pdf = fill(sheets["in-the-nuts"], IN_THE_NUTS, tmp_path / "pad.pdf")
    with TestClient(create_app(Settings(tmp_path / "data"))) as c:
        token = re.search(r'name="token" value="([^"]+)"', c.get("/history").text)[1]
        r = c.post("/import", data={"token": token}, files={"record": ("pad.pdf", pdf.read_bytes(), "application/pdf")},
                   follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/play/")
        page = c.get(r.headers["location"]).text
        assert "Uwe" in page and "Anna" in page and "33" in page
        blank = c.post("/import", data={"token": token}, files={"record": ("blank.pdf", sheets["nuts"].read_bytes())})
        assert "page 1, player 1" in blank.text, blank.text[blank.text.find("page 1"):][:200]


@pytest.mark.parametrize("seat, length, says", [
    (1, 100_000, "page 1, player 1's name: 100,000 characters, more than any box of a score sheet holds (2,000)"),
    (1, 100, "page 1, player 1's name: at most 60 characters, got 100"),
    (2, 61, "page 2, player 2's name: at most 60 characters, got 61"),
])
def test_a_long_name_on_a_sheet_is_told_at_its_page_and_box_with_its_real_length(reading_in_process, sheets, tmp_path, seat, length, says):
    pdf = fill(sheets["nuts"], NUTS | {f"p{seat}.name": "A" * length}, tmp_path / "name_long.pdf")
    r = run("score", str(pdf))
    assert r.exit_code == 2 and r.output.strip() == f"pnpkit: {pdf}: {says}", r.output   # no line of a YAML never written


def _yaml_text(text: str) -> str:
    return json.dumps(text)          # JSON's string is YAML's double-quoted one, escapes and all


@pytest.mark.parametrize("name", ["A" * 61, "Ann\x1b[31mRED\x07", "Ann\u200b", "\u202eAnn"])
def test_a_name_read_from_a_sheet_is_checked_as_a_records_name(reading_in_process, tmp_path, monkeypatch, name):
    """A filled sheet's names go through every check a record file's names do (the same reading of
    the same record): the same verdict, the same words, told at the box instead of the line. (Run
    from the records' folder: a problem's line is cut at 240 characters, a long path included.)"""
    monkeypatch.chdir(tmp_path)
    fields = {"p1.name": name, "p1.salt": "3", "p1.bonus": "B05", "p2.name": "Ben", "p2.bonus": "B01"}
    objects = ["<< /Type /Catalog /AcroForm << /Fields [%s] >> >>" % " ".join(f"{i} 0 R" for i in range(2, 7))]
    objects += [f"<< /T ({k}) /V <FEFF{v.encode('utf-16-be').hex()}> >>" for k, v in fields.items()]
    (tmp_path / "sheet.pdf").write_bytes(_pdf(objects))
    (tmp_path / "sheet.yaml").write_text(f"game: nuts\nplayers:\n  - {{name: {_yaml_text(name)}, sheet: {{almond: 0}}, salt: 3, bonus: [B05]}}\n"
                                         "  - {name: Ben, sheet: {almond: 0}, bonus: [B01]}\n")
    from_pdf, from_yaml = run("check", "--json", "sheet.pdf"), run("check", "--json", "sheet.yaml")
    assert from_pdf.exit_code == from_yaml.exit_code, (from_pdf.output, from_yaml.output)
    if from_yaml.exit_code == 2:
        said = from_yaml.output.strip().split(": ", 3)[-1]     # after `pnpkit: FILE:LINE: players[0].name: `
        assert from_pdf.output.strip().endswith(said) and re.search(r"sheet\.pdf: (page \d+, )?player 1's name: ", from_pdf.output)
    else:
        assert [p["name"] for p in json.loads(from_pdf.output)["players"]] == [name, "Ben"]


def test_a_problem_told_by_its_line_only_is_told_at_its_box(sheets, tmp_path, monkeypatch):
    """A check that knows only the line of the YAML it read (as a check of a text's characters in
    the YAML reader would) is still told at the sheet's box, never at that line."""
    from pnpkit.kitfile.errors import Problem, SourceError
    from pnpkit.scorer import api
    from pnpkit.scorer.pdfform import record_text

    def by_line(source, heads=None):
        raise SourceError(source.file, [Problem(source.line_of(("players", 1, "name")), "", "a character not shown")])
    monkeypatch.setattr(api, "read_record", by_line)
    raw = fill(sheets["nuts"], NUTS, tmp_path / "sheet.pdf").read_bytes()
    with pytest.raises(SourceError) as refusal:
        record_text(raw, "sheet.pdf")
    assert str(refusal.value) == "sheet.pdf: page 2, player 2's name: a character not shown"
