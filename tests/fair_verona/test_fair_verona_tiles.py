"""Fair Verona's tiles as data (kits/fair-verona.yaml, kitfile/tileset.py): the box's counts, the
parts of each tile, and a mistake in the data refused at its line; the map built from them (edge
matching, the River, completed cities, banks and movement)."""
from __future__ import annotations

import pytest

from pnpkit.kitfile import SourceError, load_kit, structs
from pnpkit.kitfile.tileset import TileSpec, tile_type
from pnpkit.scorer.games.fair_verona.map import TileMap

KIT = load_kit("fair-verona", components=False)
TILES = KIT.params.tiles
T = TILES.types


def test_the_box_holds_72_base_tiles_and_12_river_tiles():
    base = {t.code: t.count for t in TILES.kinds if t.set == "base"}
    river = {t.code: t.count for t in TILES.kinds if t.set == "river"}
    assert sum(base.values()) == 72 and len(base) == 24 and list(base) == [chr(c) for c in range(ord("A"), ord("X") + 1)]
    assert base == {"A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3, "L": 3,
                    "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9, "W": 4, "X": 1}
    assert sum(river.values()) == 12 and river["R2"] == river["R3"] == 2
    assert KIT.params.old_town == "C" and T["C"].edges == ("city",) * 4 and T["C"].spec.shield


def test_what_the_tiles_show():
    shields = {c for c, t in T.items() if t.spec.shield}
    assert shields == {"C", "F", "M", "O", "Q", "S"}                     # 10 shields in the box
    assert sum(TILES.types[c].spec.count for c in shields) == 10
    assert {c for c, t in T.items() if t.spec.monastery} == {"A", "B", "R8"}
    assert [c for c, t in T.items() if t.spec.bridge] == ["R4"]
    assert (T["R1"].spec.end, T["R10"].spec.end) == ("spring", "lake")
    assert sum(1 for t in TILES.kinds for e in T[t.code].edges if e == "river") == 2 + 2 * 8   # per kind
    # the river divides a tile in two banks unless a bridge crosses it or it starts or ends there
    assert {c: len(t.banks) for c, t in T.items() if t.river} == {"R1": 1, "R2": 2, "R3": 2, "R4": 1, "R5": 2, "R6": 2,
                                                                 "R7": 2, "R8": 2, "R9": 2, "R10": 1}
    # H's two cities are two parts; G's one city joins west and east; L's roads end at the junction
    assert [f.sides() for f in T["H"].features if f.kind == "city"] == [[0], [2]]
    assert [f.sides() for f in T["G"].features if f.kind == "city"] == [[1, 3]]
    assert len([f for f in T["L"].features if f.kind == "road"]) == 3
    # R5's city is on the north bank, its road on the south one
    t = T["R5"]
    city = next(i for i, f in enumerate(t.features) if f.kind == "city")
    road = next(i for i, f in enumerate(t.features) if f.kind == "road")
    assert (t.bank_name(t.feature_bank[city]), t.bank_name(t.feature_bank[road])) == ("N", "S")
    assert T["R3"].distinct_turns == (0, 1, 2, 3) and T["B"].distinct_turns == (0,) and T["U"].distinct_turns == (0, 1)


@pytest.mark.parametrize("change, says", [
    ({"fields": ["Wn En"]}, "belong to no city, road, field or river"),
    ({"cities": ["N", "N"]}, "Nw also belongs to"),
    ({"roads": ["W", "E", "S"]}, "reaches S, whose edge is field"),
    ({"edges": "city road field"}, "give four kinds"),
    ({"bridge": True}, "no road crosses it here"),
    ({"fields": ["Wn N", "Ws S Es"]}, "reaches Nw, which the city on N takes"),
])
def test_a_tile_written_wrong_is_refused_saying_what(change, says):
    spec = {"code": "D", "name": "D", "set": "base", "count": 4, "edges": "city road field road", "cities": ["N"],
            "roads": ["W E"], "fields": ["Wn En", "Ws S Es"]} | change
    with pytest.raises(ValueError, match=says):
        tile_type(structs.convert(spec, TileSpec))


def test_a_kit_whose_tiles_do_not_add_up_to_the_box_is_refused_at_its_line(tmp_path):
    text = (KIT.path and open(KIT.path).read()).replace("{code: U, set: base, count: 8", "{code: U, set: base, count: 7")
    (tmp_path / "fv.yaml").write_text(text)
    with pytest.raises(SourceError) as e:
        load_kit(str(tmp_path / "fv.yaml"))
    assert "the Carcassonne tiles add up to 71; the box holds 72" in str(e.value) and "fv.yaml:" in str(e.value)


def _map(*laid: tuple[str, int, tuple[int, int]]) -> TileMap:
    m = TileMap(TILES)
    m.place("C", 0, (0, 0), 0)
    for k, (code, q, xy) in enumerate(laid, 1):
        assert m.why_not_fit(T[code], q, xy) is None, (code, q, xy, m.why_not_fit(T[code], q, xy))
        m.place(code, q, xy, k)
    return m


def test_sides_must_match_and_the_river_runs_on_without_turning_back():
    m = _map()
    assert m.why_not_fit(T["R5"], 0, (1, 0))[1] == "match"           # its river side meets the Old Town's city
    assert m.why_not_fit(T["R2"], 0, (1, 0))[1] == "match"           # no River tile but R5-R7 has a city side
    assert m.why_not_fit(T["R5"], 3, (1, 0)) is None
    m = _map(("R5", 3, (1, 0)))                                      # river north-south through [1, 0]
    assert "continues the river" in m.why_not_fit(T["R6"], 1, (-1, 0))[0]    # fits the Old Town, joins no river
    assert m.why_not_fit(T["R2"], 1, (1, 1)) is None
    m = _map(("R7", 3, (1, 0)))                                      # the river comes in from the east, bends south
    ways = {q: m.why_not_fit(T["R3"], q, (1, -1)) for q in range(4)}
    legal = [q for q, why in ways.items() if why is None]
    uturn = [q for q, why in ways.items() if why and why[1] == "river"]
    assert len(legal) == 1 and len(uturn) == 1 and "bend" in ways[uturn[0]][0]


def test_a_city_is_complete_when_no_side_of_it_is_open():
    m = _map(("E", 2, (0, 1)), ("E", 3, (1, 0)), ("E", 1, (-1, 0)))   # three caps round the Old Town
    assert not m.completes_city((0, 1))
    m.place("E", 0, (0, -1), 4)                                      # the fourth closes it
    assert m.completes_city((0, -1)) and m.completes_city((0, 0))
    m = _map(("G", 0, (1, 0)))                                       # the city runs on east through G
    assert not m.completes_city((1, 0))


def test_walking_roads_cities_and_the_river():
    # Old Town, R5 east of it (river north-south, its city against the Old Town, its road east)
    m = _map(("R5", 3, (1, 0)), ("R4", 0, (1, 1)), ("U", 1, (2, 0)), ("U", 1, (3, 0)))
    west = m.bank_named((1, 0), "W")
    assert west is not None and m.bank_name((1, 0, west)) == "W"
    start = (0, 0, 0)
    anyway = m.reach(start, None, 2)
    assert (1, 0, west) in anyway and (2, 0, 0) not in anyway        # the river bars [2, 0] ...
    assert (1, 1, 0) in anyway                                       # ... but the bridge tile is one bank
    assert m.reach(start, None, 4)[(2, 0, 0)] == 4                   # over the bridge and back down: 4 steps
    assert set(m.reach(start, "city", 4)) == {(1, 0, west)}          # the city goes no further than R5's cap
    east = 1 - west
    assert (3, 0, 0) in m.reach((1, 0, east), "road", 6)             # along R5's road east over the U tiles
    assert m.reach((1, 0, west), "road", 6) == {}                    # no road on the west bank
