"""pnpkit's TrueType fonts as reportlab parses them, kept between processes.

Every `pnpkit build` sets its text in the seven fonts of fonts/, and reportlab reads each whole
file into Python tables when it is registered (every glyph's width, the character map, where
each glyph starts): about 60 ms of a Chestnuts build's 400, the largest single cost of a new
process, paid again by every process for the same seven files. So the tables reportlab makes are
written once to the user's cache folder (`$XDG_CACHE_HOME/pnpkit`, else `~/.cache/pnpkit`; as
matplotlib keeps its font list) and read back by the next process in a third of the time.

What is kept is reportlab's own result, not pnpkit's reading of the font: the attributes of the
`TTFont` and of its face just after reportlab made them, in `marshal` (plain values, nothing that
runs), with a SHA-256 of them; the font file's bytes are read from fonts/ as reportlab reads them.
A cache file names the font file's size and time, reportlab's version and Python's, so a changed
font or library is parsed again. Only pnpkit's own font files come here (generator/fonts.py),
never a kit's. Anything unexpected (no cache folder, one that cannot be written, a damaged or
foreign file, a reportlab whose objects hold something else) and the font is parsed as before:
the cache can make a build faster, never different (tests/test_fontcache.py; bench/same_bytes.py).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

FORMAT = 1  # what a cache file holds; a new layout gets a new number (and so a new file name)
_MADE = {"fontName", "face", "encoding", "state"}  # TTFont attributes made here, not kept
_REREAD = {"_ttf_data", "_pdfScale"}  # face attributes made again: the file's bytes, the scale function


def ttfont(name: str, path: str) -> TTFont:
    """`TTFont(name, path)`, from the cache when it holds this very file, else parsed by
    reportlab (and kept for the next process)."""
    file = cache_file(path)
    if file is not None:
        font = _restored(name, path, file)
        if font is not None:
            return font
    font = TTFont(name, path)
    if file is not None:
        _save(font, file)
    return font


def cache_file(path: str) -> Path | None:
    """Where the tables of the font file at `path` are kept, or None if there is no cache folder."""
    try:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
        st = os.stat(path)
    except (OSError, RuntimeError):  # no home folder, no font file: nothing to keep
        return None
    if not os.path.isabs(home):
        return None
    tag = f"{Path(path).stem}-{st.st_size}-{st.st_mtime_ns}-rl{reportlab.Version}-{sys.implementation.cache_tag}"
    return Path(home) / "pnpkit" / f"font-{tag}-{FORMAT}.marshal"


def _scale(units_per_em: int):
    """The face's font units -> 1000ths of an em, as reportlab's TTFontFile.extractInfo makes it."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def _state(font: TTFont) -> dict | None:
    """What is kept of a just-made font, or None if it holds what this module cannot make again."""
    if type(font) is not TTFont or type(font.face) is not TTFontFace or not isinstance(font.state, WeakKeyDictionary) \
            or font.state or type(font.encoding) is not TTEncoding or vars(font.encoding) != vars(TTEncoding()):
        return None
    face = vars(font.face)
    upm = face.get("unitsPerEm")
    if not isinstance(upm, int) or upm <= 0 or any(face["_pdfScale"](v) != _scale(upm)(v) for v in (1, 7, 1000, 2048)):
        return None
    names = {k: (bytes(v), v.ustr) for k, v in face.items() if type(v) is TTFNameBytes}
    plain = {k: v for k, v in face.items() if k not in _REREAD and k not in names}
    own = {k: v for k, v in vars(font).items() if k not in _MADE}
    state = {"font": own, "face": plain, "names": names, "order": list(face)}
    try:
        marshal.dumps(state)
    except ValueError:  # a value marshal cannot hold: reportlab made something new
        return None
    return state


def _save(font: TTFont, file: Path) -> None:
    """Keep `font`'s tables in `file`, whole or not at all (a new file renamed into place)."""
    state = _state(font)
    if state is None:
        return
    data = marshal.dumps(state)
    tmp = None
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".font-", dir=file.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(hashlib.sha256(data).digest() + data)
        os.replace(tmp, file)
        tmp = None
    except OSError:  # a cache that cannot be written: the next process parses the font again
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _restored(name: str, path: str, file: Path) -> TTFont | None:
    """The font from `file`, or None when the file is missing, damaged or not this module's."""
    try:
        raw = file.read_bytes()
        if len(raw) < 32 or hashlib.sha256(raw[32:]).digest() != raw[:32]:
            return None
        state = marshal.loads(raw[32:])
        own, plain, names, order = state["font"], state["face"], state["names"], state["order"]
        with open(path, "rb") as f:
            made = {"_ttf_data": f.read(), "_pdfScale": _scale(plain["unitsPerEm"])}
        for key, (value, text) in names.items():
            made[key] = bytes.__new__(TTFNameBytes, value)
            made[key].ustr = text
        attributes = {k: plain[k] if k in plain else made[k] for k in order}  # reportlab's order
    except (OSError, ValueError, EOFError, TypeError, KeyError, AttributeError):
        return None
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(attributes)
    font = TTFont.__new__(TTFont)
    font.fontName, font.face, font.encoding, font.state = name, face, TTEncoding(), WeakKeyDictionary()
    vars(font).update(own)
    return font
