"""A die in a record (scorer/dice.py's `Die`): a plain whole number 1-6 is taken as written, without
the general conversion (a Chestnuts move log has a roll a turn); anything else says what it says."""
import pytest

from pnpkit.kitfile.structs import Invalid, convert
from pnpkit.scorer import dice
from pnpkit.scorer.games.chestnuts.record import TurnEntry


def test_a_roll_written_as_a_whole_number_1_to_6_skips_the_conversion(monkeypatch):
    def refused(value, model):
        raise AssertionError(f"converted {value!r}")
    monkeypatch.setattr(dice, "convert", refused)
    assert [convert({"roll": n}, TurnEntry).roll for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("value, message", [
    (0, "a die roll is 1 to 6, got 0"),
    (7, "a die roll is 1 to 6, got 7"),
    (-1, "a die roll is 1 to 6, got -1"),
    (10**30, f"a die roll is 1 to 6, got {10**30}"),
    (2.5, "expected a whole number, got 2.5"),
    ("x", "expected a whole number, got 'x'"),
    (True, "expected a whole number, got True"),
    (None, "expected a whole number, got None"),
    ([1], "expected a whole number"),
])
def test_a_bad_roll_says_what_a_die_shows_at_its_place(value, message):
    with pytest.raises(Invalid) as e:
        convert({"roll": value}, TurnEntry)
    assert (str(e.value), e.value.at) == (message, ("roll",))


@pytest.mark.parametrize("value", [2.0, "3", 6])
def test_a_roll_written_otherwise_is_still_read_as_pydantic_read_it(value):
    roll = convert({"roll": value}, TurnEntry).roll
    assert roll == int(value) and type(roll) is int
