"""NUTS: what a step does to the position. What happens without a decision, played from the chance
the record writes: the setup's cards, a round's start (tokens, the Hunger die, the Order slots
filled), filling slots (U16), the end of a turn's actions (the one-path rule U12, the run: the
squirrel U14, eating, scoring U15), passes and the round's and the game's end (U18, U7); and what
each action does (`apply`).

The functions of chance apply what the record says as the table evidently played it and return what
the record breaks on the way (Illegal values, which moves.why_illegal reports, played on a copy),
with words for --explain.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import AGAIN, Illegal, Played, Stop
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.checks import end_problem, unplayable
from pnpkit.scorer.games.nuts.floor import NUTS, SHORT, Path
from pnpkit.scorer.games.nuts.notation import Die, card, die_text
from pnpkit.scorer.games.nuts.state import Action, RoundEnd, Run, Setup, Start, State, Step, Turn


def draw_order(s: State, n: int, part: str = "") -> Illegal | None:
    """Take an Order of nut `n` off the deck (rebuilt from the discards when empty, U16); the kit
    prints so many of each nut (`part`: the card's place in the record)."""
    if not any(s.order_deck):
        s.order_deck, s.order_discards = s.order_discards, [0, 0, 0, 0]
    if s.order_deck[n] <= 0:
        k = s.f.orders_per_nut
        return Illegal(f"no {NUTS[n]} Order is left in the Order deck ({_deck_words(s)}): all {k} are in the slots "
                       f"or discarded", R.order_cards(k), part)
    s.order_deck[n] -= 1
    return None


def _deck_words(s: State) -> str:
    return ", ".join(f"{SHORT[i]} {k}" for i, k in enumerate(s.order_deck))


def _flip(s: State, rng) -> int:
    """The simulator's flip: the top card of the shuffled Order deck (rebuilt when empty)."""
    deck = s.order_deck if any(s.order_deck) else s.order_discards
    return rng.choices(range(4), weights=deck)[0]


def fill(s: State, cards: list[int], limit: int | None, rule, rng=None) -> tuple[list[Illegal], list[str]]:
    """Fill open slots from the left with the flipped `cards` (all fillable slots, or `limit` of
    them): a card whose nut arrives at the slot is discarded (Filling Order Slots, U16). `rng`: the
    simulator flips them (into `cards`)."""
    found: list[Illegal] = []
    said: list[str] = []
    filled = i = 0
    arr = s.arriving()                       # the belts, which filling does not change
    while limit is None or filled < limit:
        open_ = s.fillable(arr)
        if not open_ or (not any(s.order_deck) and not any(s.order_discards)):
            break
        if i >= len(cards) and rng is not None:
            cards.append(_flip(s, rng))
        if i >= len(cards):
            found.append(Illegal(f"{plural(len(open_), 'slot')} left open ({', '.join(map(str, open_))}); "
                                 f"the Order deck is flipped until {'they are' if limit is None else 'two are'} filled",
                                 rule, f"Order card {i + 1} (not written)"))
            break
        slot, n = open_[0], cards[i]
        i += 1
        short = draw_order(s, n, f'Order card {i} "{SHORT[n]}" (slot {slot})')
        if short:
            found.append(short)
        if n in arr.get(slot, ()):
            s.order_discards[n] += 1
            said.append(f"{SHORT[n]} discarded (would match slot {slot})")
        else:
            s.orders[slot - 1] = n
            filled += 1
            said.append(f"{SHORT[n]} -> {slot}")
    if i < len(cards):
        found.append(Illegal(f"{plural(len(cards) - i, 'more Order card')} flipped than filling needs "
                             f"({' '.join(SHORT[c] for c in cards[i:])})", rule, f'Order card {i + 1} "{SHORT[cards[i]]}"'))
    return found, said


def start_round(s: State, hunger: int, cards: list[int], rng=None) -> tuple[list[Illegal], list[str]]:
    """Starting a Round: 3 tokens each, the Hunger die, every open slot filled."""
    found = []
    s.round += 1
    s.index = s.passes = 0
    s.round_over = False
    s.turn = Turn()
    for p in s.players:
        p.tokens += s.f.tokens_per_round
    if not 1 <= hunger <= s.f.hunger:
        found.append(Illegal(f"the Hunger die (D{s.f.hunger}) shows 1 to {s.f.hunger}, not {hunger}", R.HUNGER,
                             f"hunger {hunger}"))
    s.hunger = hunger
    more, said = fill(s, cards, None, R.FILL, rng)
    return found + more, said


def _roll(s: State, slots: set[int], rng, at: int) -> Die:
    """The simulator's die: a D6, with the Scamper's square or a tie's choice drawn too (the Squirrel
    standing on `at`)."""
    d = rng.randint(1, s.f.die)
    move = s.f.move(d + s.hunger)
    if move == "scamper":
        return d, rng.randint(1, s.columns)
    if move == "hunt":
        dist = min(abs(at - x) for x in slots)
        if dist and at - dist in slots and at + dist in slots:
            return d, rng.choice("LR")
    return d, None


def walk(s: State, slots: set[int], dice: list[Die], open_: bool = False,
         rng=None) -> tuple[int, list[Illegal], list[str], bool]:
    """The Squirrel moved by the dice written (U14), from where he stands, without moving him: (where
    he ends, what the dice break, the moves in words, whether the run waits for another die)."""
    found: list[Illegal] = []
    said: list[str] = []
    i, at, waiting = 0, s.squirrel, False
    while True:
        if i >= len(dice) and rng is not None:
            dice.append(_roll(s, slots, rng, at))
        if i >= len(dice):
            if open_:
                waiting = True
                break
            found.append(Illegal(f"the squirrel's dice stop after {plural(i, 'roll')}; the "
                                 f"{'first' if i == 0 else 'last'} roll "
                                 f"{'is missing' if i == 0 else 'was a Hunt that did not land on a path: roll again'}",
                                 R.SQ_ROLL if i == 0 else R.SQ_HUNT))
            break
        d, extra = dice[i]
        i += 1
        t = d + s.hunger
        move = s.f.move(t)
        if move == "stop":
            said.append(f"{d}+{s.hunger}={t} Stop at {at}")
            if extra is not None:
                found.append(Illegal(f"{die_text((d, extra))}: {t} is a Stop; nothing follows it", R.SQ_STOP))
            break
        if move == "scamper":
            if not isinstance(extra, int) or not 1 <= extra <= s.columns:
                found.append(Illegal(f"{die_text((d, extra))}: {t} is a Scamper; write where the D{s.columns} "
                                     f"sent him (`{d} > 5`), a square 1-{s.columns}", R.SQ_SCAMPER))
            else:
                at = extra
            said.append(f"{d}+{s.hunger}={t} Scamper to {at}")
            break
        dist = min(abs(at - x) for x in slots)
        if dist == 0:
            said.append(f"{d}+{s.hunger}={t} Hunt: already on a path at {at}")
            break
        left, right = at - dist in slots, at + dist in slots
        step = -1 if left and not right else 1 if right and not left else None
        if step is None:
            if extra not in ("L", "R"):
                found.append(Illegal(f"{die_text((d, extra))}: the nearest paths lie {dist} to either side; write the "
                                     f"player's choice, `{d} L` or `{d} R`", R.SQ_HUNT))
            step = 1 if extra == "R" else -1
        elif extra is not None:
            found.append(Illegal(f"{die_text((d, extra))}: a Hunt toward the one nearest path takes no "
                                 f"{'choice' if extra in ('L', 'R') else 'square'}", R.SQ_HUNT))
        start, at = at, at + step
        said.append(f"{d}+{s.hunger}={t} Hunt {start}->{at}")
        if at in slots:
            break
    if i < len(dice):
        found.append(Illegal(f"{plural(len(dice) - i, 'squirrel die')} after the squirrel's move ended "
                             f"({', '.join(die_text(x) for x in dice[i:])})",
                             R.SQ_STOP if "Stop" in said[-1] else R.SQ_HUNT))
    return at, found, said, waiting


def run_found(s: State, dice: list[Die], open_: bool = False, paths: list[Path] | None = None) -> list[Illegal]:
    """What the run with these dice breaks, as `run` finds it, without playing it (the squirrel walked,
    not moved). `paths`: the floor's Matching Paths, when the caller has them."""
    paths = s.paths() if paths is None else paths
    found = [why] if (why := end_problem(s, paths)) else []
    if not paths:
        return found + ([Illegal(MUST_RUN, R.MUST_RUN)] if dice else [])
    if s.turn.fed:
        return found + ([Illegal(FED, R.SQ_FED)] if dice else [])
    return found + walk(s, {p.slot for p in paths}, list(dice), open_)[1]


MUST_RUN, FED = "no Matching Path: the factory does not run and the squirrel does not move", "the squirrel was fed: no roll"


def run(s: State, dice: list[Die], open_: bool = False, rng=None,
        paths: list[Path] | None = None) -> tuple[list[Illegal], list[str]]:
    """The end of the actions (the one-path rule U12 judged by run_found), then (a Matching Path
    there, U13) the run: the squirrel, the eat,
    the nuts scored; the turn's `ran` and `paths` are set for the claims. `open_`: at the table, dice
    that run out are still to come (the run waits); `rng`: the simulator rolls them (into `dice`).
    `paths`: the floor's Matching Paths, when the caller has them."""
    paths = s.paths() if paths is None else paths
    found: list[Illegal] = []           # (what breaks the one-path rule, U12, is run_found's to say)
    s.turn.ended = True
    said: list[str] = []
    s.turn.ran, s.turn.paths = bool(paths), paths
    if not paths:
        if dice:
            found.append(Illegal(MUST_RUN, R.MUST_RUN))
        return found, said
    me = s.me()
    said.append("Matching Paths " + ", ".join(f"{p.dispenser}->{p.slot} {NUTS[p.nut]}"
                                              + (" (salted)" if p.slot in s.salters else "") for p in paths))
    slots = {p.slot for p in paths}
    if s.turn.fed:
        if dice:
            found.append(Illegal(FED, R.SQ_FED))
        said.append("the squirrel is fed: no roll")
    else:
        s.squirrel, more, moved, s.turn.waiting = walk(s, slots, dice, open_, rng)
        found += more
        said.append("squirrel " + ", ".join(moved))
        if s.turn.waiting:
            s.turn.ran = None
            return found, said
        if s.squirrel in slots:
            n = s.orders[s.squirrel - 1]
            s.order_discards[n] += 1
            s.orders[s.squirrel - 1] = None
            me.squirrel += 1
            slots.discard(s.squirrel)
            said[-1] += f": eats the {NUTS[n]} Order in slot {s.squirrel} (Squirrel box {me.squirrel})"
    scored = []
    for slot in sorted(slots):
        n = s.orders[slot - 1]
        s.order_discards[n] += 1
        s.orders[slot - 1] = None
        if me.sheet[n] < s.f.sheet_rows:
            me.sheet[n] += 1
        salted = slot in s.salters
        me.salt += salted
        scored.append(f"{NUTS[n]} ({me.sheet[n]})" + (f" + Salt ({me.salt})" if salted else ""))
    if scored:
        said.append(f"{me.name} scores " + ", ".join(scored))
    return found, said


def pass_turn(s: State) -> None:
    """A pass; a full circle of them ends the round (U18)."""
    s.passes += 1
    s.index += 1
    s.turn = Turn()
    if s.passes >= len(s.players):
        end_round(s)


def end_round(s: State) -> None:
    """The round ends, and the game if someone has 2 rows (U7)."""
    s.round_over = True
    s.over = any(min(p.sheet) >= s.f.end_rows for p in s.players)


def end_turn(s: State) -> None:
    s.passes = 0
    s.index += 1
    s.turn = Turn()


def apply(s: State, a: Step) -> None:
    """Play a step: an action (an illegal one as the table did; see `as_played`), what chance gave
    (its words in `s.said`), a turn's end."""
    kind = a.__class__
    if kind is not Action:
        _chance(s, a)
        s.judged, s.skip = (None, (), None), 0
        return
    t, me = s.turn, s.me()
    if a.verb == "pass":
        pass_turn(s)
        if s.round_over:
            s.once = set()
    elif a.verb == "done":
        end_turn(s)
    elif a.verb == "end":
        t.ended = True
    elif a.verb == "claim":
        me.goals.append(a.args[0])
        s.claimed[a.args[0]] = me.name
    else:
        me.tokens = max(0, me.tokens - s.f.cost[a.verb])
        t.acted += 1
        _APPLY[a.verb](s, a)    # type: ignore[operator]


def _plan(s: State, a: Action) -> None:
    drawn, kept = a.args
    if len(s.bonus_deck) < s.f.plan_draw:
        s.bonus_deck |= s.bonus_discards
        s.bonus_discards = set()
    s.bonus_deck -= set(drawn)
    s.me().bonus.extend(c for c in drawn if c in kept)
    s.bonus_discards |= {c for c in drawn if c not in kept}


def _build(s: State, a: Action) -> None:
    kind, row, left, _ = a.args
    cell = (row, left)
    if kind.startswith("-"):
        s.supply[s.f.face_of[s.tiles.pop(cell)]] += 1
    else:
        s.tiles[cell] = kind
        s.supply[s.f.face_of[kind]] = max(0, s.supply[s.f.face_of[kind]] - 1)
    s.turn.places.append(("cell", row, left))


def _salt(s: State, a: Action) -> None:
    frm, to = a.args
    i = s.salters.index(frm)
    s.turn.salter_from.setdefault(i, frm)
    s.salters[i] = to
    s.turn.places.append(("salter", i))


def _repo(s: State, a: Action) -> None:
    frm, to = a.args
    at = s.turn.order_at
    origin = next((o for o, now in at.items() if now == frm), frm)
    at[origin] = to
    s.orders[to - 1], s.orders[frm - 1] = s.orders[frm - 1], None
    s.turn.places.append(("order", origin))


def _swap(s: State, a: Action) -> None:
    x, y = a.args
    s.dispensers[x - 1], s.dispensers[y - 1] = s.dispensers[y - 1], s.dispensers[x - 1]
    s.turn.places.append(("swap", x, y))


_APPLY = {"plan": _plan, "feed": lambda s, a: setattr(s.turn, "fed", True),
          "refill": lambda s, a: fill(s, list(a.args), s.f.refill, R.REFILL), "build": _build, "salt": _salt,
          "repo": _repo, "swap": _swap}

def _chance(s: State, a: Step) -> None:
    """What chance gave, as the record writes it: the setup's cards, a round's start, a run's dice;
    a turn's end."""
    kind, judged = a.__class__, s.judged[0] is a      # (moves.why_illegal found what to reuse)
    if kind is Run:
        s.said = run(s, list(a.dice), open_=a.open, paths=s.judged[2] if judged else None)[1]  # type: ignore[union-attr]
    elif kind is Start:
        if judged:                  # the round's start was played on a copy: the position it leads to
            vars(s).update(vars(s.judged[2]))
        else:
            s.said = start_round(s, a.hunger, list(a.orders))[1]      # type: ignore[union-attr]
        s.once = set()
        s.flipping = a.open and bool(s.fillable()) and (any(s.order_deck) or any(s.order_discards))  # type: ignore[union-attr]
    elif kind is Setup:
        deal(s, a.setup)        # type: ignore[union-attr]
    elif kind is RoundEnd:      # the record's round ends: as the table ended it
        end_round(s)
        s.once = set()
    else:                       # END_TURN: the record's turn ends
        end_turn(s)
        s.once = set()


def deal(s: State, setup) -> None:
    """PLAYER SETUP: the Squirrel on his square; each player's Bonus cards drawn, those kept in hand."""
    if 1 <= setup.squirrel <= s.columns:
        s.squirrel = setup.squirrel
    for p in s.players:
        hand = setup.bonus.get(p.name)
        try:
            keep, drop = [card(c) for c in hand.keep], [card(c) for c in hand.drop]
        except (AttributeError, ValueError):
            continue
        s.bonus_deck -= set(keep + drop)
        p.bonus.extend(keep)
        s.bonus_discards |= set(drop)


def as_played(s: State, a: Step, why: Illegal) -> Played:
    """After the game's end nothing is played; a step of chance with more than one thing wrong has
    each reported (`AGAIN`), then is played as written; an action is played as the table played it
    where its pieces are there (`unplayable` says why not)."""
    if s.over and why.rule is R.GAME_END:
        return Stop("the game is over")
    if a.__class__ is RoundEnd:
        return None
    if a.__class__ is not Action:
        s.skip += 1
        return AGAIN
    return unplayable(s, a)     # type: ignore[arg-type]
