"""In the Nuts!' fillable score pad: one page, a group of columns per player, a row per storage card;
the record it stands for is the final storage cards (docs/records/in-the-nuts.md).

The printed pad (kits/in-the-nuts.yaml `score-pad`) names its cells as the renderer lists them
(`p1-Nut-3b:_full_10`: group, column, row label, whose first word is the card's name); the form
names them for what they hold:

    pN.name                        the player's name (the line over their columns)
    pN.card3b.nut                  the kind on card 3b: walnut, hazelnut, beechnut, acorn (or W H B A)
    pN.card3b.nuts                 real nuts of that kind on it (jokers not counted)
    pN.card3b.jokers               its jokers, each by the two kinds it shows: acorn/hazelnut, or AH
    pN.card3b.points               the card's points, pN.points.total and pN.points.best (the most
                                   valuable full card): for the person; the scorer computes them
"""
from __future__ import annotations

import re

from pnpkit.kitfile.forms import Calc, Field, FormProblem, Layout, Values, count, items, named_seats, ordinal, text
from pnpkit.kitfile.forms import words as _words

COMPONENT = "score-pad"
PER_PLAYER = False
SIGNATURE = "p1.card2.nut"  # a field only this form has: a PDF with it is an In the Nuts! pad
COLUMNS = {"Nut": "nut", "Nuts": "nuts", "Jokers": "jokers", "Points": "points"}


def fields(kit) -> list[Field]:
    """A player's column of the pad: the name, then a row per storage card (its kind, nuts,
    jokers and points), then the total and the best full card, which the pad adds up."""
    params = kit.params
    kinds = tuple((k, k) for k in params.kinds)
    out = [Field("name", "Name", "name")]
    for c in params.cards:
        card = f"card{c.name}"
        said = f"storage card {c.name}"
        out += [Field(f"{card}.nut", "Nut", "pick", kinds, group=card, words=f"{said}, its kind of nut"),
                Field(f"{card}.nuts", "Nuts", "count", group=card, words=f"{said}, its nuts"),
                Field(f"{card}.jokers", "Jokers", "text", group=card, hint="acorn/hazelnut", words=f"{said}, its jokers"),
                Field(f"{card}.points", "Points", "points", group=card, words=f"{said}, its points",
                      calc=Calc("card", (f"{card}.nuts", f"{card}.jokers"), (c.size, c.points)))]
    cards = tuple(f"card{c.name}.points" for c in params.cards)
    out += [Field("points.total", "Total", "points", calc=Calc("sum", cards), words="total"),
            Field("points.best", "Best full card", "points", calc=Calc("most", cards, tuple(c.points for c in params.cards)),
                  words="best full card")]
    return out


def layout(kit) -> Layout:
    """The pad's columns for one player: a row per storage card, then the total and the best card."""
    rows = tuple((f"{c.name}: full {c.points}", tuple(f"card{c.name}.{x}" for x in ("nut", "nuts", "jokers", "points")))
                 for c in kit.params.cards)
    return Layout(("Nut", "Nuts", "Jokers", "Points"), rows, (("points.total", "points.best"),), row_head="Storage card")


def groups(kit) -> dict[str, str]:
    """The groups of boxes in the players' words (a box's own are its Field's `words`)."""
    return {"name": "name", **{f"card{c.name}": f"storage card {c.name}" for c in kit.params.cards}}


def words(box: str, kit) -> str:
    """`card3b.jokers` -> `storage card 3b, its jokers`, `card3b` -> `storage card 3b` (after "Chris's")."""
    return _words(fields(kit), groups(kit), box)


def said(where: str, entry: dict, kit) -> str:
    """A violation's place in a player's cards (`stores[1]`, `stores[1], jokers[0]`) in the players'
    words: `storage card 3b`, `storage card 3b, its first joker`."""
    m = re.fullmatch(r"stores\[(\d+)\](?:, jokers\[(\d+)\])?", where)
    if not m:
        return where
    said = words(box(where, entry), kit)
    return said if m[2] is None else f"{said}, its {ordinal(int(m[2]))} joker"


def box(where: str, entry: dict) -> str:
    """`stores[1]` -> that storage card's nut box; anything else about the player: the name."""
    stores = entry.get("stores", [])
    if (m := re.match(r"stores\[(\d+)\]", where)) and int(m[1]) < len(stores):
        return f"card{stores[int(m[1])]['card']}"
    return "name"


def points(label: str) -> str | None:
    """`card 3b (acorn, full)` -> `card3b.points`."""
    m = re.match(r"card (\w+)", label)
    return f"card{m[1]}.points" if m else None


def name(printed: str) -> str | None:
    """`p1-Nut-3b:_full_10` -> `p1.card3b.nut`, `p1-Points-Total` -> `p1.points.total`."""
    if m := re.fullmatch(r"(p\d)-name", printed):
        return f"{m[1]}.name"
    m = re.fullmatch(r"(p\d)-(\w+)-(.+)", printed)
    if not m or m[2] not in COLUMNS:
        return None
    if ":" in m[3]:
        return f"{m[1]}.card{m[3].split(':')[0]}.{COLUMNS[m[2]]}"
    if m[2] == "Points":
        return {"Total": f"{m[1]}.points.total", "Best_full_card": f"{m[1]}.points.best"}.get(m[3])
    return None


def record(values: Values, kit) -> dict:
    """The players whose name is written, in the pad's order, with their cards that hold something."""
    params = kit.params
    kinds = _kinds(params.kinds)
    read = {f.name for f in fields(kit) if f.kind != "points"}   # points boxes: for the person, never read
    players = []
    for p, player, page in named_seats(values, kit, read, PER_PLAYER):
        stores = [s for s in (_card(values, f"{p}card{c.name}", c.name, kinds, page) for c in params.cards) if s]
        players.append({"name": player, "stores": stores})
    if not players:
        raise FormProblem(1, "p1.name", "the pad is blank: write each player's name over their columns, and for each "
                                        "storage card the kind of nut on it, its nuts and its jokers")
    return {"game": "in-the-nuts", "players": players}


def fields_of(data: dict, kit) -> dict[str, str]:
    """The inverse of `record`: what each box of the pad holds for a final storage cards record (a
    saved game opened again to correct it); FormProblem for what the pad cannot hold (a move log,
    a card the pad has not, more players than columns)."""
    players = data.get("players") or []
    if not all(isinstance(p, dict) for p in players) or "turns" in data:
        raise FormProblem(None, "players", "this record is a move log, not the final storage cards")
    if len(players) > kit.game.max_players:
        raise FormProblem(None, "players", f"the pad holds {kit.game.max_players} players, not {len(players)}")
    cards = {str(c.name) for c in kit.params.cards}
    out: dict[str, str] = {}
    for seat, player in enumerate(players, 1):
        p = f"p{seat}."
        out[p + "name"] = str(player.get("name", ""))
        for store in player.get("stores") or []:
            card = str(store.get("card", ""))
            if card not in cards:
                raise FormProblem(seat, p + "name", f"the pad has no storage card {card!r}")
            box = f"{p}card{card}."
            out[box + "nut"] = str(store.get("nut", ""))
            out[box + "nuts"] = str(store.get("nuts", 0))
            out[box + "jokers"] = " ".join(str(j) for j in store.get("jokers") or [])
    return out


def _card(values: Values, box: str, card: str, kinds: dict[str, str], page: int) -> dict | None:
    nut, nuts, jokers = text(values, box + ".nut"), text(values, box + ".nuts"), items(values, box + ".jokers")
    if not (nut or nuts or jokers):
        return None
    if not nut:
        raise FormProblem(page, box + ".nut", f"write the kind of nut on card {card} ({_listed(kinds)})")
    kind = kinds.get(nut.lower())
    if kind is None:
        raise FormProblem(page, box + ".nut", f"expected a kind of nut ({_listed(kinds)}), not {nut[:40]!r}")
    if not nuts and not jokers:
        raise FormProblem(page, box + ".nuts", f"write how many {kind}s lie on card {card}")
    out: dict = {"card": card, "nut": kind, "nuts": count(values, box + ".nuts", "nuts", page)}
    if jokers:
        out["jokers"] = [_joker(j, kinds, box + ".jokers", page) for j in jokers]
    return out


def _kinds(names: list[str]) -> dict[str, str]:
    """Each kind by its name, and by its initial where no other kind shares it."""
    out = {k.lower(): k for k in names}
    initials = [k[0].lower() for k in names]
    out |= {i: k for i, k in zip(initials, names) if initials.count(i) == 1}
    return out


def _listed(kinds: dict[str, str]) -> str:
    return ", ".join(sorted(set(kinds.values()), key=list(kinds.values()).index)) + " or the initial"


def _joker(written: str, kinds: dict[str, str], field: str, page: int) -> str:
    """`acorn/hazelnut`, `a/h` or `AH` -> `acorn/hazelnut` (a pair the scorer checks against the deck)."""
    parts = written.lower().split("/") if "/" in written else list(written.lower()) if len(written) == 2 else [written]
    if len(parts) == 2 and all(x in kinds for x in parts):
        return "/".join(kinds[x] for x in parts)
    raise FormProblem(page, field, f"expected each joker as the two kinds it shows (acorn/hazelnut, or AH), "
                                   f"not {written[:40]!r}")
