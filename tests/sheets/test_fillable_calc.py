"""The fillable score sheets add themselves up: one description per game (its form.py) gives the
web form, the fillable PDF and its reader the same boxes; the PDF's points boxes are read-only
and computed by their calculate scripts in the form's calculation order (the JavaScript runs as
the web form's Python computes), a PDF viewer (pdf.js) shows the totals as the boxes are filled,
and `pnpkit score` never trusts what a total says."""
from __future__ import annotations

import functools
import http.server
import json
import os
import random
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnpkit.cli import cli
from pnpkit.kitfile.head import load_head
from pnpkit.kitfile.forms import calcs as form_calcs
from pnpkit.kitfile.forms.calc import evaluate, javascript
from pnpkit.scorer.games import sheet_form

GAMES = ("nuts", "in-the-nuts")
HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def blank(kit_build):
    return {g: kit_build(g).out / g / f"{g}-a4-fillable.pdf" for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_the_pdf_holds_every_box_of_the_description_and_no_other(blank, game):
    kit = load_head(game)
    described = {f"p{s}.{f.name}" for s in range(1, kit.game.max_players + 1) for f in sheet_form(game).fields(kit)}
    in_pdf = set(PdfReader(blank[game]).get_fields())
    leaves = {n for n in in_pdf if not any(m.startswith(n + ".") for m in in_pdf)}
    assert leaves == described


@pytest.mark.parametrize("game", GAMES)
def test_the_points_boxes_are_calculated_in_order_and_read_only(blank, game):
    kit = load_head(game)
    root = PdfReader(blank[game]).trailer["/Root"]
    order = [ref.get_object() for ref in root["/AcroForm"]["/CO"]]
    calcs = form_calcs(sheet_form(game), kit)
    names = [_full_name(f) for f in order]
    assert sorted(names) == sorted(f"p{s}.{n}" for s in range(1, kit.game.max_players + 1) for n in calcs)
    for f, name in zip(order, names):
        assert f["/Ff"] & 1 and f["/AA"]["/C"]["/S"] == "/JavaScript"
        seat, _, rest = name.partition(".")
        assert f["/AA"]["/C"]["/JS"] == javascript(calcs[rest], seat + ".")
        # a box is calculated after every calculated box it adds up (the total after the subtotals)
        assert all(names.index(f"{seat}.{x}") < names.index(name) for x in calcs[rest].args if x in calcs)


def _full_name(field) -> str:
    parts = []
    while field is not None:
        parts.append(str(field["/T"]))
        field = field.get("/Parent")
        field = field.get_object() if field is not None else None
    return ".".join(reversed(parts))


def _random_sheet(game: str, kit, rng: random.Random) -> dict[str, str]:
    """A player's boxes filled as people do: ticks and gaps, numbers, marks, words, blanks."""
    out = {}
    for f in sheet_form(game).fields(kit):
        pick = rng.random()
        if f.kind == "tick":
            out[f.name] = rng.choice(["x", "X", "", "", "0", "\u2713"])
        elif f.kind in ("count", "points") and f.calc is None:
            out[f.name] = rng.choice(["", "3", "xx", "12", "-4", "lots"]) if pick < .9 else " 7 "
        elif f.kind == "text":
            out[f.name] = rng.choice(["", "AH", "acorn/hazelnut W/A", "B05 B11"])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_pdf_scripts_compute_what_the_web_form_computes(browser, game):
    """Each calculate script run by a browser's JavaScript, with the Acrobat form API a viewer
    gives it (this.getField, event.value), against kitfile/forms/calc.py evaluate on 40 random sheets."""
    kit = load_head(game)
    calcs = form_calcs(sheet_form(game), kit)
    rng = random.Random(26)
    browser.visit("about:blank")
    for _ in range(40):
        sheet = _random_sheet(game, kit, rng)
        python: dict[str, str] = {}
        for name, calc in calcs.items():
            python[name] = evaluate(calc, lambda x: python.get(x, sheet.get(x, "")))
        scripts = [[f"p1.{n}", javascript(c, "p1.")] for n, c in calcs.items()]
        js = browser.js(f"""(() => {{
            const values = {json.dumps({"p1." + k: v for k, v in sheet.items()})};
            const doc = {{ getField: n => ({{ valueAsString: values[n] === undefined ? "" : values[n] }}) }};
            for (const [name, script] of {json.dumps(scripts)}) {{
              const event = {{ value: null }};
              new Function("event", script).call(doc, event);
              values[name] = event.value;
            }}
            return values; }})()""")
        assert {n: js[f"p1.{n}"] for n in calcs} == python, sheet


def _pdfjs() -> Path | None:
    """pdfjs-dist (npm), where PNPKIT_PDFJS names it or in node_modules beside the repository."""
    for where in (os.environ.get("PNPKIT_PDFJS", ""), HERE.parents[1] / "node_modules" / "pdfjs-dist"):
        if where and (Path(where) / "build" / "pdf.sandbox.mjs").is_file():
            return Path(where)
    return None


VIEWER = """<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="pdfjs/web/pdf_viewer.css">
<div id="box" style="position:absolute;inset:0;overflow:auto"><div id="viewer" class="pdfViewer"></div></div>
<script type="module">
import * as lib from "./pdfjs/build/pdf.mjs";
globalThis.pdfjsLib = lib;
const v = await import("./pdfjs/web/pdf_viewer.mjs");
lib.GlobalWorkerOptions.workerSrc = "./pdfjs/build/pdf.worker.mjs";
const eventBus = new v.EventBus(), linkService = new v.PDFLinkService({ eventBus });
const scripting = new v.PDFScriptingManager({ eventBus, sandboxBundleSrc: new URL("pdfjs/build/pdf.sandbox.mjs", location.href).href });
const viewer = new v.PDFViewer({ container: document.getElementById("box"), eventBus, linkService, scriptingManager: scripting });
linkService.setViewer(viewer); scripting.setViewer(viewer);
eventBus.on("pagesinit", () => { viewer.currentScaleValue = "page-width"; });
eventBus.on("sandboxcreated", () => { window.sandboxReady = true; });
const doc = await lib.getDocument({ url: "sheet.pdf" }).promise;
viewer.setDocument(doc); linkService.setDocument(doc, null);
</script>"""


@pytest.fixture
def pdf_viewer(tmp_path):
    """serve(pdf) -> the URL of pdf.js's viewer on that PDF, with its form scripting on."""
    pdfjs = _pdfjs()
    if pdfjs is None:
        why = "pdf.js is not installed: `npm install pdfjs-dist` beside the repository, or PNPKIT_PDFJS=DIR"
        if os.environ.get("PNPKIT_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(why + " (CI requires it: .ci/run installs it)")
        pytest.skip(why)
    (tmp_path / "viewer.html").write_text(VIEWER)
    (tmp_path / "pdfjs").symlink_to(pdfjs, target_is_directory=True)
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def serve(pdf: Path) -> str:
        shutil.copy(pdf, tmp_path / "sheet.pdf")
        return f"http://127.0.0.1:{server.server_address[1]}/viewer.html"
    yield serve
    server.shutdown()
    server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def _type(browser, name: str, text: str) -> None:
    """Type into a box of pdf.js's form and press Enter, as a person does (the viewer commits it)."""
    browser.js(f"document.querySelector('.annotationLayer input[name={json.dumps(name)}]').focus()")
    browser.send("Input.insertText", {"text": text})
    for kind in ("keyDown", "keyUp"):
        browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13})


def _shown(browser, names: list[str]) -> list[str]:
    return browser.js(f"{json.dumps(names)}.map(n => document.querySelector('.annotationLayer input[name=\"' + n + '\"]').value)")


@pytest.mark.parametrize("game, typed, totals", [
    ("nuts", {"p1.almond.1": "x", "p1.almond.3": "x", "p1.cashew.1": "x", "p1.peanut.1": "x", "p1.pistachio.1": "x",
              "p1.salt.1": "x", "p1.salt.2": "x", "p1.salt.3": "x", "p1.points.goals": "5", "p1.points.bonus": "-4"},
     {"p1.row-complete.1": "x", "p1.points.rows": "7", "p1.points.columns": "6", "p1.points.salt": "6", "p1.points.total": "20"}),
    ("in-the-nuts", {"p1.card3.nut": "A", "p1.card3.nuts": "2", "p1.card3.jokers": "AH", "p1.card5.nuts": "2"},
     {"p1.card3.points": "10", "p1.card5.points": "2", "p1.points.total": "12", "p1.points.best": "10"}),
])
def test_a_pdf_viewer_adds_the_sheet_up_as_it_is_filled(browser, blank, pdf_viewer, game, typed, totals, tmp_path):
    browser.visit(pdf_viewer(blank[game]), "document.querySelectorAll('.annotationLayer input').length > 20", 1000, 1400)
    browser.wait("window.sandboxReady === true")
    assert _shown(browser, list(totals)) == [""] * len(totals)
    for name, text in typed.items():
        _type(browser, name, text)
    browser.wait(" && ".join(
        f"document.querySelector('.annotationLayer input[name={json.dumps(n)}]').value === {json.dumps(v)}" for n, v in totals.items()))
    (tmp_path / f"{game}-pdfjs.png").write_bytes(browser.page_png())


def test_a_total_written_on_the_sheet_is_never_trusted(blank, tmp_path):
    """A viewer saves its computed totals (or a person overwrites them): the score is the scorer's."""
    from test_score_sheet_pdf import NUTS, fill
    honest = fill(blank["nuts"], NUTS, tmp_path / "honest.pdf")
    lying = fill(blank["nuts"], NUTS | {"p1.points.total": "999", "p2.points.rows": "70", "p3.row-complete.21": "x"},
                 tmp_path / "lying.pdf")
    a, b = (CliRunner().invoke(cli, ["score", "--json", str(p)]) for p in (honest, lying))
    assert a.exit_code == b.exit_code == 0 and a.output == b.output
    assert json.loads(b.output)["players"][0]["total"] != 999
