"""Move-log games entered by tapping: the record so far in, what the table offers next out.

The page keeps the record (plain data, as the YAML the CLI reads) and sends it with every tap; the
server keeps nothing between taps, so a reload or a restarted server loses nothing the page holds.
Each answer is the game's own `Table` (scorer/play.py): whose turn, the legal actions with their
costs, what is forced, what chance must say first, and `why_illegal` for a refused try, so the
page, `pnpkit moves` and `pnpkit check` cannot disagree. The position is drawn as the replay page
draws it: the last step of the record's replay, laid on the kit's own board (generator/tableau.py),
as one SVG drawing put into the page, every place of the board and every piece the moves name
marked with its name (`data-place`): the page makes those a person may tap buttons, in the words
of the moves that start or end there (each legal option's `words` and `places`).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnpkit.kitfile.errors import InputError, SourceError
from pnpkit.scorer.play import Ask, Dice, Draw, Option
from pnpkit.serve.sheets import to_yaml

MAX_RECORD_BYTES = 400_000        # a long game's record is a few tens of KB
MAX_PLAYERS = 6
MAX_ACTION = 200                  # an action is a few words, as the record writes it


class Refused(InputError):
    """A tap the page cannot take: the record unreadable, or an action that is not the table's."""


@dataclass(frozen=True)
class Tapped:
    """What a tap did: the record after it, or (refused) the rule that forbids it."""

    data: dict
    refusal: dict | None = None


def games() -> list[str]:
    """The games a table can be tapped through: those with a move log whose beginning the table can
    ask for (the descriptor's `opening`, or the players' names alone)."""
    from pnpkit.scorer.games import log_games
    return [g for g in log_games() if _startable(g)]


@lru_cache(maxsize=None)
def _startable(game: str) -> bool:
    from pnpkit.scorer.games import load
    if load(game).opening:
        return True
    try:
        _read(new_record(game, ["A", "B"]))
    except Refused:
        return False
    return True


def asks(game: str, names: list[str]) -> list[Ask]:
    """What the table asks before the first move, besides the names (roles, setup rolls, cards)."""
    from pnpkit.scorer.games import load
    return load(game).opening_asks(head(game), _names(names))


def new_record(game: str, names: list[str], answers: dict[str, str] | None = None) -> dict:
    """The record of a game about to begin: the game, its players in seat order, and what the
    opening's answers say (Refused naming an answer that cannot be read)."""
    from pnpkit.scorer.games import load
    try:
        return load(game).opening_record(head(game), _names(names), answers or {})
    except ValueError as e:
        raise Refused(str(e)) from None


def takes_up(game: str, text: str) -> bool:
    """Whether a saved record can be taken up at the table again: a move log of a tappable game."""
    from pnpkit.kitfile.source import parse
    if game not in games():
        return False
    try:
        _read(parse(text, "the record").data)
    except (Refused, SourceError):
        return False
    return True


def _names(names: list[str]) -> list[str]:
    return [n.strip() for n in names if n.strip()]


@lru_cache(maxsize=8)
def head(game: str):
    from pnpkit.kitfile.head import load_head
    return load_head(game)    # the kit's game and params: what the opening asks about


def _read(data: Any):
    """(game, record, kit) of the page's record, read as the CLI reads its YAML (Refused if not)."""
    from pnpkit.kitfile.source import parse
    from pnpkit.scorer import api
    if not isinstance(data, dict):
        raise Refused("the record is not a mapping")
    text = to_yaml(data)
    if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
        raise Refused("the record is too long for one game")
    try:
        game, record, kit = api.read_record(parse(text, "the record"))
    except SourceError as e:
        raise Refused(str(e)) from None
    if not game.is_move_log(record):
        raise Refused(f"a {game.id} record here is a move log")
    return game, record, kit


def tap(data: Any, action: str, chance: bool = False) -> Tapped:
    """The record with `action` (or, `chance`, what the dice or the draw gave) written in; a legal
    move the table refuses comes back as a refusal with the rule's id and the rulebook's words."""
    action = str(action).strip()
    if not action or len(action) > MAX_ACTION:
        raise Refused(f"an action is a few words, as the record writes it ({MAX_ACTION} characters at most)")
    game, record, kit = _read(data)
    table = game.table_of(record, kit)
    try:
        if chance:
            return Tapped(table.chance(data, action))
        why = table.why_illegal(action)
        if why is not None:
            return Tapped(data, {"action": action, "message": why.message, "rule": why.rule.id,
                                 "quote": why.rule.quote})
        return Tapped(table.extend(data, action))
    except ValueError as e:
        raise Refused(str(e)) from None


def view(data: Any) -> dict:
    """Everything the page shows about the record: the turn with its options, the position drawn,
    the scores so far, and the record as YAML (what the download holds)."""
    game, record, kit = _read(data)
    table = game.table_of(record, kit)
    turn = table.turn()
    result = game.score_record(record, _kit(game.id), steps=True)   # the steps name the kit's pieces
    steps = list(result.steps or [])
    # over when the table says so: the replay closes the turn in progress, whose end may lose the game
    # (Fair Verona, V20) while that turn still goes on at the table
    over = result.finished and turn.to_move is None
    yaml = to_yaml(data)
    legal, unexamined = _marked(table, turn.legal, yaml) if turn.to_move and not over else (
        [option_json(o) for o in turn.legal], 0)
    return {
        "game": game.id, "yaml": yaml, "record": data,
        "to_move": turn.to_move, "turn": turn.turn, "waiting": turn.waiting, "may_end_turn": turn.may_end_turn,
        "end_turn": _ends(table, turn),
        "legal": legal, "not_looked_ahead": unexamined,
        "forced": turn.forced, "notes": turn.notes, "dice": dice_json(turn.dice),
        "draw": draw_json(turn.draw),
        # the last step of an open turn closes it ("the turn ends here"): only where it is, then
        "step": (f"{steps[-1].where}: {steps[-1].did}" if over else steps[-1].where) if steps else "",
        # a turn in progress is drawn where the table is (the replay's last step closes it): Fair Verona's
        # tile in hand, with its ghosts
        "place_words": _place_words(table, turn),
        "board": (board(game.id, game.position_of().picture(table.state, _kit(game.id))) if turn.to_move and steps
                  else board(game.id, steps[-1].position) if steps else None),
        "score": {"finished": over, "valid": result.valid, "winners": list(result.winners or []),
                  "outcome": result.extra.get("outcome") if result.cooperative else None,   # won, lost
                  "players": [{"name": p.name, "total": p.total} for p in result.players],
                  # what the record breaks before the turn in progress, which may still go on
                  "violations": [v.to_json() for v in (result.violations if over else table.violations)]},
    }


DEAD_END = "leads to a dead end: nothing would be legal after it, only Undo"


def _marked(table, legal: list[Option], record_yaml: str) -> tuple[list[dict], int]:
    """The legal moves as the page offers them, a move after which nothing would be legal marked in
    its words (and `dead_end`) where the game's table looks one step ahead (scorer/table.py), and how
    many moves are not looked past yet: the look-ahead has a CPU budget a table answer, and the page
    asks again (`/table/view`) until it has looked past every move."""
    key = hashlib.sha256(record_yaml.encode("utf-8")).digest()     # a long record is not kept 64 times
    dead, left = _AHEAD.get(key, (set(), None))
    if left is None or left:
        more, rest = table.dead_ends(legal if left is None else [o for o in legal if o.text in left])
        dead, left = dead | more, {o.text for o in rest}
        _AHEAD.pop(key, None)
        if len(_AHEAD) >= 64:
            _AHEAD.pop(next(iter(_AHEAD)))
        _AHEAD[key] = (dead, left)
    out = [option_json(o) for o in legal]
    for o in out:
        o["dead_end"] = o["text"] in dead
        if o["dead_end"]:
            o["words"] = f"{o['words']} ({DEAD_END})"
    return out, len(left)


_AHEAD: dict[bytes, tuple[set[str], set[str]]] = {}
"""The look-ahead so far by record: the dead ends found, the moves not yet looked past."""


def _ends(table, turn) -> bool:
    """Whether the page offers `end the turn`: the turn may end here, and the game's table takes it
    as an action (Fair Verona; elsewhere what follows a turn says it ended, or the dice it names)."""
    from pnpkit.scorer.game import END_TURN_TEXT
    if not turn.may_end_turn or turn.to_move is None or turn.dice is not None:
        return False
    try:
        return table.why_illegal(END_TURN_TEXT) is None
    except ValueError:
        return False


def _place_words(table, turn) -> dict[str, str]:
    """The places the legal moves touch, named in the game's words where its rules name them
    (`place_words`: NUTS' `order-7` is "Order slot 7"); the page says the kit's name otherwise."""
    named = getattr(table.rules, "place_words", None)
    if named is None:
        return {}
    return {p: named(table.state, p) for o in turn.legal for p in o.places}


def option_json(o: Option) -> dict:
    """A legal action as the page shows it: in the rules' words, the board's places it touches (the
    first tapped, then the last), and the dice or the draw it is written with."""
    return {"text": o.text, "cost": o.cost, "dice": dice_json(o.dice), "draw": draw_json(o.draw),
            "words": o.words or o.text, "places": list(o.places)}


def draw_json(draw: Draw | None) -> dict | None:
    """What chance draws as the page's draw pad shows it: a button per kind with how many are left,
    and (`then`) the moves that complete each kind drawn; (`fewest`) whether fewer may be drawn, and
    (`keep`) a choice among all drawn."""
    if draw is None:
        return None
    return {"kinds": [list(k) for k in draw.kinds], "count": draw.count, "written": draw.written,
            "then": {kind: [option_json(o) for o in options] for kind, options in draw.then},
            "fewest": draw.count if draw.fewest is None else draw.fewest, "keep": [list(k) for k in draw.keep]}


def dice_json(dice: Dice | None) -> dict | None:
    """Dice as the page's dice pad draws them: a row of face buttons per die, rolls to collect."""
    if dice is None:
        return None
    return {"dice": list(dice.dice), "faces": dice.faces, "rolls": dice.rolls,
            "fewest": dice.rolls if dice.fewest is None else dice.fewest, "written": dice.written,
            "then": {roll: [option_json(o) for o in options] for roll, options in dice.then}}


@lru_cache(maxsize=8)
def _kit(game: str):
    from pnpkit.kitfile import load_kit
    return load_kit(game)      # the whole kit: its boards and counters are what is drawn


@lru_cache(maxsize=8)
def _tableau(game: str):
    from pnpkit.generator.tableau import Tableau
    # the board and every counter face drawn once, then reused for every tap; every place marked
    return Tableau(_kit(game), targets=True)


def board(game: str, position) -> list[dict]:
    """The position drawn with the kit's own art: each area (a board, what lies beside it, a row of
    cards) with its title, its width in mm and the markup of one SVG document, which the page parses
    as XML and lays out as the screen allows (side by side on a laptop, one under another on a
    phone). pnpkit's SVG backend writes it from the kit's shapes: a name a record gives (a player's,
    a place's) is only ever a text's or an attribute's escaped characters, so nothing in it is
    markup or runs (tests/test_serve_board.py)."""
    from pnpkit.generator.backends.svg import n, render_fragment
    tab = _tableau(game)
    tab.frame(list(position.areas))
    out = []
    for k, area in enumerate(position.areas):
        laid = tab.lay(area)
        w, h = max(laid.w, 10.0), max(laid.h, 5.0)
        body = render_fragment(tab.shapes(laid), f"a{k}c")    # ids unique among the page's drawings
        out.append({"title": laid.title, "w": round(w, 1),
                    "svg": f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" viewBox="0 0 {n(w)} {n(h)}">{body}</svg>'})
    return out


SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"


def record_of(text: str) -> Any:
    """The page's hidden field -> the record's data (Refused if it is not JSON)."""
    if len(text) > MAX_RECORD_BYTES:
        raise Refused("the record is too long for one game")
    try:
        return json.loads(text)
    except ValueError:
        raise Refused("the page's record is not readable: reload the page") from None
