"""`pnpkit list | build | preview | schema kit`: what a person typing them sees, and exit codes."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from pnpkit.cli import cli

KIT = """\
game:
  id: demo-kit
  title: Demo Kit
  players: 2-4
  credit: "Demo Kit. Print-and-play by pnpkit."
components:
  - kind: counters
    name: chips
    count: {count}
    front: {{label: A}}
    back: {{label: B}}
"""


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def kit_file(tmp_path: Path, count: str = "6") -> Path:
    p = tmp_path / "demo.yaml"
    p.write_text(KIT.format(count=count))
    return p


def test_list_names_every_kit_and_marks_unprintable_ones():
    r = run("list")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    chestnuts = next(line for line in lines if line.startswith("chestnuts"))
    assert "Chestnuts Roasting on an Open Fire" in chestnuts and "(2 players)" in chestnuts
    assert "not printable yet" not in chestnuts
    assert len(lines) >= 6


def test_build_a_kit_file_writes_pdf_svgs_and_manifest(tmp_path):
    r = run("build", str(kit_file(tmp_path)), "--paper", "letter", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    root = tmp_path / "out" / "demo-kit"
    pdf, man = root / "demo-kit-letter.pdf", root / "manifest-letter.json"
    assert pdf.is_file() and man.is_file()
    assert str(pdf) in r.output and "pages" in r.output
    m = json.loads(man.read_text())
    assert m["paper"] == "letter" and len(m["pieces"]) == 6
    assert len(list((root / "svg").glob("demo-kit-letter-p*.svg"))) == m["pages"]
    assert f"{m['pages']} pages" in r.output


def test_build_options_short_duplex_offset_ink_saver(tmp_path):
    out = tmp_path / "out"
    r = run("build", str(kit_file(tmp_path)), "--out", str(out), "--duplex", "short",
            "--back-offset", "-0.5,-1", "--ink-saver")
    assert r.exit_code == 0, r.output
    root = out / "demo-kit"
    for paper in ("a4", "letter"):  # no --paper: both, each named for every option that changed it
        assert (root / f"demo-kit-{paper}-short-offset-0.5-1-inksaver.pdf").is_file()
    m = json.loads((root / "manifest-a4-short-offset-0.5-1-inksaver.json").read_text())
    e = m["pieces"][0]
    assert e["back"]["x_mm"] == round(e["x_mm"] - 0.5, 2)
    assert e["back"]["y_mm"] == round(297 - e["y_mm"] - e["h_mm"] - 1, 2)


def test_bad_option_values_are_click_errors_exit_2(tmp_path):
    kit = str(kit_file(tmp_path))
    for args, words in ((("--back-offset", "1"), "X,Y"), (("--back-offset", "a,b"), "X,Y"),
                        (("--back-offset", "9,0"), "within"), (("--paper", "a5"), "a5"),
                        (("--duplex", "sideways"), "sideways")):
        r = CliRunner().invoke(cli, ["build", kit, "--out", str(tmp_path / "o"), *args])
        assert r.exit_code == 2, (args, r.output)
        assert words in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["build"])
    assert r.exit_code == 2 and "--all" in r.output
    r = CliRunner().invoke(cli, ["preview", "chestnuts", "--dpi", "0"])
    assert r.exit_code == 2


def test_bad_kit_file_exit_2_with_file_line_and_field(tmp_path):
    kit = kit_file(tmp_path, count="many")
    r = CliRunner().invoke(cli, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    assert "demo.yaml:9: components[0].count:" in r.output, r.output
    assert "Traceback" not in r.output
    assert not (tmp_path / "o").exists()  # nothing half-written


def test_unknown_kit_and_unprintable_kit_exit_2(tmp_path):
    r = CliRunner().invoke(cli, ["build", "no-such-kit"])
    assert r.exit_code == 2 and "no kit of that name" in r.output
    empty = tmp_path / "empty.yaml"
    empty.write_text("game: {id: empty, title: Empty, players: 2}\n")
    r = CliRunner().invoke(cli, ["build", str(empty), "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "no components" in r.output


def test_preview_writes_a_png_per_page(tmp_path):
    r = run("preview", str(kit_file(tmp_path)), "--out", str(tmp_path / "out"), "--dpi", "20")
    assert r.exit_code == 0, r.output
    root = tmp_path / "out" / "demo-kit"
    m = json.loads((root / "manifest-a4.json").read_text())
    pngs = sorted((root / "preview-a4").glob("page-*.png"))
    assert [p.name for p in pngs] == [f"page-{i:02d}.png" for i in range(1, m["pages"] + 1)]


def test_preview_takes_the_options_of_build(tmp_path):
    """The pictures are of the very PDF a build with the same options makes, named like it."""
    out = tmp_path / "out"
    r = run("preview", str(kit_file(tmp_path)), "--out", str(out), "--dpi", "20", "--paper", "letter",
            "--ink-saver", "--backs", "gutter", "--bleed")
    assert r.exit_code == 0, r.output
    root = out / "demo-kit"
    assert (root / "demo-kit-letter-inksaver-gutter-bleed3.pdf").is_file()
    m = json.loads((root / "manifest-letter-inksaver-gutter-bleed3.json").read_text())
    assert len(list((root / "preview-letter-inksaver-gutter-bleed3").glob("page-*.png"))) == m["pages"]
    assert not (root / "demo-kit-letter.pdf").exists()  # no other build replaced or made


def test_builds_with_other_options_never_replace_each_other(tmp_path):
    out = tmp_path / "out"
    for extra in ((), ("--ink-saver",), ("--backs", "gutter"), ("--duplex", "short"), ("--bleed", "2")):
        assert run("build", str(kit_file(tmp_path)), "--out", str(out), "--paper", "a4", *extra).exit_code == 0
    names = sorted(p.name for p in (out / "demo-kit").glob("demo-kit-*.pdf"))
    assert names == ["demo-kit-a4-bleed2.pdf", "demo-kit-a4-gutter.pdf", "demo-kit-a4-inksaver.pdf",
                     "demo-kit-a4-short.pdf", "demo-kit-a4.pdf"]


def test_schema_kit_is_json_schema_of_the_kit_model():
    r = run("schema", "kit")
    assert r.exit_code == 0
    schema = json.loads(r.output)
    assert schema["title"] == "Kit" and "components" in schema["properties"]


def test_help_on_every_command_and_option():
    for cmd in ("list", "build", "preview"):
        r = run(cmd, "--help")
        assert r.exit_code == 0 and len(r.output.splitlines()) > 3
    preview = run("preview", "--help").output
    for opt in ("--paper", "--duplex", "--back-offset", "--ink-saver", "--backs", "--bleed", "--dpi"):
        assert opt in preview, opt
    r = run("build", "--help")
    for opt in ("--paper", "--out", "--duplex", "--back-offset", "--ink-saver", "--all", "--bleed", "--backs"):
        line = next(line for line in r.output.splitlines() if opt in line)
        assert len(line.split(opt, 1)[1].strip()) > 5, line  # has words after it


def test_build_all_builds_every_printable_kit_for_the_papers(tmp_path, monkeypatch):
    import pnpkit.generator.build as b
    monkeypatch.setattr(b, "printable_kits", lambda: ["chestnuts"])  # keep the test fast
    r = CliRunner().invoke(cli, ["build", "--all", "--paper", "universal", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "chestnuts" / "chestnuts-universal.pdf").is_file()
    assert not (tmp_path / "chestnuts" / "chestnuts-a4.pdf").exists()
    assert re.search(r"chestnuts \(universal\): \d+ pages, \d+ pieces in \d+\.\d\d s", r.output)  # time per kit
    assert re.search(r"^1 builds in \d+\.\d\d s", r.output, re.MULTILINE)
    assert "chestnuts-universal-fillable.pdf" in r.output
    r = CliRunner().invoke(cli, ["build", "--all", "chestnuts"])
    assert r.exit_code == 2


def test_a_reader_that_stops_early_gets_no_error():
    """`pnpkit list | head -1`: when the reader has closed the pipe, pnpkit stops quietly
    (exit 141 like any Unix tool stopped by SIGPIPE), no message, no traceback."""
    import os
    import subprocess
    import sys
    read, write = os.pipe()
    p = subprocess.Popen([sys.executable, "-c", "from pnpkit.cli import main; main()", "list"],
                         stdout=write, stderr=subprocess.PIPE)
    os.close(write)
    os.close(read)  # the reader is gone before pnpkit has written a line
    err = p.stderr.read().decode()
    assert p.wait(timeout=30) == 141 and err == ""
