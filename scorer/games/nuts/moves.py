"""NUTS' rules (the `Rules` protocol of scorer/protocol.py): why a step is illegal here, the legal
moves. A turn is its actions, then `run` (the end of the actions, with the squirrel's dice: U12 and
the run), then goal claims, then `done`; a pass is a turn of its own. What a step does is
effects.py's.

Refill and Plan hold their chance (the Order cards flipped, the Bonus cards drawn): why_illegal
plays them on a copy to judge the cards; `legal_moves` lists the choices only (chance left out).
So do the steps of chance the record writes whole (the setup's cards, a round's start, a run's
dice): everything wrong with one is found on a copy, and each is reported in turn.
"""
from __future__ import annotations

from functools import lru_cache

from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal
import pnpkit.scorer.games.nuts.effects as auto
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.checks import end_problem, one_path, setup_problems, why_round_open
from pnpkit.scorer.games.nuts.effects import apply, as_played
from pnpkit.scorer.games.nuts.floor import TILES, cell_text
from pnpkit.scorer.games.nuts.notation import parse, place_words, places, words, write as write_action
from pnpkit.scorer.games.nuts.state import Action, RoundEnd, Run, Setup, Start, State, Step

__all__ = ["apply", "as_played", "candidates", "chance", "holds_chance", "is_over", "legal_moves", "place_words", "places", "read",
           "repeats", "to_move", "why_drawn", "why_illegal", "words", "write"]
GAME_OVER = "the game is over: the round ended with a player holding 2 complete rows; nothing more is played"


def to_move(s: State) -> int | None:
    """The seat to decide; None while chance is due (a round's start, the run after `end`)."""
    if s.over or s.round_over or (s.turn.ended and s.turn.ran is None):
        return None
    return s.active


def is_over(s: State) -> bool:
    return s.over


def chance(s: State) -> tuple:
    """The record writes chance whole (a round's start, a run's dice): nothing is listed apart."""
    return ()


def why_illegal(s: State, a: Step) -> Illegal | None:
    if a.__class__ is RoundEnd:
        return why_round_open(s)
    if a.__class__ is not Action:
        return _why_chance(s, a)
    return _why_verb(s, a.verb) or _why_args(s, a)


def _why_verb(s: State, verb: str) -> Illegal | None:
    """What of why_illegal depends on the verb alone (the game's and the round's end, the turn's
    step, the cost): the same for every candidate of a verb, so `legal_moves` asks it once a verb."""
    if s.over:
        return Illegal(GAME_OVER, R.GAME_END)
    if s.round_over:
        return Illegal("the round has ended: every player passed in succession", R.ROUND_END)
    t, me = s.turn, s.me()
    if verb == "pass":
        return None if t.acted == 0 else Illegal("a pass comes instead of a play, not after actions", R.TURN_ORDER)
    if verb == "done":
        return None if t.ran is not None else Illegal("the actions have not ended yet", R.THEN_RUN)
    if verb == "claim":
        return None
    if verb == "end":
        if t.ran is not None or t.ended:
            return Illegal("the actions have ended already", R.THEN_RUN)
        return end_problem(s)
    if t.ran is not None or t.ended:
        return Illegal(f"{verb} after the actions ended", R.THEN_RUN)
    cost = s.f.cost[verb]
    if me.tokens < cost:
        return Illegal(f"{verb} costs {cost} Action token{'s' if cost > 1 else ''}; {me.name} has {me.tokens} left",
                       R.AFFORD if t.acted or me.tokens else R.U18)
    return None


def _why_args(s: State, a: Action) -> Illegal | None:
    """The rest of why_illegal, once `_why_verb` allows the verb: the action's own arguments, and U12
    at the last token."""
    if a.verb == "claim":
        return _why_claim(s, a.args[0])
    if a.verb in ("pass", "done", "end"):
        return None
    return _WHY[a.verb](s, a) or _last_token(s, a)


def _last_token(s: State, a: Action) -> Illegal | None:
    """U12 at the last token: an action that spends the player's last Action token where no one
    Matching Path then passes every configuring action leaves the turn no legal end (`end` breaks U12,
    a pass comes too late, no token is left to mend the floor). Refused here, so the table never
    offers it. Refill, Plan and Feed change no path (a filled slot never matches, Filling Order Slots)."""
    if s.me().tokens > s.f.cost[a.verb] or not (s.turn.places or a.verb in s.f.configuring):
        return None
    if a.verb in s.f.configuring:
        after = s.floor_copy()
        apply(after, a)
        why = end_problem(after)
    else:
        why = one_path(s, s.paths())
    if why is None:
        return None
    return Illegal(f"{write_action(a)} spends the last of {s.me().name}'s Action tokens, and then {why.message}: the turn "
                   "could not end", why.rule)


def _why_chance(s: State, a: Step) -> Illegal | None:
    """A step of chance as the record writes it, with everything wrong with it found on a copy and
    given one at a time (effects.as_played counts them off); a turn's end is always taken."""
    if a is END_TURN:
        return None
    if s.over:
        return Illegal(GAME_OVER, R.GAME_END)
    if s.judged[0] is not a:
        s.judged, s.skip = (a, *_chance_problems(s, a)), 0
    found = s.judged[1]
    return found[s.skip] if s.skip < len(found) else None


def _chance_problems(s: State, a: Step) -> tuple[list[Illegal], object]:
    """Everything wrong with a step of chance, and what effects.py may reuse to play it: the floor's
    Matching Paths of a run, the position a round's start leads to (played on a copy)."""
    if a.__class__ is Setup:
        return setup_problems(s, a.setup), None       # type: ignore[union-attr]
    if a.__class__ is Run:
        paths = s.paths()
        return auto.run_found(s, list(a.dice), open_=a.open, paths=paths), paths      # type: ignore[union-attr]
    assert a.__class__ is Start
    found = [] if s.round_over else [Illegal(
        f"round {s.round} ends here, but not every player passed in succession", R.ROUND_END)]
    t = s.copy()
    more, t.said = auto.start_round(t, a.hunger, list(a.orders))       # type: ignore[union-attr]
    return found + [w for w in more if not (a.open and w.rule is R.FILL)], t    # type: ignore[union-attr]


def repeats(s: State, why: Illegal) -> bool:
    """The round's end is reported once a turn; so is the one-path rule (U12), which an action
    spending the last token may break before the run does."""
    key = why.rule.id if why.rule is R.ROUND_END else (
        (why.rule.id, s.round, s.index) if why.rule is R.ONE_PATH or why.rule is R.ONE_PATH_END else None)
    if key is not None:
        if key in s.once:
            return True
        s.once.add(key)
    return False


def _why_plan(s: State, a: Action) -> Illegal | None:
    drawn, kept = a.args
    draw = s.f.plan_draw
    deck = s.bonus_deck if len(s.bonus_deck) >= draw else s.bonus_deck | s.bonus_discards
    want = min(draw, len(deck))
    if want == 0:
        return Illegal("no Bonus card is left to draw (deck and discards are empty)", R.U17)
    if len(drawn) != want or len(set(drawn)) != len(drawn):
        return Illegal(f"Plan draws {want} different Bonus cards; {len(drawn)} written", R.PLAN)
    for c in drawn:
        if c not in deck:
            return Illegal(f"{c} is not in the Bonus deck (drawn before, or not a card of the deck)", R.U17)
    if len(set(kept)) < min(s.f.keep_at_least, want):
        return Illegal("no card kept" if not kept else f"{len(set(kept))} kept: keep at least {s.f.keep_at_least}",
                       R.PLAN)
    for c in kept:
        if c not in drawn or list(kept).count(c) > 1:
            return Illegal(f"{c} is kept but was not drawn", R.PLAN)
    return None


def _why_refill(s: State, a: Action) -> Illegal | None:
    if not s.fillable():
        return Illegal("no Order slot is empty (or every empty one takes all four nuts)", R.U16)
    found, _ = auto.fill(s.copy(), list(a.args), s.f.refill, R.REFILL)
    return found[0] if found else None


def _why_build(s: State, a: Action) -> Illegal | None:
    kind, row, left, right = a.args
    cell = (row, left)
    if kind.startswith("-"):
        if cell not in s.tiles:
            return Illegal(f"no tile lies on {row}:{left}-{right} to remove", R.BUILD_WHAT)
        if kind != "-" and s.tiles[cell] != kind[1:]:
            return Illegal(f"the tile on {cell_text(cell)} is {s.tiles[cell]}, not {kind[1:]}", R.U9)
        return None
    if right != left + 1 or cell not in s.f.cells:
        return Illegal(f"{row}:{left}-{right} is not a cell printed on the floor (rows 1 and 3 over columns 1-2, "
                       "3-4, ...; row 2 over 2-3, 4-5, ...)", R.U8)
    if cell in s.tiles:
        return Illegal(f"a tile ({s.tiles[cell]}) already lies on {cell_text(cell)}", R.BUILD)
    if s.supply[s.f.face_of[kind]] <= 0:
        return Illegal(f"no {s.f.face_of[kind]} tile is left in the supply", R.U9)
    return None


def _why_salt(s: State, a: Action) -> Illegal | None:
    frm, to = a.args
    if frm not in s.salters:
        return Illegal(f"no Salter stands on square {frm} (Salters: {', '.join(map(str, sorted(s.salters)))})",
                       R.SALT_HOP)
    if not 1 <= to <= s.columns or {frm, to} == {1, s.columns}:
        return Illegal(f"square {to} is not beside {frm} on the row", R.SALT_TELEPORT)
    if abs(frm - to) != 1:
        return Illegal(f"{frm} to {to} is not one space", R.SALT_HOP)
    if to in s.salters:
        return Illegal(f"a Salter already stands on square {to}", R.SALT_HOP)
    return None


def _why_repo(s: State, a: Action) -> Illegal | None:
    frm, to = a.args
    for slot in (frm, to):
        if not 1 <= slot <= s.columns:
            return Illegal(f"there is no Order slot {slot} (1-{s.columns})", R.REPO)
    if s.orders[frm - 1] is None:
        return Illegal(f"no Order lies in slot {frm}", R.REPO)
    if s.orders[to - 1] is not None:
        return Illegal(f"slot {to} holds an Order: it is not empty", R.REPO)
    return None


def _why_swap(s: State, a: Action) -> Illegal | None:
    x, y = a.args
    for d in (x, y):
        if not 1 <= d <= s.columns:
            return Illegal(f"there is no Dispenser {d} (1-{s.columns})", R.SWAP)
    return None if x != y else Illegal(f"swap names Dispenser {x} twice", R.SWAP)


def _why_claim(s: State, goal: str) -> Illegal | None:
    if not s.turn.ran:
        return Illegal("a goal is claimed after the factory runs, in the turn's last step", R.U19)
    if goal not in s.goals:
        return Illegal(f"{goal!r} is not a goal card ({', '.join(s.goals)})", R.U4)
    if goal in s.claimed:
        return Illegal(f"{goal} is already claimed by {s.claimed[goal]}", R.U4)
    box, need = s.goals[goal]
    have = getattr(s.me(), box)
    if have < need:
        return Illegal(f"{goal} needs {need} markers in the {box.capitalize()} box; {s.me().name} has {have}", R.CLAIM)
    return None


_WHY = {"plan": _why_plan, "feed": lambda s, a: None, "refill": _why_refill, "build": _why_build,
        "salt": _why_salt, "repo": _why_repo, "swap": _why_swap}


def legal_moves(s: State) -> list[Action]:
    """The choices why_illegal accepts now (Plan and Refill, whose cards are chance, and the run,
    whose dice are, left out: `choices` lists them). why_illegal is `_why_verb or _why_args`; the
    verb's part, the same for every candidate of a verb, is asked once a listing."""
    verbs: dict[str, Illegal | None] = {}
    out = []
    for a in candidates(s):
        v = a.verb
        if (verbs[v] if v in verbs else verbs.setdefault(v, _why_verb(s, v))) is None and _why_args(s, a) is None:
            out.append(a)
    return out


def candidates(s: State) -> list[Action]:
    t = s.turn
    if s.over or s.round_over:
        return []
    if t.ran is not None:
        return [Action("claim", (g,)) for g in s.goals] + [Action("done")]
    head, build, moving = _floor_candidates(s.f.cells, s.columns)
    return [*head, *build, *(Action("salt", (x, x + d)) for x in sorted(s.salters) for d in (-1, 1)), *moving]


@lru_cache(maxsize=8)
def _floor_candidates(cells: frozenset, columns: int) -> tuple[tuple[Action, ...], ...]:
    """The candidates a floor's size fixes (made once a kit, not at each listing: a listing made its
    ~400 Actions anew, a third of its time): pass, end, feed; every build; every repo and swap."""
    head = (Action("pass"), Action("end"), Action("feed"))
    build = tuple(Action("build", (k, r, a, a + 1)) for (r, a) in sorted(cells) for k in TILES + ("-",))
    moving = tuple([Action("repo", (x, y)) for x in range(1, columns + 1) for y in range(1, columns + 1) if x != y]
                   + [Action("swap", (x, y)) for x in range(1, columns + 1) for y in range(x + 1, columns + 1)])
    return head, build, moving


def why_drawn(s: State, verb: str) -> Illegal | None:
    """Why Refill or Plan may not be taken now, whatever cards chance gives them (the table offers
    them with their draw): the turn, the tokens, an empty slot or a Bonus card to draw, U12 at the
    last token. The cards themselves are judged by why_illegal once drawn."""
    if to_move(s) is None or s.turn.ran is not None or s.turn.ended:
        return Illegal("no action may be taken now", R.THEN_RUN)
    a = Action(verb, ((), ()) if verb == "plan" else ())
    if s.me().tokens < s.f.cost[verb]:
        return Illegal(f"{verb} costs {s.f.cost[verb]} Action token; {s.me().name} has {s.me().tokens}", R.AFFORD)
    if verb == "refill" and not s.fillable():
        return Illegal("no Order slot is empty (or every empty one takes all four nuts)", R.U16)
    if verb == "plan" and not (s.bonus_deck or s.bonus_discards):
        return Illegal("no Bonus card is left to draw (deck and discards are empty)", R.U17)
    return _last_token(s, a)


def holds_chance(a: Action) -> bool:
    """Whether the action's arguments are chance (a Refill's flips, a Plan's draw): `legal_moves`
    leaves it out, the simulator plays it with the cards chance gives, `why_illegal` judges them."""
    return a.verb in ("plan", "refill")


def read(s: State, text: str) -> Action:
    """An action in the record's notation (`pass` a pass); `end the turn` once the factory has run,
    `done` (before it, a turn ends with `end` and its run)."""
    said = " ".join(str(text).lower().split())
    if said == "pass":
        return Action("pass")
    if said == END_TURN_TEXT and s.turn.ran is not None:
        return Action("done")
    return parse(text)


def write(s: State, a: Step) -> str:
    if a.__class__ is not Action:
        raise ValueError(f"{a} is written with its round or turn, not on a line of its own")
    return write_action(a)      # type: ignore[arg-type]
