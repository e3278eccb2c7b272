"""In the Nuts!: the board the replay plays on is the board the kit prints.

The rows, sections and face-up nut places are the kit's params (the scorer's); the printed board's
regions take their names and labels from them. Here every section is a printed region, labelled with
its starting spaces, lying over exactly those spaces of the printed starting track, and each row's
sections stacked in the order the rules check them (the first row nearest the track)."""
from __future__ import annotations

import msgspec
import pytest

from pnpkit.generator.components.board import track_places
from pnpkit.kitfile import load_kit
from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.kitfile.structs import convert

KIT = load_kit("in-the-nuts")
P = KIT.params
BOARD = next(c for c in KIT.components if c.name == "board")
REGIONS = {r.name: r for r in BOARD.regions}


def spaces_x() -> dict[int, tuple[float, float]]:
    """Each printed starting space -> its left and right edge."""
    out = {}
    for t in BOARD.tracks:
        for label, (x, _) in zip(t.spaces, track_places(t)):
            out[int(label)] = (x, x + t.space)
    return out


def test_the_track_is_the_sums_of_a_green_and_a_white_die():
    assert sorted(spaces_x()) == list(range(P.board.track[0], P.board.track[1] + 1)) == list(range(2, 13))


@pytest.mark.parametrize("sec", P.board.sections, ids=lambda s: s.region)
def test_each_section_is_printed_over_its_starting_spaces(sec):
    r = REGIONS[sec.region]
    xs = spaces_x()
    left, right = r.at[0], r.at[0] + r.size[0]
    inside = [n for n, (a, b) in xs.items() if left <= (a + b) / 2 <= right]
    assert inside == list(range(sec.lo, sec.hi + 1)), (sec.label, inside)
    if sec.above is None:
        assert r.label == f"{sec.need}-squirrel area"
    else:
        assert r.label == sec.label


def test_each_starting_space_is_where_the_replay_puts_its_squirrel():
    """params.track_printed names the board's tracks that print the starting track: space 8 is
    `start-8-12 8`, the place the replay page puts a squirrel rolled onto 8."""
    tracks = {t.name: t.spaces for t in BOARD.tracks}
    for space, place in P.board.printed.items():
        track, label = place.rsplit(" ", 1)
        assert label == str(space) and label in tracks[track], (space, place)
    assert sorted(P.board.printed) == list(range(2, 13))


def test_rows_are_printed_in_the_order_they_are_checked_first_row_nearest_the_track():
    tops = [min(REGIONS[P.board.sections[i].region].at[1] for i in row) for row in P.board.rows]
    assert tops == sorted(tops, reverse=True)


@pytest.mark.parametrize("place", P.board.places, ids=lambda p: p.region)
def test_each_face_up_nut_lies_under_its_spaces(place):
    r = REGIONS[place.region]
    centre = r.at[0] + r.size[0] / 2
    a, b = spaces_x()[place.lo][0], spaces_x()[place.hi][1]
    assert a <= centre <= b and r.label == place.label


def test_what_the_rules_derive_from_the_rows():
    b = P.board
    assert [(s.label, s.need, s.raccoon) for s in b.sections] == [
        ("2-4", 2, False), ("5-6", 2, False), ("7", 2, True), ("8-9", 2, False), ("10-12", 2, False),
        ("2-6", 3, False), ("7", 3, True), ("8-12", 3, False), ("2-12", 4, False)]
    above = {s.label + f"/{s.need}": b.sections[s.above].label if s.above is not None else None for s in b.sections}
    assert above == {"2-4/2": "2-6", "5-6/2": "2-6", "7/2": "7", "8-9/2": "8-12", "10-12/2": "8-12",
                     "2-6/3": "2-12", "7/3": "2-12", "8-12/3": "2-12", "2-12/4": None}
    places = {f"{s.label}/{s.need}": [b.places[i].label for i in s.places] for s in b.sections}
    assert places["5-6/2"] == ["5-6"] and places["2-6/3"] == ["2-4", "5-6"] and places["8-12/3"] == ["8-9", "10-12"]
    assert places["7/2"] == places["7/3"] == places["2-12/4"] == ["2-4", "5-6", "8-9", "10-12"]


@pytest.mark.parametrize("change, message", [
    ({"track": [1, 12]}, "not within 2-12"),
    ({"rows": [{"squirrels": 2, "sections": [{"spaces": "2-4", "region": "a"}, {"spaces": "6-12", "region": "b"}]}]},
     "must start at space 5"),
    ({"rows": [{"squirrels": 2, "sections": [{"spaces": "2-12", "region": "a"}]}]}, "exactly one nut place"),
    ({"track_printed": [{"spaces": "2-6", "track": "a"}, {"spaces": "8-12", "track": "b"}]}, "must start at space 7"),
    ({"track_printed": [{"spaces": "2-11", "track": "a"}]}, "the parts end at 11"),
])
def test_a_board_that_does_not_fit_together_is_refused(change, message):
    data = msgspec.to_builtins(P)
    data.update(change)
    with pytest.raises(ValueError, match=message):
        convert(data, Params)
