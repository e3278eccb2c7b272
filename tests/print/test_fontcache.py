"""pnpkit's fonts kept between processes (generator/fontcache.py): a font read back from the cache
is the font reportlab parses, and draws the very same PDF; a damaged cache or one that cannot be
written only costs the parse."""
from __future__ import annotations

import io

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFile
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator import fontcache, fonts

FILES = sorted({filename for _, filename in fonts.FONTS.values()})


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "pnpkit"


def _same(a: TTFont, b: TTFont) -> None:
    assert list(vars(a)) == list(vars(b)) and list(vars(a.face)) == list(vars(b.face))
    assert {k: v for k, v in vars(a).items() if k not in ("face", "encoding", "state")} == \
           {k: v for k, v in vars(b).items() if k not in ("face", "encoding", "state")}
    assert vars(a.encoding) == vars(b.encoding) and len(b.state) == 0
    for key, value in vars(a.face).items():
        other = getattr(b.face, key)
        if key == "_pdfScale":
            assert [value(x) for x in (0, 1, 333, 2048)] == [other(x) for x in (0, 1, 333, 2048)]
        else:
            assert other == value and type(other) is type(value), key
            if hasattr(value, "ustr"):
                assert other.ustr == value.ustr


def _pdf(font: TTFont) -> bytes:
    pdfmetrics.registerFont(font)
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFont(font.fontName, 12)
    c.drawString(72, 700, "Chestnuts, Fair Verona — ½ point, ±1, Ünïcödé")
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("filename", FILES)
def test_a_font_from_the_cache_is_the_font_reportlab_parses(filename, cache, monkeypatch):
    path = fonts.font_path(filename)
    parsed = TTFont("CacheTest", path)
    first = fontcache.ttfont("CacheTest", path)     # parsed, and kept
    assert fontcache.cache_file(path).parent == cache and fontcache.cache_file(path).exists()
    with monkeypatch.context() as m:                # read back, not parsed
        m.setattr(TTFontFile, "extractInfo", lambda *a, **k: pytest.fail("parsed, not read from the cache"))
        again = fontcache.ttfont("CacheTest", path)
    for font in (first, again):
        _same(parsed, font)
    assert _pdf(again) == _pdf(TTFont("CacheTest", path))


def test_a_damaged_cache_file_is_parsed_again_and_replaced(cache):
    path = fonts.font_path("Lato-Regular.ttf")
    fontcache.ttfont("CacheTest", path)
    file = fontcache.cache_file(path)
    good = file.read_bytes()
    for bad in (b"", good[:100], good[:40] + bytes([good[40] ^ 1]) + good[41:], b"x" * 32 + good[32:]):
        file.write_bytes(bad)
        _same(TTFont("CacheTest", path), fontcache.ttfont("CacheTest", path))
        assert file.read_bytes() == good


def test_a_cache_that_cannot_be_written_costs_only_the_parse(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = fonts.font_path("DejaVuSans.ttf")
    _same(TTFont("CacheTest", path), fontcache.ttfont("CacheTest", path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
