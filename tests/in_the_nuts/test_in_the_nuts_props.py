"""In the Nuts! by random legal play: 2-, 3- and 4-player games check clean and finish; at any action
of such a game, `why_illegal` and `legal_entries` (the record entries, each way chance may fall) agree on every variant of it, and any variant that
breaks a rule, written into the record in its place, is caught at that action."""
from __future__ import annotations

import copy
import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from pnpkit.kitfile import load_kit
from pnpkit.kitfile.structs import convert
from pnpkit.scorer.games.in_the_nuts.moves import legal_entries, why_illegal
from pnpkit.scorer.games.in_the_nuts.notation import entry
from pnpkit.scorer.games.in_the_nuts.record import Record, read_entry
from pnpkit.scorer.games.in_the_nuts import GAME
from pnpkit.scorer.replay import replay
from pnpkit.scorer.games.in_the_nuts.sim import random_record
from pnpkit.scorer.games.in_the_nuts.state import Shape, EndStore, First, Reveal, Roll, Settle, Steal, Stop, Take
from pnpkit.scorer.games.in_the_nuts.storage import KEEP, joker_name

KIT = load_kit("in-the-nuts")
P = KIT.params
NAMES = ["Anna", "Marlene", "Christine", "Uwe"]
CARDS = list(P.kinds) + [joker_name(*j.shows, P.kinds) for j in P.jokers]
STORES = [c.name for c in P.cards] + [KEEP, None, "7"]
KINDS = [None] + list(P.kinds)
LABELS = [p.label for p in P.board.places]
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MUTATIONS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def game(seed: int, players: int) -> dict:
    return random_record(KIT, random.Random(seed), NAMES[:players])


def check(rec: dict, watch=None):
    record = convert(rec, Record)
    return GAME.score_record(record, KIT) if watch is None else replay(GAME, record, KIT, watch=watch)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(2, 4))
def test_random_legal_games_check_clean_and_finish(seed, players):
    rec = game(seed, players)
    r = check(rec)
    assert r.violations == [] and r.finished
    assert len(r.players) == players and r.ranking and sum(map(len, r.ranking)) == players
    for p in r.players:
        assert p.total == sum(line.points for line in p.breakdown) >= 0


# ---- one action changed ------------------------------------------------------------------------

def variants(s, a) -> list:
    """The action with one of its parts changed, every way a record could write it."""
    t = type(a)
    if t is Reveal:
        return [Reveal(c) for c in CARDS]
    if t is Settle:
        return [Settle(a.player, x) for x in LABELS + ["7", "3-5", "2-6"]]
    if t is Roll:
        out = [Roll(a.green, a.white, x) for x in [None] + list(range(2, 13))]
        out += [Roll(g, a.white, a.space) for g in range(1, 7)]
        out += [Roll(a.green, tuple(sorted((w, a.white[1]))), a.space) for w in range(1, 7)]
        return out
    fields = {"to": STORES, "as_": KINDS}
    if t is First:
        fields["card"] = CARDS
    elif t is Take:
        fields.update(card=CARDS, place=[None] + LABELS, new=[None] + CARDS)
    elif t is Steal:
        fields.update(victim=list(range(s.n)), card=[c.name for c in P.cards] + ["7"])
    elif t is EndStore:
        fields["joker"] = [c for c in CARDS if "/" in c]
    out = []
    for name, values in fields.items():
        for v in values:
            out.append(t(**{**{f: getattr(a, f) for f in a.__dataclass_fields__}, name: v}))
    return out


def norm(s, a):
    """The same action written the way `legal_entries` writes it (the place named, `as` only where needed)."""
    t = type(a)
    if t is Take and a.place is None:
        match = [i for i in s.places() if s.faceup[i] == a.card]
        if len(match) == 1:
            a = Take(a.card, P.board.places[match[0]].label, a.new, a.to, a.as_)
    if t in (Take, First, Steal, EndStore) and a.as_ is not None:
        p = a.player if t is EndStore else s.actor
        target = s.cards[p].get(a.to) if a.to else None
        if t is Steal:
            victim = s.cards[a.victim].get(a.card)
            card = victim.kind if victim is not None else None
        else:
            card = a.joker if t is EndStore else a.card
        if a.as_ == card or (card and "/" in card and target is not None and target.kind == a.as_):
            a = t(**{**{f: getattr(a, f) for f in a.__dataclass_fields__}, "as_": None})
    return a


def put(rec: dict, where: str, value) -> str:
    """Write `value` into the record at the action named `where`; returns the where's stem."""
    if m := re.match(r"(setup, nuts (\d+)) ", where):
        rec["setup"]["nuts"][int(m[2]) - 1] = value
    elif m := re.match(r"(setup, first \((\w+)\)) ", where):
        rec["setup"]["first"][m[2]] = value
    elif m := re.match(r"(setup, squirrels \((\w+)\) (\d+)) ", where):
        rec["setup"]["squirrels"][m[2]][int(m[3]) - 1] = value
    elif m := re.match(r"(turn (\d+) \(\w+\), roll (\d+)) ", where):
        rec["turns"][int(m[2]) - 1]["rolls"][int(m[3]) - 1] = value
    elif m := re.match(r"(turn (\d+) \(\w+\), nut (\d+)) ", where):
        rec["turns"][int(m[2]) - 1]["nuts"][int(m[3]) - 1] = value
    elif m := re.match(r"(end, (\w+), joker (\d+)) ", where):
        rec["end"][m[2]][int(m[3]) - 1] = value
    else:
        raise AssertionError(where)
    return m[1]


@MUTATIONS
@given(st.integers(0, 10**9), st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 10**6))
def test_every_illegal_single_action_is_caught_where_it_stands(seed, players, pick, choice):
    rec = game(seed, players)
    seen = []
    check(rec, watch=lambda where, s, a: None if isinstance(a, (Stop, Shape)) else seen.append((where, s.copy(), a)))
    where, s, recorded = seen[pick % len(seen)]
    legal = {norm(s, m) for m in legal_entries(s)}
    assert norm(s, recorded) in legal, where
    wrong = []
    for v in variants(s, recorded):
        assert (why_illegal(s, v) is None) == (norm(s, v) in legal), (where, v, why_illegal(s, v))
        if why_illegal(s, v) is not None:
            wrong.append(v)
    if not wrong:
        return                          # e.g. a face-up card: any card left in the deck is legal
    bad = wrong[choice % len(wrong)]
    mutated = copy.deepcopy(rec)
    stem = put(mutated, where, entry(bad, NAMES[:players]))
    r = check(mutated)
    assert any(v.where.startswith(stem + " ") or v.where == stem for v in r.violations), \
        (where, bad, [(v.where, v.message) for v in r.violations[:3]])
    first = next(v for v in r.violations if v.where.startswith(stem))
    assert first.rule == why_illegal(s, bad).rule.id and first.quote


def test_a_bad_roll_and_a_double_nut_and_the_end_happen_in_random_games():
    """The random player reaches the rules' rarer corners, so the tests above exercise them."""
    notes = []
    for seed in range(6):
        r = GAME.score_record(convert(game(seed, 4), Record), KIT, explain=True)
        notes += r.explain
    text = "\n".join(notes)
    for phrase in ("a bad roll", "steals", "David moves to", "the draw pile is used up", "picks at the end",
                   "pushed up into 2-12 (4-squirrel area)", "keeps the", "end, "):
        assert phrase in text, phrase


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 4))
def test_every_action_written_as_a_record_entry_reads_back_as_itself(seed, players):
    names = NAMES[:players]
    seen = []
    check(game(seed, players), watch=lambda where, s, a: None if isinstance(a, Shape) else seen.append((s.copy(), a)))
    for s, a in seen:
        back = read_entry(s, entry(a, names), names[a.player] if isinstance(a, EndStore) else None)
        assert back == a, (a, entry(a, names), back)
