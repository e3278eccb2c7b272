"""What a terminal gets from a stranger's record (issue 34, findings 7 and 10): no character it
would obey (ESC begins a command: a colour, the window's title, the cursor moved over lines
already printed; BEL rings; NUL; a right-to-left override turns the line around), whether the
record wrote it as an escape in YAML, in a file name, or in a filled PDF's box; and names that
look alike are one name.

Each command runs on a pseudo-terminal, as a person runs it: click keeps colour codes for a
terminal and takes them out for a pipe, so a pipe would hide what a person sees."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from test_score_sheet_pdf import NUTS, fill

# what a terminal obeys: C0 controls but tab and line breaks (it turns \n into \r\n), DEL, C1, bidi controls
OBEYED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
ESCAPED_NAME = """game: nuts
players:
  - name: "Ann\\e[31mRED\\a"
    sheet: {almond: 3, cashew: 2}
    bonus: [B01]
  - name: Ben
    sheet: {almond: 1}
    bonus: [B02]
"""
NUL_AND_BEL = ESCAPED_NAME.replace("\\e[31mRED\\a", "\\0X\\a")


def on_a_terminal(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    """`pnpkit ARGS` with its output on a terminal: (exit code, what the terminal received)."""
    leader, follower = os.openpty()
    p = subprocess.Popen([sys.executable, "-m", "pnpkit", *args], stdin=subprocess.DEVNULL, stdout=follower,
                         stderr=follower, cwd=cwd)
    os.close(follower)
    got = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the process has closed the terminal
            break
        if not chunk:
            break
        got += chunk
    os.close(leader)
    return p.wait(timeout=120), got.decode("utf-8", "replace")


def obeyed(text: str) -> list[str]:
    return OBEYED.findall(text)


@pytest.fixture
def records(tmp_path):
    (tmp_path / "escaped.yaml").write_text(ESCAPED_NAME)
    (tmp_path / "nul.yaml").write_text(NUL_AND_BEL)
    (tmp_path / "fine.yaml").write_text(ESCAPED_NAME.replace("\\e[31mRED\\a", ""))
    return tmp_path


@pytest.mark.parametrize("command", [["score", "escaped.yaml"], ["score", "nul.yaml"], ["check", "escaped.yaml"],
                                     ["score", "escaped.yaml", "nul.yaml", "fine.yaml"], ["score", "."]],
                         ids=["score", "score-nul-bel", "check", "score-many", "score-folder"])
def test_a_name_written_with_escapes_is_refused_at_its_line(records, command):
    """`"Ann\\e[31mRED\\a"` passed the rule on the file's bytes (it has none) and reached the
    terminal raw: red from there on, and a bell."""
    code, shown = on_a_terminal(*command, cwd=records)
    assert obeyed(shown) == [], shown
    assert code == 2, shown
    assert re.search(r"(escaped|nul)\.yaml:3: players\[0\]\.name: the text holds the character U\+00(1B|00), "
                     r"written as an escape", shown), shown


def test_a_file_name_in_a_folder_is_shown_escaped(records):
    """A folder someone sent may hold a file named with ESC in it: `score FOLDER` prints each
    file's name."""
    (records / "a\x1b]0;pwned\x07.yaml").write_text(ESCAPED_NAME.replace("\\e[31mRED\\a", ""))
    code, shown = on_a_terminal("score", ".", cwd=records)
    assert obeyed(shown) == [], shown
    assert "./a\\u001b]0;pwned\\u0007.yaml: legal;" in shown


@pytest.fixture(scope="module")
def nuts_sheet(kit_build):
    return kit_build("nuts").out / "nuts" / "nuts-a4-fillable.pdf"


def typed(blank: Path, values: dict[str, str], box: str, value: str, out: Path) -> Path:
    """The sheet filled in, `box` holding `value` as a script would write it into the field (pypdf
    cannot draw a control character in a box's appearance, and needs not: a field's value is text)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, TextStringObject
    fill(blank, {**values, box: "PLACEHOLDER"}, out)
    writer = PdfWriter(clone_from=PdfReader(out))
    for page in writer.pages:
        for widget in page.get("/Annots", []):
            widget = widget.get_object()
            for node in (widget, widget.get("/Parent")):
                node = node.get_object() if node is not None else None
                if isinstance(node, DictionaryObject) and node.get("/V") == "PLACEHOLDER":
                    node[NameObject("/V")] = TextStringObject(value)
    writer.write(out)
    assert "PLACEHOLDER" not in str(PdfReader(out).get_fields())
    return out


@pytest.mark.parametrize("box, value", [("p1.name", "Ann\x1b[31mRED\x07"), ("p2.name", "Ben\u202elive"),
                                        ("p1.salt.3", "x\x1b[2J"), ("p1.points.total", "4\x1b[2J0")], ids=["name", "name-rlo", "tick-box", "total"])
def test_a_value_typed_into_a_pdf_box_reaches_no_terminal(nuts_sheet, tmp_path, box, value):
    """A filled score sheet's boxes hold whatever the person (or a script) typed: read as the
    record the YAML would be, a name is refused as the YAML's is, and nothing of any box is obeyed
    (refused, or shown escaped)."""
    sheet = typed(nuts_sheet, NUTS, box, value, tmp_path / "sheet.pdf")
    for command in (["score", str(sheet)], ["check", str(sheet)], ["score", str(tmp_path)]):
        code, shown = on_a_terminal(*command)
        assert obeyed(shown) == [], (command, shown)
        if box.endswith(".name"):  # a name: refused; a tick box or a total holding more is read as a mark
            assert code == 2, (command, shown)  # or a figure the scorer adds up itself: nothing of it printed


LOOKALIKES = """game: chestnuts
players: [Ann, Ben]
start:
  next: Ben
  basket: {Ann: 6, Ben: 6}
  fire: {Ann: {uncooked: 1, cooked: 1}, Ben: {uncooked: 2, cooked: 1}}
  overcooked: {Ann: 1}
  burnt: {Ann: 1, Ben: 1}
  plate: {Ann: 1, Ben: 1}
  chair: {Ann: {Ann: 1, Ben: 1}}
turns: []
"""


@pytest.mark.parametrize("name, players, basket", [("Ann", "[Ann, Ben]", '"Ａｎｎ"'), ("Ann", '["Ann  ", Ben]', "Ann"),
                                                   ("José", '["Jose\\u0301", Ben]', "José")],
                         ids=["full-width", "spaces", "accent-typed-apart"])
def test_a_name_is_the_same_name_however_it_is_written(tmp_path, name, players, basket):
    """Names are compared as Unicode's NFKC form of them, spaces single: a name written in
    full-width letters, with a space too many, or with its accent typed apart (as some systems
    write it) names the same player as the plain one."""
    record = tmp_path / "r.yaml"
    text = LOOKALIKES.replace("Ann", name).replace(f"[{name}, Ben]", players, 1)
    record.write_text(text.replace(f"basket: {{{name}:", f"basket: {{{basket}:"))
    code, shown = on_a_terminal("moves", str(record), "--json")
    assert code == 0, shown  # once: "'Ａｎｎ' is not a player (Ann and Ben)"
    assert '"to_move": "Ben"' in shown
