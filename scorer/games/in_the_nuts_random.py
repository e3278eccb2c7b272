"""In the Nuts!: a random legal player, writing the record of the game it plays (tests, bench, simulation).

It shuffles the game's deck (the supply for its player count, all the jokers), deals the face-up
nuts, the first nuts and the set-aside cards as the rulebook does, rolls real dice, and chooses at
random among the options the rules offer at each decision: the space for a squirrel (`State.free`),
whether to roll again, the nut to take (`State.places`), where to store it (`store_options`), what
to steal (`State.victims`), and writes each action as a record does (`entry`). Every choice is one
`why_illegal` accepts, so its games check clean; `legal_moves` lists the same choices.
"""
from __future__ import annotations

import random

from scorer import dice
from scorer.games.in_the_nuts_moves import (KEEP, EndStore, First, Reveal, Roll, Settle, State, Steal, Stop, Take,
                                            apply, store_options)
from scorer.games.in_the_nuts_notation import entry
from scorer.games.in_the_nuts_state import END_JOKERS, ROLL, ROLL_OR_STOP, SETUP_SQUIRRELS, STEAL, TAKE

GAME = "in-the-nuts"


def random_record(kit, rng: random.Random, names=("Anna", "Marlene", "Christine", "Uwe"),
                  again: float = 0.55, max_turns: int = 1000) -> dict:
    """A whole game by random legal choices; `again` is the chance of rolling again after a squirrel."""
    names = list(names)
    s = State(kit.params, names)

    def play(a):
        apply(s, a)
        return entry(a, names)

    deck = [card for card, k in s.deck.have.items() for _ in range(k)]
    rng.shuffle(deck)
    faceup = [play(Reveal(deck.pop())) for _ in s.faceup]
    first = {}
    for p, name in enumerate(names):
        card = deck.pop()
        first[name] = play(First(card, *rng.choice(store_options(s, p, card))))
    aside = [deck.pop() for _ in range(min(kit.params.set_aside, len(deck)))]
    pile = aside + deck                              # drawn from the end: the draw pile, then the set-aside cards
    squirrels: dict[str, list[str]] = {}
    while s.phase == SETUP_SQUIRRELS:
        sec = rng.choice([s.b.sections[i] for i in s.b.rows[0]
                          if not s.b.sections[i].raccoon and not s.counts[i][s.actor]])
        squirrels.setdefault(names[s.actor], []).append(play(Settle(s.actor, sec.label)))
    turns: list[dict] = []
    while s.phase == ROLL and len(turns) < max_turns:
        turn: dict = {"rolls": []}
        turns.append(turn)
        me = s.turn
        while s.turn == me and s.phase in (ROLL, ROLL_OR_STOP):
            if s.phase == ROLL_OR_STOP and (not s.supply[s.active] or rng.random() > again):
                apply(s, Stop())
                break
            g, a, b = dice.roll(rng, 3)
            free = s.free(Roll(g, (min(a, b), max(a, b)), None))
            turn["rolls"].append(play(Roll(g, (min(a, b), max(a, b)), rng.choice(free) if free else None)))
        nuts = []
        while s.phase in (TAKE, STEAL):
            if s.phase == TAKE:
                i = rng.choice(s.places())
                card = s.faceup[i]
                twin = sum(s.faceup[j] == card for j in s.places()) > 1
                new = pile.pop() if s.pile and pile else None
                nuts.append(play(Take(card, s.b.places[i].label if twin else None, new,
                                      *rng.choice(store_options(s, s.actor, card)))))
            else:
                victim, c = rng.choice(s.victims())
                nuts.append(play(Steal(victim, c.name, *rng.choice(store_options(s, s.actor, c.kind, keep=False)))))
        if nuts or s.turn == me:
            turn["nuts"] = nuts
    end: dict[str, list] = {}
    while s.phase == END_JOKERS:
        p = s.actor
        joker = s.kept[p][0]
        to = rng.choice([o for o in store_options(s, p, joker, keep=False) if o[0] != KEEP])
        end.setdefault(names[p], []).append(play(EndStore(p, joker, *to)))
    record = {"game": GAME, "players": names,
              "setup": {"nuts": faceup, "first": first, "squirrels": squirrels}, "turns": turns}
    if end:
        record["end"] = end
    return record
