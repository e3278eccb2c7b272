"""A random legal Fair Verona player, for the tests, the bench and `simulate`.

It plays a real table: a shuffled deck with its Jokers, the River tiles and the base tiles
shuffled face down, Friend cards known only to itself until played. Every choice is uniform among
what `fair_verona_log.options` lists (the function `pnpkit moves` lists), and every action is
checked by the same `State.why_illegal` the replay uses before it is played, so a game it writes
must check clean. With `purpose` > 0 it sometimes plays with an aim (all helpers, a Friend, the way
home with a Clue Token), so games are also won.
"""
from __future__ import annotations

import random

from scorer.cards import RANKS, SUITS, Card
from scorer.games.fair_verona_log import options
from scorer.games.fair_verona_notation import parse_text, write
from scorer.games.fair_verona_state import VERONA, Person, State

JOKER = Card("Joker", None)


def _text(c: Card) -> str:
    return "JK" if c.joker else f"{c.rank}{c.suit}"


class _Table:
    """The physical game the random player sits at: the deck, the tile stacks, hidden Friends."""

    def __init__(self, params, rng: random.Random) -> None:
        self.rng = rng
        self.deck = [Card(r, s) for s in SUITS for r in RANKS] + [JOKER] * params.jokers
        rng.shuffle(self.deck)
        self.stacks: dict[str, list[str]] = {}
        for t in params.tiles.kinds:
            n = t.count - (t.code == params.old_town)
            self.stacks.setdefault(t.set, []).extend([t.code] * n)
        for stack in self.stacks.values():
            rng.shuffle(stack)
        self.hidden: dict[str, list[Card]] = {}

    def pop(self, st: State | None) -> Card | None:
        """The top card; an empty deck is the discards shuffled (ruling V10): every card not in play."""
        if not self.deck and st is not None:
            held = set(st.deck.out) | {c for cs in self.hidden.values() for c in cs}
            self.deck = [Card(r, s) for s in SUITS for r in RANKS if Card(r, s) not in held]
            self.deck += [JOKER] * (st.params.jokers - st.deck.jokers_out)
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None


def random_record(kit, rng: random.Random, names: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan"),
                  difficulty: str = "Medium", max_turns: int = 120, purpose: float = 0.0) -> dict:
    """A record of a game played at random (legal at every step), up to `max_turns` turns."""
    params = kit.params
    table = _Table(params, rng)
    level = next(d for d in params.difficulties if d.name.lower() == difficulty.lower())
    jokers: list[Card] = []

    def deal() -> Card:
        c = table.pop(None)
        while c is not None and c.joker:
            jokers.append(c)
            c = table.pop(None)
        assert c is not None
        return c

    identities = [deal() for _ in names]
    clue = deal()
    for n in names:
        table.hidden[n] = [deal() for _ in range(level.friends)]
    record = {"game": "fair-verona", "difficulty": level.name, "players": [{"name": n, "identity": _text(c)}
                                                                           for n, c in zip(names, identities)],
              "clue": ["JK"] * len(jokers) + [_text(clue)] if jokers else _text(clue), "turns": []}
    st = State(params, [Person(n, c) for n, c in zip(names, identities)], level.clue_tokens)
    for _ in jokers:
        st.deal_clue(JOKER)
    st.deal_clue(clue)
    st.deal_friends(level.friends)
    for k in range(max_turns):
        if st.over:
            break
        st.begin_turn(k % len(names))
        entry: dict = {}

        def do(text: str) -> None:
            a = parse_text(text, list(names))
            why = st.why_illegal(a)
            assert why is None, (text, why, record)
            st.apply(a)
            entry.update(write(entry, a))
            while st.clue_due:
                c = table.pop(st)
                do(f"clue {_text(c)}")

        _tile_phase(st, table, rng, do)
        _encounter_phase(st, table, rng, do, purpose)
        if not st.over and not st.player.encounters and rng.random() < 0.9:
            moves = [o for o in options(st) if o.startswith("move")]
            if moves:
                do(_toward_verona(st, moves) if st.player.token and rng.random() < purpose else rng.choice(moves))
        if not st.over:
            gives = [o for o in options(st) if o.startswith("give")]
            if gives and rng.random() < 0.5:
                do(rng.choice(gives))
        assert st.why_turn_short() is None, (entry, st.why_turn_short())
        assert len(table.deck) == st.deck.size, (len(table.deck), st.deck.size)   # the table and the replay agree
        st.end_turn()
        record["turns"].append(entry)
    return record


def _tile_phase(st: State, table: _Table, rng: random.Random, do) -> None:
    if not st.can_attempt():
        return
    ways = (["draw"] if st.stack() is not None else []) + [f"take {c}" for c in st.playable_face_up()]
    way = rng.choice(ways)
    if way == "draw":
        stack = st.stack()
        sid = st.set_of[next(iter(stack))]
        do(f"draw {table.stacks[sid].pop()}")
    else:
        do(way)
    friends = st.player.friends
    do(rng.choice(options(st)))
    if st.friend_due and st.player.friends > friends:          # the Friend drawn: Jokers shown first (V9)
        c = table.pop(st)
        while c is not None and c.joker:
            do("friend JK")
            c = table.pop(st)
        if c is not None:
            table.hidden[st.player.name].append(c)
    while st.deal_to is not None:
        c = table.pop(st)
        do(f"encounter {_text(c)}")


def _encounter_phase(st: State, table: _Table, rng: random.Random, do, purpose: float) -> None:
    p = st.player
    clears = [o for o in options(st) if o.startswith("clear") and " friend " not in o]
    if not clears or st.over or rng.random() > 0.85:
        return
    aim = rng.random() < purpose
    choice = max(clears, key=len) if aim else rng.choice(clears)
    hidden = table.hidden[p.name]
    if hidden and p.friends and (aim or rng.random() < 0.4):
        friend = hidden.pop(rng.randrange(len(hidden)))
        choice += f" friend {_text(friend)}"
    do(choice)


def _toward_verona(st: State, moves: list[str]) -> str:
    def far(text: str) -> int:
        x, y = (int(v) for v in text.split()[2:4])
        return max(abs(x - VERONA[0]), abs(y - VERONA[1]))
    return min(moves, key=far)
