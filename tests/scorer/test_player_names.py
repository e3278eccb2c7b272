"""A player's name in a record (scorer/records.py's `Name`): a plain ASCII name is taken as written,
without the general reading (ten thousand records have four names each); any other is read as before."""
import pytest

from pnpkit.kitfile.structs import Invalid, convert
from pnpkit.scorer import records
from pnpkit.scorer.games.nuts.record import Player


def _name(value):
    return convert({"name": value, "sheet": {}}, Player).name


def test_a_plain_ascii_name_skips_the_general_reading(monkeypatch):
    def refused(name):
        raise AssertionError(f"read {name!r} the long way")
    monkeypatch.setattr(records, "plain_name", refused)
    assert [_name(n) for n in ("Ann", "Ann Lee", "x" * records.NAME_MAX, "O'Brien-2")] == \
        ["Ann", "Ann Lee", "x" * records.NAME_MAX, "O'Brien-2"]


@pytest.mark.parametrize("value, name", [(" Ann", "Ann"), ("Ann  Lee", "Ann Lee"), ("Ann ", "Ann"), (7, "7"),
                                         ("Ａnn", "Ann"), ("Zoë", "Zoë")])
def test_any_other_name_is_read_as_compared(value, name):
    assert _name(value) == name


@pytest.mark.parametrize("value, message", [
    ("", "expected at least 1 entries, got ''"),
    ("x" * 61, "at most 60 characters, got 61"),
    ("   ", "a name of 1 to 60 characters, got 0 once compared as written"),
    ("Ann\x7f", "the name 'Ann\\x7f' holds U+007F (a control character), which shows nothing or changes how the text "
                "around it shows: write the name without it"),
])
def test_a_bad_name_says_what_it_said(value, message):
    with pytest.raises(Invalid) as e:
        _name(value)
    assert str(e.value) == message and e.value.at == ("name",)
