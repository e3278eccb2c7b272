"""Measure: each kit's pages and the straight cuts a person makes, counted from the manifests.

    python bench/cuts.py [--against REV] [--papers a4,letter]

Builds every kit (a4 and letter; plain, `--ink-saver`, `--backs gutter` and `--bleed 3`) with this
tree's code and, with --against REV (a git revision), with REV's code too (exported as
bench/same_bytes.py does), and prints per kit and option: pages, cuts, the pages that carry no
piece (issue 38: at most 2) and the least covered page of pieces (its pieces' area over the page
inside its margins, issue 38: at least 30%), REV's beside this tree's.

Cuts: on each sheet that carries fronts, every distinct straight line that is a piece's edge is
one pass of a trimmer (or one ruler cut) across the sheet, as a person cutting a grid makes them
("long cuts first", then the strips, stacked): the number of distinct x of left and right edges
plus the number of distinct y of top and bottom edges, to 0.1 mm. Two pieces that share a cut
share its line; two pieces 5 mm apart need two. A round piece counts its square (then the corners
come off with a punch or scissors, not a trimmer). A `--backs gutter` pair is cut round as one
box (front and back together).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

OPTIONS = {"": [], "inksaver": ["--ink-saver"], "gutter": ["--backs", "gutter"], "bleed3": ["--bleed", "3"]}
MARGIN = 6.35


def cuts(manifest: dict) -> int:
    """Distinct straight cut lines per sheet of fronts, summed over the sheets (see the module)."""
    lines: dict[int, tuple[set, set]] = {}
    for e in manifest["pieces"]:
        x, y, w, h = e["x_mm"], e["y_mm"], e["w_mm"], e["h_mm"]
        back = e.get("back")
        if back and back["page"] == e["page"]:  # a folded pair: front and back cut round together
            x0, y0 = min(x, back["x_mm"]), min(y, back["y_mm"])
            x1, y1 = max(x, back["x_mm"]) + w, max(y, back["y_mm"]) + h
            x, y, w, h = x0, y0, x1 - x0, y1 - y0
        xs, ys = lines.setdefault(e["page"], (set(), set()))
        xs.update((round(x, 1), round(x + w, 1)))
        ys.update((round(y, 1), round(y + h, 1)))
    return sum(len(xs) + len(ys) for xs, ys in lines.values())


SUBPACKAGES = ("generator", "scorer", "kitfile", "kits", "templates", "fonts")


def importable(tree: Path, tmp: Path) -> Path:
    """A folder (in `tmp`) to run from and put first on PYTHONPATH so that `pnpkit` and all its
    subpackages are `tree`'s. The subpackages live beside pnpkit/ (pyproject maps them), so
    PYTHONPATH=tree alone finds tree's pnpkit but the installed (editable) pnpkit's subpackages:
    a shadow pnpkit/ here holds tree's files and links to tree's subpackage folders."""
    shadow = tmp / f"importable-{abs(hash(str(tree)))}"
    if not shadow.exists():
        (shadow / "pnpkit").mkdir(parents=True)
        for f in (tree / "pnpkit").iterdir():
            (shadow / "pnpkit" / f.name).symlink_to(f)
        for sub in SUBPACKAGES:
            if (tree / sub).exists() and not (shadow / "pnpkit" / sub).exists():  # an exported tree may hold them in pnpkit/
                (shadow / "pnpkit" / sub).symlink_to(tree / sub)
    return shadow


def build(tree: Path, out: Path, papers: list[str]) -> None:
    shadow = importable(tree, out.parent)
    env = dict(os.environ, PYTHONPATH=str(shadow))
    for args in OPTIONS.values():
        for paper in papers:
            subprocess.run([sys.executable, "-m", "pnpkit", "build", "--all", "--paper", paper, "--out", str(out),
                            *args], cwd=shadow, env=env, check=True, capture_output=True)


def covered(manifest: dict) -> tuple[int, int]:
    """(pages without a piece, the least covered page of pieces in %): a back page counts its
    backs, a folded pair both halves."""
    w, h = manifest["page_size_mm"]
    area = (w - 2 * MARGIN) * (h - 2 * MARGIN)
    share: dict[int, float] = {}
    for e in manifest["pieces"]:
        for page in [e["page"]] + ([e["back"]["page"]] if e.get("back") else []):
            share[page] = share.get(page, 0.0) + e["w_mm"] * e["h_mm"] / area
    return manifest["pages"] - len(share), round(100 * min(share.values(), default=0.0))


def measure(out: Path) -> dict[tuple[str, str], tuple[int, ...]]:
    """(kit, label) -> (pages, cuts, pages without pieces, least covered %), from every manifest under `out`."""
    got = {}
    for path in sorted(out.glob("*/manifest-*.json")):
        m = json.loads(path.read_text())
        got[m["kit"], path.stem.removeprefix("manifest-")] = (m["pages"], cuts(m), *covered(m))
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", metavar="REV", help="git revision to compare with")
    ap.add_argument("--papers", default="a4,letter")
    a = ap.parse_args()
    papers = a.papers.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        build(ROOT, Path(tmp, "this"), papers)
        now = measure(Path(tmp, "this"))
        old = {}
        if a.against:
            from same_bytes import export
            tree = export(a.against, Path(tmp, "rev"))
            build(tree, Path(tmp, "old"), papers)
            old = measure(Path(tmp, "old"))
    cols = ("pages", "cuts", "bare", "least%")
    head = f"{'kit':<14}{'build':<20}" + ("".join(f"{c + ' ' + a.against:>16}" for c in cols) if old else "")
    print(head + "".join(f"{c:>8}" for c in cols))
    totals = [0] * 8
    for key in sorted(now):
        row = f"{key[0]:<14}{key[1]:<20}"
        if old:
            was = old.get(key, (0, 0, 0, 0))
            row += "".join(f"{v:>16}" for v in was)
            totals[:2] = [totals[0] + was[0], totals[1] + was[1]]
        totals[4:6] = [totals[4] + now[key][0], totals[5] + now[key][1]]
        print(row + "".join(f"{v:>8}" for v in now[key]))
    print(f"{'total':<34}" + (f"{totals[0]:>16}{totals[1]:>16}{'':>32}" if old else "") + f"{totals[4]:>8}{totals[5]:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
