"""Fair Verona's move-log notation: a turn is a mapping of what happened, phase by phase, and each
entry is also an action `pnpkit moves --try` takes (`place 1 0 turned 90`).

| key | written | what |
| --- | --- | --- |
| `draw` | `R3` | the face-down tile drawn (its code on the tile key) |
| `take` | `R3` | instead: one of the player's own face-up tiles taken |
| `place` | `1 0 turned 90` / `aside` | where it went ([east, north]) and its turn clockwise; `aside`: it could not be placed |
| `friend` | `JK` | a Joker turned up while drawing the Friend the placement made |
| `encounter` | `9D` / `[JK, 9D]` | the card drawn for the next player after `aside` (a Joker first, if one came) |
| `clear` | `9D with Ben friend 5H` | the one attempt at an Encounter: its card, the helpers, the Friend played |
| `move` | `road 3 0` / `any 1 1 bank N` | the movement: the way (the kit's codes) and the tile reached, and its bank where the river divides it |
| `give` | `Ann to Ben` / a list | a Clue Token handed over on a shared tile |
| `clue` | `5S` / `[JK, 5S]` | the new Clue Card drawn when a Clue Token came back to Verona |

Only what the table saw is written: the replay works out Friends made, Clue Tokens won and returned,
Jokers discarded, and the end.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from pnpkit.scorer.games.fair_verona.cards import Card, parse_card
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.fair_verona.map import XY, xy_text
from pnpkit.scorer.games.fair_verona.state import (DRAW, FACE_DOWN, SETUP_STEPS, UNSEEN, Action, AfterEnd, Clear, Clue,
                                                   ClueCard, Deal, Draw, Encounter, FirstTurn, Friend, Give, Identity,
                                                   Move, Place, Players, State, Step, Take)

KEYS = ("draw", "take", "place", "friend", "encounter", "clear", "move", "give", "clue")
REPEATED = {"friend", "encounter", "give", "clue"}     # written as a list when more than one
NOTATION = ("draw CODE | take CODE | place E N [turned 90|180|270] | place aside | friend JK | encounter CARD | "
            "clear CARD [with NAME, NAME] [friend CARD] | move WAY E N [bank SIDE] | give NAME to NAME | clue CARD")


_INT = r"(-?\d{1,4})"


def _coords(text: str, what: str) -> XY:
    m = re.fullmatch(rf"\[?\s*{_INT}\s*,?\s+{_INT}\s*\]?|\[\s*{_INT}\s*,\s*{_INT}\s*\]", text.strip())
    if not m:
        raise ValueError(f"{what}: {text!r} is not a tile's place: write east and north of Verona's tile, e.g. `1 -2`")
    nums = [int(g) for g in m.groups() if g is not None]
    return nums[0], nums[1]


def parse(key: str, text: str, names: list[str]) -> Action:
    """One entry: `key` (a turn's key) and its text. ValueError says what it expects."""
    return _parse(key, str(text).strip(), tuple(names))


@lru_cache(maxsize=4096)
def _parse(key: str, text: str, names: tuple[str, ...]) -> Action:
    if key not in KEYS:
        raise ValueError(f"{key!r} is not part of a turn (expected one of: {', '.join(KEYS)})")
    if key in ("draw", "take"):
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,3}", text):
            raise ValueError(f"{key}: {text!r} is not a tile code: write the code the tile key prints, e.g. `R3` or `D`")
        return (Draw if key == "draw" else Take)(text.upper())
    if key == "place":
        return _place(text)
    if key in ("friend", "encounter", "clue"):
        return {"friend": Friend, "encounter": Encounter, "clue": Clue}[key](parse_card(text))
    if key == "clear":
        m = re.fullmatch(r"(\S+)(?:\s+with\s+(.*?))?(?:\s+friend\s+(\S+))?", text)
        if not m:
            raise ValueError(f"clear: {text!r}: write the Encounter card, the helpers and the Friend played, e.g. "
                             f"`9D with Ben, Cat friend 5H`")
        return Clear(parse_card(m[1]), tuple(_names(m[2], names)) if m[2] else (),
                     parse_card(m[3]) if m[3] else None)
    if key == "move":
        m = re.fullmatch(r"([a-z]+)\s+(.*?)(?:\s+bank\s+([NSEWnsew]{1,2}))?", text)
        if not m:
            raise ValueError(f"move: {text!r}: write the way and the tile reached, e.g. `road 3 0` or `any 1 1 bank N`")
        return Move(m[1], _coords(m[2], "move"), m[3].upper() if m[3] else None)
    m = re.fullmatch(r"(.+?)\s+to\s+(.+)", text)          # give
    if not m:
        raise ValueError(f"give: {text!r}: write who hands the Clue Token to whom, e.g. `Ann to Ben`")
    giver, to = _names(m[1], names), _names(m[2], names)
    if len(giver) != 1 or len(to) != 1:
        raise ValueError(f"give: {text!r}: one player hands the Clue Token to one other")
    return Give(giver[0], to[0])


def _place(text: str) -> Place:
    if text.lower() == "aside":
        return Place(None)
    m = re.fullmatch(r"(.*?)(?:\s+turned\s+(\d+))?", text)
    assert m is not None
    xy = _coords(m[1], "place")
    deg = int(m[2] or 0)
    if deg not in (0, 90, 180, 270):
        raise ValueError(f"place: turned {deg}: a tile turns 90, 180 or 270 (degrees clockwise from the tile key)")
    return Place(xy, deg // 90)


def _names(text: str, names: tuple[str, ...] | list[str]) -> list[str]:
    out = []
    for part in re.split(r",|\band\b", text):
        part = part.strip()
        if not part:
            continue
        if part not in names:
            raise ValueError(f"{part!r} is not a player (players: {', '.join(names)})")
        out.append(part)
    return out


def card_text(card: Card) -> str:
    """A card as the record writes it: `QS`, `10H`, `JK`."""
    return "JK" if card.joker else f"{card.rank}{card.suit}"


def entry(a: Action) -> str:
    """What the record writes under the action's key: `1 0 turned 90`, `9D with Ben friend 5H`."""
    if isinstance(a, (Draw, Take)):
        return a.code or ""
    if isinstance(a, Place):
        return "aside" if a.xy is None else f"{a.xy[0]} {a.xy[1]}" + (f" turned {a.quarters * 90}" if a.quarters else "")
    if isinstance(a, Clear):
        return card_text(a.card) + (f" with {', '.join(a.helpers)}" if a.helpers else "") + \
            ("" if a.friend is None else " friend" if a.friend == UNSEEN else f" friend {card_text(a.friend)}")
    if isinstance(a, Move):
        return f"{a.way} {a.xy[0]} {a.xy[1]}" + (f" bank {a.bank}" if a.bank else "")
    if isinstance(a, Give):
        return f"{a.giver} to {a.to}"
    return card_text(a.card)


def text(a: Action) -> str:
    """The action as `pnpkit moves` lists it and `--try` takes it: `place 1 0 turned 90`; the
    decisions chance completes, `draw` and `clear 9D friend`. parse_text(text(a), names) == a."""
    return "draw" if a is DRAW or (a.key == "draw" and a.code is None) else f"{a.key} {entry(a)}"


def parse_text(action: str, names: list[str]) -> Action:
    """`place 1 0 turned 90` (an action as `--try` gives it) -> Action; `draw` alone, and a `clear`
    ending in `friend`, are the decisions before chance shows the tile or the Friend card (a record
    writes them with it)."""
    key, _, rest = str(action).strip().partition(" ")
    if key.rstrip(":") in KEYS:
        key = key.rstrip(":")
    rest = rest.strip()
    if key == "draw" and not rest:
        return DRAW
    if key == "clear" and (rest.endswith(" friend") or rest == "friend"):
        a = parse(key, rest[:-len("friend")].strip(), names)
        if isinstance(a, Clear) and a.friend is None:
            return Clear(a.card, a.helpers, UNSEEN)
    return parse(key, rest, names)


def entries(turn: dict, names: list[str]) -> list[Action]:
    """A turn's mapping as its actions, in the order the phases come (clue cards last: the replay
    takes them when a Clue Token comes back)."""
    out = []
    for key in KEYS:
        if key not in turn or turn[key] is None:
            continue
        values = turn[key] if isinstance(turn[key], list) else [turn[key]]
        out += [parse(key, v, names) for v in values]
    return out


def write(turn: dict, action: Action) -> dict:
    """The turn with the action written in (a repeated key becomes a list)."""
    out = dict(turn)
    if action.key in REPEATED and action.key in out:
        old = out[action.key]
        out[action.key] = (old if isinstance(old, list) else [old]) + [entry(action)]
    else:
        out[action.key] = entry(action)
    return out


def place(st: State, spot) -> str:
    """A meeple's place on the map, as the picture names it: `1 0`, `1 0 N` on a bank."""
    xy = spot[:2]
    return f"{xy[0]} {xy[1]}" + (f" {st.map.bank_name(spot)}" if st.map.banks(xy) > 1 else "")


def places(st: State, a: Step) -> tuple[str, ...]:
    """What step `a` touches, in the picture's names (scorer/games/fair_verona/position.py): the map's
    place a tile is laid on with its turn (`1 0 turned 90`, the ghost a tapped table draws there), a
    meeple's place and where it goes, where a Clue Token changes hands."""
    if a.__class__ is Place and a.xy is not None:       # a ghost of the tile in hand, one per turn of it
        return (f"{a.xy[0]} {a.xy[1]} turned {90 * a.quarters}",)    # type: ignore[union-attr]
    if a.__class__ is Move:
        xy = a.xy   # type: ignore[union-attr]
        return (place(st, st.player.spot), f"{xy[0]} {xy[1]}" + (f" {a.bank}" if a.bank else ""))  # type: ignore[union-attr]
    if a.__class__ is Give:
        return (place(st, st.person(a.giver).spot),)     # type: ignore[union-attr]
    return ()


def place_words(st: State, place: str) -> str:
    """A place `places` names, in words: `1 0` "the tile at 1 0", `1 0 NW` "the NW bank at 1 0",
    `1 0 turned 90` "R7 at 1 0, turned 90 degrees" (the tile in hand's ghost)."""
    parts = place.split()
    if len(parts) == 4 and parts[2] == "turned":
        return f"{st.hand or 'the tile'} at {parts[0]} {parts[1]}" + (f", turned {parts[3]} degrees" if parts[3] != "0" else "")
    if len(parts) == 3:
        return f"the {parts[2]} bank at {parts[0]} {parts[1]}"
    return f"the tile at {place}"


def words(st: State, a: Step) -> str:
    """What step `a` does, in one sentence, in position `st` (before it is played)."""
    name = st.player.name
    if a is END_TURN:
        return f"{name} ends the turn"
    if a is FACE_DOWN:
        return f"the Friend card {name} drew goes face down"
    kind = a.__class__
    if kind in SETUP_STEPS or kind is AfterEnd:
        return _setup_words(st, a)
    if kind is Draw:
        return f"{name} draws " + ("a face-down tile" if a.code is None else a.code)     # type: ignore[union-attr]
    if kind is Take:
        return f"{name} takes the face-up {a.code}"     # type: ignore[union-attr]
    if kind is Place:
        return (f"{name} sets {st.hand} aside" if a.xy is None else       # type: ignore[union-attr]
                f"{name} lays {st.hand} at {entry(a)}")          # type: ignore[arg-type]
    if kind is Clear:
        said = f"{name} attempts the Encounter {entry(replace(a, friend=None))}"     # type: ignore[arg-type]
        friend = a.friend       # type: ignore[union-attr]
        return said if friend is None else said + (", playing a face-down Friend card (then tap the card turned up)"
                                                    if friend == UNSEEN else f", playing the Friend card {friend}")
    if kind is Move:
        return f"{name} moves {a.way} to {xy_text(a.xy)}" + (f", bank {a.bank}" if a.bank else "")   # type: ignore[union-attr]
    if kind is Give:
        return f"{a.giver} hands the Clue Token to {a.to}"      # type: ignore[union-attr]
    if kind is Friend:
        return f"a Joker turns up while {name} draws a Friend"
    if kind is Encounter:
        return f"{a.card} is drawn for an Encounter"            # type: ignore[union-attr]
    return f"the next Clue Card drawn is {a.card}"              # type: ignore[union-attr]


def _setup_words(st: State, a: Step) -> str:
    if a.__class__ is Players:
        return f"{a.count} players sit down"        # type: ignore[union-attr]
    if a.__class__ is Identity:
        return f"{a.name}'s Identity is {a.card}"   # type: ignore[union-attr]
    if a.__class__ is ClueCard:
        return f"the first Clue Card drawn is {a.card}"     # type: ignore[union-attr]
    if a.__class__ is Deal:
        return "the Friends are dealt and the game begins"
    if a.__class__ is FirstTurn:
        return "the first turn begins"
    if a.__class__ is AfterEnd:
        return "a turn after the game's end"
    return "the game goes on from the table written under start:"


# ---- a `start:` position's places (start.py): a tile laid, where a meeple stands

def read_laid(text: str) -> tuple[str, XY, int]:
    """`R5 -1 0 turned 90` (a tile on the map: its code, then its place as `place` writes it) ->
    (code, xy, quarter turns). ValueError saying what it expects."""
    code, _, rest = str(text).strip().partition(" ")
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,3}", code) or not rest.strip() or rest.strip().lower() == "aside":
        raise ValueError(f"{text!r}: write a tile laid as its code on the tile key and its place, e.g. "
                         f"`R5 -1 0 turned 90`")
    p = _place(rest.strip())
    assert p.xy is not None
    return code.upper(), p.xy, p.quarters


def laid_text(code: str, xy: XY, quarters: int) -> str:
    """read_laid's inverse: `R5 -1 0 turned 90`."""
    return f"{code} {entry(Place(xy, quarters))}"


def read_spot(text: str) -> tuple[XY, str | None]:
    """`-1 0` or `-1 0 bank E` (a meeple's tile, and its bank where the river divides it)."""
    m = re.fullmatch(r"(.*?)(?:\s+bank\s+([NSEWnsew]{1,2}))?", str(text).strip())
    assert m is not None
    return _coords(m[1], "at"), m[2].upper() if m[2] else None


def spot_text(xy: XY, bank: str | None) -> str:
    """read_spot's inverse."""
    return f"{xy[0]} {xy[1]}" + (f" bank {bank}" if bank else "")
