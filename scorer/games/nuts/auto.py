"""NUTS: what happens without a decision, played from the chance the record writes: a round's start
(tokens, the Hunger die, the Order slots filled), filling slots (U16), the end of a turn's actions
(the one-path rule U12, the run: the squirrel U14, eating, scoring U15), passes and the round's and
the game's end (U18, U7).

Each function applies what the record says as the table evidently played it and returns what the
record breaks on the way (Illegal values), with words for --explain when asked.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.nuts import rules as R
from pnpkit.scorer.games.nuts.floor import NUTS, SHORT, Path
from pnpkit.scorer.games.nuts.notation import Die, die_text
from pnpkit.scorer.games.nuts.state import State, Turn


def draw_order(s: State, n: int) -> Illegal | None:
    """Take an Order of nut `n` off the deck (rebuilt from the discards when empty, U16)."""
    if not any(s.order_deck):
        s.order_deck, s.order_discards = s.order_discards, [0, 0, 0, 0]
    if s.order_deck[n] <= 0:
        return Illegal(f"no {NUTS[n]} Order is left in the Order deck ({_deck_words(s)})", R.U16)
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
                                 rule))
            break
        slot, n = open_[0], cards[i]
        i += 1
        short = draw_order(s, n)
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
                             f"({' '.join(SHORT[c] for c in cards[i:])})", rule))
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
        found.append(Illegal(f"the Hunger die (D{s.f.hunger}) shows 1 to {s.f.hunger}, not {hunger}", R.HUNGER))
    s.hunger = hunger
    more, said = fill(s, cards, None, R.FILL, rng)
    return found + more, said


def _roll(s: State, slots: set[int], rng) -> Die:
    """The simulator's die: a D6, with the Scamper's square or a tie's choice drawn too."""
    d = rng.randint(1, s.f.die)
    move = s.f.move(d + s.hunger)
    if move == "scamper":
        return d, rng.randint(1, s.columns)
    if move == "hunt":
        dist = min(abs(s.squirrel - x) for x in slots)
        if dist and s.squirrel - dist in slots and s.squirrel + dist in slots:
            return d, rng.choice("LR")
    return d, None


def _squirrel(s: State, slots: set[int], dice: list[Die], open_: bool = False,
              rng=None) -> tuple[list[Illegal], list[str]]:
    """Move the Squirrel by the dice written (U14); what the dice break, and the moves in words."""
    found: list[Illegal] = []
    said: list[str] = []
    i = 0
    while True:
        if i >= len(dice) and rng is not None:
            dice.append(_roll(s, slots, rng))
        if i >= len(dice):
            if open_:
                s.turn.waiting = True
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
            said.append(f"{d}+{s.hunger}={t} Stop at {s.squirrel}")
            if extra is not None:
                found.append(Illegal(f"{die_text((d, extra))}: {t} is a Stop; nothing follows it", R.SQ_STOP))
            break
        if move == "scamper":
            if not isinstance(extra, int) or not 1 <= extra <= s.columns:
                found.append(Illegal(f"{die_text((d, extra))}: {t} is a Scamper; write where the D{s.columns} "
                                     f"sent him (`{d} > 5`), a square 1-{s.columns}", R.SQ_SCAMPER))
            else:
                s.squirrel = extra
            said.append(f"{d}+{s.hunger}={t} Scamper to {s.squirrel}")
            break
        dist = min(abs(s.squirrel - x) for x in slots)
        if dist == 0:
            said.append(f"{d}+{s.hunger}={t} Hunt: already on a path at {s.squirrel}")
            break
        left, right = s.squirrel - dist in slots, s.squirrel + dist in slots
        step = -1 if left and not right else 1 if right and not left else None
        if step is None:
            if extra not in ("L", "R"):
                found.append(Illegal(f"{die_text((d, extra))}: the nearest paths lie {dist} to either side; write the "
                                     f"player's choice, `{d} L` or `{d} R`", R.SQ_HUNT))
            step = 1 if extra == "R" else -1
        elif extra is not None:
            found.append(Illegal(f"{die_text((d, extra))}: a Hunt toward the one nearest path takes no "
                                 f"{'choice' if extra in ('L', 'R') else 'square'}", R.SQ_HUNT))
        start = s.squirrel
        s.squirrel += step
        said.append(f"{d}+{s.hunger}={t} Hunt {start}->{s.squirrel}")
        if s.squirrel in slots:
            break
    if i < len(dice):
        found.append(Illegal(f"{plural(len(dice) - i, 'squirrel die')} after the squirrel's move ended "
                             f"({', '.join(die_text(x) for x in dice[i:])})",
                             R.SQ_STOP if "Stop" in said[-1] else R.SQ_HUNT))
    return found, said


def places(s: State) -> list[set[tuple]]:
    """The places of each configuring action this turn (U12), as they stand at its end."""
    out = []
    for ref in s.turn.places:
        if ref[0] == "salter":
            out.append({("col", s.turn.salter_from.get(ref[1], s.salters[ref[1]])), ("col", s.salters[ref[1]])})
        elif ref[0] == "order":
            out.append({("col", ref[1]), ("col", s.turn.order_at.get(ref[1], ref[1]))})
        elif ref[0] == "swap":
            out.append({("disp", ref[1]), ("disp", ref[2])})
        else:
            out.append({ref})
    return out


def one_path(s: State, paths: list[Path]) -> Illegal | None:
    """U12: one Matching Path passes a place of every configuring action."""
    wanted = places(s)
    if not wanted or any(all(any(p.passes(x) for x in w) for w in wanted) for p in paths):
        return None
    if not paths:
        return Illegal("the floor was configured but no Matching Path results", R.ONE_PATH_END)
    return Illegal("no one Matching Path passes a place of every action that configured the floor "
                   f"(paths: {', '.join(p.text() for p in paths)})", R.ONE_PATH)


NO_ACTION = "a play spends at least one token (a play of nothing is a pass)"


def end_problem(s: State, paths: list[Path] | None = None) -> Illegal | None:
    """What ending the actions here breaks: a play of nothing (U18), the one-path rule (U12).
    `paths`: the floor's Matching Paths, when the caller has them."""
    if s.turn.acted == 0:
        return Illegal(NO_ACTION, R.U18)
    return one_path(s, s.paths() if paths is None else paths)


def run(s: State, dice: list[Die], open_: bool = False, rng=None) -> tuple[list[Illegal], list[str]]:
    """The end of the actions: U12, then (a Matching Path there, U13) the run: the squirrel, the eat,
    the nuts scored; the turn's `ran` and `paths` are set for the claims. `open_`: at the table, dice
    that run out are still to come (the run waits); `rng`: the simulator rolls them (into `dice`)."""
    paths = s.paths()
    found = [why] if (why := end_problem(s, paths)) else []
    s.turn.ended = True
    said: list[str] = []
    s.turn.ran, s.turn.paths = bool(paths), paths
    if not paths:
        if dice:
            found.append(Illegal("no Matching Path: the factory does not run and the squirrel does not move", R.MUST_RUN))
        return found, said
    me = s.me()
    said.append("Matching Paths " + ", ".join(f"{p.dispenser}->{p.slot} {NUTS[p.nut]}"
                                              + (" (salted)" if p.slot in s.salters else "") for p in paths))
    slots = {p.slot for p in paths}
    if s.turn.fed:
        if dice:
            found.append(Illegal("the squirrel was fed: no roll", R.SQ_FED))
        said.append("the squirrel is fed: no roll")
    else:
        more, moved = _squirrel(s, slots, dice, open_, rng)
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
    """A pass; a full circle of them ends the round (U18), and the game if someone has 2 rows (U7)."""
    s.passes += 1
    s.index += 1
    s.turn = Turn()
    if s.passes >= len(s.players):
        s.round_over = True
        s.over = any(min(p.sheet) >= s.f.end_rows for p in s.players)


def end_turn(s: State) -> None:
    s.passes = 0
    s.index += 1
    s.turn = Turn()
