"""What every game's record model shares: strictness and the players' names.

Records are written by hand; a typo in a key must be an error, not a silently ignored line, so
every model of a record forbids unknown keys (`Strict`). Players are named in seat order and a
result refers to them by name, so two players of one name make a record unreadable.

Two names that look alike are one name. A record's texts are compared as Unicode's NFKC form of
them (`compared`: a full-width `Ａnn` is `Ann`, an `é` is one character however it was typed), and
a name may not hold what shows nothing or turns the text around (`Name`): a control character, a
zero-width or bidirectional formatting character (`Ann` and `Ann` + U+200B were two players shown
alike; U+202E printed the rest of a line backwards), a filler. The characters that join an
emoji's parts (`❤️` is U+2764 U+FE0F) are kept where they join them.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Callable, Iterable

from pnpkit.kitfile.custom_types import text
from pnpkit.kitfile.structs import Invalid, Plain, Strict, convert  # noqa: F401 (Strict: the base of every record model)
from pnpkit.kitfile.yamlscalars import short
from pnpkit.scorer.pdf_limits import PDF_MAGIC, PDF_MAX_BYTES, is_pdf  # noqa: F401 (where they were)


def distinct_players(names: Iterable[str], message: str | None = None) -> None:
    """A record's players' names, checked in its model's `__post_init__`: Invalid at `players` where
    two are the same, in `message` (a game's own words) or naming the name written twice."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise Invalid(message or f"two players are called {name!r}: give each player a different name",
                          at=("players",))
        seen.add(name)


def as_text(v: Any) -> Any:
    # `name: 7` or `- 2024` in YAML is a number; a player may well be called that.
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


NAME_MAX = 60
# what shows nothing or turns the text around: controls (Cc), formatting characters (Cf: zero-width
# spaces and joiners, bidirectional marks, embeddings, overrides and isolates, the soft hyphen),
# surrogates, line and paragraph separators; and the default-ignorable letters and marks (fillers,
# variation selectors), which Unicode draws as nothing
_HIDDEN_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_FILLERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u3164\uffa0"
                     + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))
_EMOJI_JOINERS = frozenset("\u200d\ufe0e\ufe0f")  # ZWJ, text and emoji presentation: inside an emoji


def compared(text: str) -> str:
    """A record's text as pnpkit compares it: its NFKC form (full-width letters, ligatures and
    the like as their plain letters; a letter and its accent as one character)."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def hidden(text: str) -> str | None:
    """The first character of `text` that shows nothing or turns the text around, or None."""
    if text.isascii():
        return None if text.isprintable() else next(c for c in text if not c.isprintable())
    after_symbol = False  # an emoji's joiners follow its symbols (So, Sk) or one another
    for c in text:
        if c in _EMOJI_JOINERS and after_symbol:
            continue
        if c in _FILLERS or unicodedata.category(c) in _HIDDEN_CATEGORIES:
            return c
        after_symbol = unicodedata.category(c) in ("So", "Sk")
    return None


def plain_name(name: str) -> str:
    """A name as compared (`compared`, spaces single), or ValueError if it hides a character."""
    bad = hidden(name)
    if bad is not None:
        what = unicodedata.name(bad, "a control character")
        raise ValueError(f"the name {name!r} holds U+{ord(bad):04X} ({what}), which shows nothing or changes how "
                         "the text around it shows: write the name without it")
    name = " ".join(compared(name).split())
    if not name or len(name) > NAME_MAX:
        raise ValueError(f"a name of 1 to {NAME_MAX} characters, got {len(name)} once compared as written")
    return name


class Name(Plain):
    """A player's name as written in a record (numbers read as names), as compared: `plain_name`.
    A custom type of kitfile/structs.py: its values are plain strs."""

    json_schema = {"type": "string", "minLength": 1, "maxLength": NAME_MAX, "description": "A player's name."}

    @classmethod
    def decode(cls, value: Any) -> str:
        if value.__class__ is str and value.isascii() and value.isprintable() and 0 < len(value) <= NAME_MAX \
                and value[0] != " " and value[-1] != " " and "  " not in value:
            return value  # (most names: plain ASCII letters, single spaces, as they are compared)
        value = text(as_text(value))
        if not value:   # (the words a name's length check has always said)
            raise ValueError(f"expected at least 1 entries, got {short(value)}")
        if len(value) > NAME_MAX:
            raise ValueError(f"at most {NAME_MAX} characters, got {len(value):,}")
        return plain_name(value)


def compared_record(data: Any) -> Any:
    """A record's data with every text and key as compared (`compared`), for a record that holds
    any text beyond ASCII; KeyError(path) where two keys of one mapping become one (`Ann` and
    `Ａnn`: the file would show both, the record keep one)."""
    if isinstance(data, str):
        return compared(data)
    if isinstance(data, list):
        return [compared_record(v) for v in data]
    if not isinstance(data, dict):
        return data
    out: dict = {}
    seen: set = set()
    for key, value in data.items():
        same = compared(key) if isinstance(key, str) else key
        spaced = " ".join(same.split()) if isinstance(same, str) else same  # as a Name compares it
        if spaced in seen:
            raise KeyError((key,))
        seen.add(spaced)
        try:
            out[same] = compared_record(value)
        except KeyError as e:
            raise KeyError((key, *e.args[0])) from None
    return out

# What a record may hold (docs/safety.md): far more than any game played at a table, and little
# enough that checking the longest record allowed takes a second. A record past them is refused
# at its line.
MAX_TURNS = 1_000   # turns, rounds or encounters (a whole game has under a hundred)
MAX_ITEMS = 100     # actions in a turn, cards in a hand, storage cards, fire rolls in a round
MAX_PLAYERS = 20    # players listed (no game here seats more than six)


def notation(reader: Callable[[str], Any], as_read: bool = False, numbers: bool = False) -> type:
    """A custom type (kitfile/structs.Plain) for a text in a game's notation (an action, a tile laid):
    `reader` raises ValueError saying what it expected where it cannot read it, and the record is
    refused there. The text is kept as written, or (`as_read`) as `reader` gives it back (an ornament
    `Blue  Box` is "blue box"); with `numbers` a YAML number is read as its text (`to: 2`)."""

    class Written(Plain):
        json_schema = {"type": "string"}

        @classmethod
        def decode(cls, value: Any) -> str:
            if numbers:
                value = as_text(value)
            text = value if value.__class__ is str else convert(value, str)
            read = reader(text)
            return read if as_read else text
    return Written
