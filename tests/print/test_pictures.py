"""A designer's own pictures: SVG kept vector, PNG at its size with a dpi warning, fit modes, and
every hostile picture of tests/corpus/art/ refused in one line (exit 2, nothing written)."""
from __future__ import annotations

import io
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpkit.generator import pictures
from pnpkit.generator.pictures import svgdraw
from pnpkit.generator.shapes import Group, Image as ImageShape, Path as PathShape, Text
from pnpkit.cli import cli

CORPUS = Path(__file__).parents[1] / "corpus" / "art"
EXAMPLE = Path(__file__).parents[2] / "examples" / "tide-pools"

KIT = """game: {{id: art-test, title: Art test, players: "2"}}
components:
  - kind: cards
    name: deck
    count: 1
    front: {{art: {art}, art_options: {opts}}}
"""

REFUSALS = {
    "billion-laughs.svg": "XML entities",
    "external-entity.svg": "XML entities",
    "image-outside.svg": "self-contained",
    "image-remote.svg": "self-contained",
    "use-other-file.svg": "self-contained",
    "css-import.svg": "imports another file",
    "script.svg": "<script>",
    "huge-dimensions.svg": "huge dimensions",
    "use-cycle.svg": "reference cycle",
    "use-bomb.svg": "elements",
    "decompression-bomb.png": "pixels",
    "not-a-picture.png": "not a PNG or JPEG",
}


def kit_with(tmp_path: Path, art: str, opts: str = "{}", files: dict[str, bytes] | None = None) -> Path:
    folder = tmp_path / "kit"
    folder.mkdir(exist_ok=True)
    for name, data in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    path = folder / "kit.yaml"
    path.write_text(KIT.format(art=art, opts=opts))
    return path


def build(path: Path, out: Path, *extra: str):
    return CliRunner().invoke(cli, ["build", str(path), "--paper", "a4", "--out", str(out), *extra])


def test_the_corpus_is_all_listed():
    assert sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".svg", ".png")) == sorted(REFUSALS)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_hostile_picture_is_refused_in_one_line(tmp_path, name):
    path = kit_with(tmp_path, f"art/{name}", files={f"art/{name}": (CORPUS / name).read_bytes()})
    started = time.perf_counter()
    r = build(path, tmp_path / "out")
    assert time.perf_counter() - started < 5
    assert r.exit_code == 2, r.output
    line = r.output.strip()
    assert "\n" not in line and "Traceback" not in line
    assert f"kit.yaml:6: components[0].front.art: art/{name}" in line, line
    assert REFUSALS[name] in line, line
    assert not (tmp_path / "out" / "art-test").exists()  # nothing written


def test_a_picture_outside_the_kit_folder_is_refused(tmp_path):
    secret = tmp_path / "secret.svg"
    secret.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    for art in ("../secret.svg", "/etc/x.svg"):
        r = build(kit_with(tmp_path, art), tmp_path / "out")
        assert r.exit_code == 2 and "kit.yaml:6" in r.output and "kit's folder" in r.output, r.output
    (tmp_path / "kit" / "link.svg").symlink_to(secret)
    r = build(kit_with(tmp_path, "link.svg"), tmp_path / "out")
    assert r.exit_code == 2 and "leads outside the kit's folder" in r.output, r.output
    r = build(kit_with(tmp_path, "missing.svg"), tmp_path / "out")
    assert r.exit_code == 2 and "no picture 'missing.svg'" in r.output, r.output


def test_svg_stays_vector_in_the_pdf_and_keeps_its_geometry():
    raw = (EXAMPLE / "art" / "starfish.svg").read_bytes()
    shapes, w, h, density = svgdraw.read(raw)
    assert (w, h) == (90.0, 90.0) and density is None  # 120 px = 90 pt, no pixels inside
    star = next(s for s in shapes if isinstance(s, PathShape) and s.style.fill == "#cc79a7")
    xs = [op[1] for op in star.ops if op[0] != "Z"]
    ys = [op[2] for op in star.ops if op[0] != "Z"]
    # the star's points, 8..112 px of 120 -> 6..84 pt, y flipped back down
    assert min(xs) == pytest.approx(6.0) and max(xs) == pytest.approx(84.0)
    assert min(ys) == pytest.approx(6.0) and max(ys) == pytest.approx(81.0)
    placed, dpi = pictures.draw(pictures.Picture("s", "svg", w, h, shapes=shapes), 30, 60, "fit")
    assert dpi is None  # vector: no resolution to warn about
    (group,) = placed
    assert group.clip == pytest.approx((0, 15, 30, 30))  # fitted: 30 mm wide, centred in 60 mm


def test_back_svg_text_and_use_come_through():
    shapes, w, h, _ = svgdraw.read((EXAMPLE / "art" / "back.svg").read_bytes())
    texts = [s.text for s in shapes if isinstance(s, Text)]
    assert texts == ["TIDE", "POOLS"]
    waves = [s for s in shapes if isinstance(s, PathShape) and s.style.stroke == "#7fc4ea"]
    assert len(waves) == 8  # every <use> of the wave


def _png(w: int, h: int, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), "#3366aa").save(buf, format="PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


@pytest.mark.parametrize("fit, box, clip, image", [
    ("fit", (40, 20), (10, 0, 20, 20), (10, 0, 20, 20)),
    ("fill", (40, 20), (0, 0, 40, 20), (0, -10, 40, 40)),
    ("stretch", (40, 20), (0, 0, 40, 20), (0, 0, 40, 20)),
    ("actual", (40, 20), (11.533, 1.533, 16.933, 16.933), (11.533, 1.533, 16.933, 16.933)),  # 200 px at 300 dpi
])
def test_fit_modes_place_a_png(fit, box, clip, image):
    png, pw, ph, dpi = pictures.raster.read(_png(200, 200))
    pic = pictures.Picture("p.png", "raster", pw, ph, png=png, mm_per_unit=25.4 / 300, density=1.0)
    (group,), _ = pictures.draw(pic, *box, fit)
    assert group.clip == pytest.approx(clip, abs=1e-3)
    (img,) = group.items
    assert isinstance(img, ImageShape)
    assert (img.x, img.y, img.w, img.h) == pytest.approx(image, abs=1e-3)


def test_crop_takes_part_of_the_picture():
    png, pw, ph, _ = pictures.raster.read(_png(200, 100))
    pic = pictures.Picture("p.png", "raster", pw, ph, png=png, density=1.0)
    (group,), dpi = pictures.draw(pic, 20, 20, "fit", crop=(100, 0, 100, 100))  # the right half, fitted
    (img,) = group.items
    assert (img.x, img.w) == pytest.approx((-20, 40)) and group.clip == pytest.approx((0, 0, 20, 20))
    assert dpi == pytest.approx(127.0)  # 100 px over 20 mm


def test_a_coarse_png_is_placed_with_a_warning_naming_file_and_piece(tmp_path):
    path = kit_with(tmp_path, "art/coarse.png", "{fit: fill}", {"art/coarse.png": _png(100, 140)})
    r = build(path, tmp_path / "out")
    assert r.exit_code == 0, r.output
    warning = [line for line in r.output.splitlines() if "warning" in line]
    assert len(warning) == 1
    assert "components[0].front.art: art/coarse.png prints at" in warning[0] and "on Deck" in warning[0]
    assert "under 300" in warning[0]
    fine = kit_with(tmp_path, "art/fine.png", "{fit: fill}", {"art/fine.png": _png(800, 1100)})
    r = build(fine, tmp_path / "out")
    assert r.exit_code == 0 and "warning" not in r.output, r.output


def test_bad_picture_options_are_the_kit_files_error(tmp_path):
    files = {"a.png": _png(10, 10)}
    r = build(kit_with(tmp_path, "a.png", "{fit: cover}", files), tmp_path / "out")
    assert r.exit_code == 2 and "front.art_options.fit: expected one of fit, fill, stretch, actual" in r.output
    r = build(kit_with(tmp_path, "a.png", "{crop: [0, 0, 50, 5]}", files), tmp_path / "out")
    assert r.exit_code == 2 and "art_options.crop: expected [x, y, w, h] inside the picture's 10 x 10" in r.output
    r = build(kit_with(tmp_path, "a.png", "{cooked: true}", files), tmp_path / "out")
    assert r.exit_code == 2 and "a picture takes no option 'cooked'" in r.output


def test_the_example_kit_builds_with_its_own_art(tmp_path):
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["build", str(EXAMPLE / "tide-pools.yaml"), "--paper", "letter", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "warning" not in r.output
    from pypdf import PdfReader
    reader = PdfReader(str(out / "tide-pools" / "tide-pools-letter.pdf"))
    text = "".join(page.extract_text() for page in reader.pages)
    for word in ("Crab · 1", "Fish · 6", "TIDE", "POOLS", "HIGH WINS", "SCHOOL WINS", "Win 2 pools"):
        assert word in text
    images = sum(len(page.images) for page in reader.pages)
    assert images >= 1  # the pool tiles' PNG (the SVG art is drawn as paths and text, no images)
