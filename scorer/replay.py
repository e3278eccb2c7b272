"""The one replay driver: a record's entries played through a game's rules, in order, collecting
every violation, the --explain notes and (for the replay page) every step with its position.

A game's `replay.py` does not loop over its record itself. It turns the record into entries, in
the order the table played them, and hands them with a `Walk` (its rules, its words, its pictures)
to `run`:

    (ACT, where, action)    a decision: `why_illegal` asks the rules, a violation is reported and
                            the action is still played as the table played it where its counters
                            are there (`Walk.unplayable` says when they are not: "not played");
    (CHANCE, where, event)  what no one chooses: a roll, a draw, the fire's spread, the turn passing
                            on; never illegal in itself, though the game may refuse to go on after
                            it (a roll that the game's end made void), and what the record writes
                            of it may be (a roll off the board, too few rolls); one that changes
                            nothing to show takes no step of its own (`Walk.chance` says `did` None);
    (TURN_END, where, open, did)  a turn's end: what ending it here breaks (a forced action left out,
                            points unspent; `Walk.turn_problems`). `open`: the turn in progress at
                            the table (`pnpkit moves`), where what it has not done yet is no fault.

The game's end is the Walk's to say: an entry after it is reported once (`Walk.after_end`) and
the replay stops there. `run` goes on after any other violation, so one
check lists every problem. `Walk.epilogue` may add a last step (Chestnuts: the next player's steps
1-3, which take no decision, end the game) before `Replay.finish`.

Entries are generated lazily from the record, so a replay that stops early reads no further.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol, TypeVar

from pnpkit.scorer.core import Violation
from pnpkit.scorer.play import Position, Step
from pnpkit.scorer.protocol import Again, Illegal, Rules, Stop, Telling, Told

A = TypeVar("A")

STEP_LIMIT = 5000
"""Steps a replay draws at the most: a long real game has a few hundred. A record from a stranger
with more is refused by the replay page; positions are not drawn up past one step beyond it."""


@dataclass
class Replay:
    """The violations, (with --explain) the position notes and (`recording`) the steps a replay
    collects. A step takes the violations reported since the one before it: an action's violations
    are reported before its step, and a turn's own (a forced action left out) get a step of their
    own at the turn's end."""

    explaining: bool = False
    recording: bool = False
    violations: list[Violation] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    _taken: int = 0

    def step(self, where: str, did: str, position: Callable[[], Position]) -> None:
        """Record a step; `position()` is only drawn up when recording."""
        if self.recording and len(self.steps) <= STEP_LIMIT:
            self.steps.append(Step(where, did, tuple(self.violations[self._taken:]), position()))
        self._taken = len(self.violations)

    def finish(self, where: str, did: str, position: Callable[[], Position]) -> None:
        """The violations no step has taken yet (found at the end) get a last step of their own."""
        if len(self.violations) > self._taken:
            self.step(where, did, position)

    def illegal(self, where: str, why: Illegal) -> None:
        self.violations.append(why.at(where))

    def not_played(self, where: str, why: Illegal, position: Callable[[], Position]) -> None:
        """A move refused: its violation, the --explain note, and a step that says it was not
        played (the position is unchanged)."""
        self.illegal(where, why)
        self.note(f"{where}: not played: {why.message} ({why.rule.id})")
        self.step(where, f"not played: {why.message}", position)

    def note(self, text: str) -> None:
        if self.explaining:
            self.explain.append(text)


# ---------------------------------------------------------------- entries

ACT = "act"
"""`(ACT, where, action)`: a player's decision, as the record writes it (`action` read by the
game's notation)."""
CHANCE = "chance"
"""`(CHANCE, where, event)`: an event no one chooses (a roll, a draw), played as the record writes it."""
TURN_END = "turn end"
"""`(TURN_END, where, open, did)`: the end of a turn (or a round); `open`: the turn still in progress
at the table; `did`: its step's words, when ending it here breaks a rule."""

Entry = tuple
"""An entry is a plain tuple, its kind first: a check makes one for every action of a thousand
games, and a tuple written out is the cheapest thing Python builds (a named tuple's constructor is
a Python call, which made a plain check 1.3 times slower than the loops it replaced)."""


class Walk(Protocol[A]):
    """What a game's replay gives the driver: its rules on its state, and its words and pictures.
    `telling` (explaining or recording) says whether words are wanted at all: a plain check makes
    none, so a thousand games check fast. Notes are --explain lines, in order."""

    def after_end(self, entry: Entry) -> Illegal | None:
        """The violation of an entry the record writes after the game's end (None: not ended, or
        this kind of entry is the rules' to judge); the replay stops there."""
        ...

    def chance(self, where: str, event: Any, telling: bool) -> tuple[str | None, list[str], list[Illegal], bool]:
        """Play a chance event: (what it did, None: nothing to show, no step; notes; what the record
        breaks with it; whether the replay stops there, after its step)."""
        ...

    def why_illegal(self, action: A) -> Illegal | None:
        """The rules' answer about `action` here; None: it may be played."""
        ...

    def reported(self, why: Illegal) -> bool:
        """Whether to report `why` (False: the same fault was reported already this turn)."""
        ...

    def unplayable(self, where: str, action: A, why: Illegal) -> tuple[str, list[str]] | None:
        """An illegal action that cannot even be played as the table played it (its counters are
        not there): (its step's words, notes); None: it is played."""
        ...

    def play(self, where: str, action: A, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        """Apply `action`: (what it did, for its step; notes). `why`: it was illegal."""
        ...

    def turn_problems(self) -> list[Illegal]:
        """What ending the turn here breaks, each reported once."""
        ...

    def epilogue(self, open_end: bool) -> tuple[str, str, list[str]] | None:
        """A last step after the entries, if the game has one: (where, did, notes)."""
        ...

    def picture(self) -> Position:
        """The position now, in the kit's names (drawn only when recording)."""
        ...


def run(walk: Walk, entries: Iterable[Entry], rep: Replay, open_end: bool = False) -> Replay:
    """Play `entries` through `walk` into `rep` (its start already noted and stepped); see above.
    A plain check (no words, no steps) takes `_check`, the same walk with nothing drawn or said."""
    if not (rep.explaining or rep.recording):
        _check(walk, entries, rep)
    else:
        _tell(walk, entries, rep)
    last = walk.epilogue(open_end)
    if last is not None:
        where, did, notes = last
        _notes(rep, notes)
        rep.step(where, did, walk.picture)
    rep.finish("end", "the record ends here", walk.picture)
    return rep


def _check(walk: Walk, entries: Iterable[Entry], rep: Replay) -> None:
    """`_tell` without words or steps: only the violations, in the same order. (Written for speed:
    a plain check of a thousand games runs it for every action; hooks are bound once.)"""
    after_end, why_illegal, play, reported = walk.after_end, walk.why_illegal, walk.play, walk.reported
    illegal = rep.illegal
    for entry in entries:
        kind, where = entry[0], entry[1]
        if kind is not TURN_END:
            ended = after_end(entry)
            if ended is not None:
                illegal(where, ended)
                break
        if kind is ACT:
            action = entry[2]
            why = why_illegal(action)
            if why is not None:
                if reported(why):
                    illegal(where, why)
                if walk.unplayable(where, action, why) is not None:
                    continue
            play(where, action, why, False)
        elif kind is CHANCE:
            found, stop = walk.chance(where, entry[2], False)[2:]
            for why in found:
                illegal(where, why)
            if stop:
                break
        elif not entry[2]:
            for why in walk.turn_problems():
                illegal(where, why)


def _tell(walk: Walk, entries: Iterable[Entry], rep: Replay) -> None:
    """Play the entries with their words (--explain) and steps (the replay page)."""
    picture = walk.picture
    for entry in entries:
        kind, where = entry[0], entry[1]
        if kind is not TURN_END:             # a turn's end holds nothing to refuse
            ended = walk.after_end(entry)
            if ended is not None:
                rep.illegal(where, ended)
                if kind is ACT:
                    rep.step(where, "not played: the game is over", picture)
                break
        if kind is ACT:
            action = entry[2]
            why = walk.why_illegal(action)
            if why is not None:
                if walk.reported(why):
                    rep.illegal(where, why)
                unplayed = walk.unplayable(where, action, why)
                if unplayed is not None:
                    _notes(rep, unplayed[1])
                    rep.step(where, unplayed[0], picture)
                    continue
            did, notes = walk.play(where, action, why, True)
            _notes(rep, notes)
            rep.step(where, did, picture)
        elif kind is CHANCE:
            did, notes, found, stop = walk.chance(where, entry[2], True)
            _notes(rep, notes)
            for why in found:
                rep.illegal(where, why)
            if did is not None:             # None: no step of its own (its violations go with the next)
                rep.step(where, did, picture)
            if stop:
                break
        elif not entry[2]:
            found = walk.turn_problems()
            for why in found:
                rep.illegal(where, why)
            if found:
                rep.step(where, entry[3], picture)


def _notes(rep: Replay, notes: list[str]) -> None:
    for note in notes:
        rep.note(note)


# ---------------------------------------------------------------- the one loop

def drive(rules: Rules, words: Telling, s: Any, entries: Iterable[tuple[Any, Any]], rep: Replay,
          picture: Callable[[], Position], watch: Callable | None = None) -> None:
    """Play `entries` (where, step) through `rules` from position `s` into `rep`, which tells (its
    notes and steps, `words`) or only checks. Every step, a decision, what chance gave or a fact of
    the record's shape, is judged by `why_illegal`; a violation is reported (unless it follows from
    one reported this turn: `repeats`) and the step is played as the table evidently played it
    (`as_played`). A plain check of a legal step only plays it: a thousand games check fast.
    `watch(where, s, step)`, if given, sees each step before it is judged (tests)."""
    telling = rep.explaining or rep.recording
    why_illegal, apply = rules.why_illegal, rules.apply
    for where, step in (entries if watch is None else _watched(entries, s, watch)):
        why = why_illegal(s, step)
        if why is None:
            if not telling:
                apply(s, step)
                continue
        if not _judged(rules, words, s, text_of(where), step, why, rep, picture, telling):
            break
    rep.finish("end", "the record ends here", picture)


def _watched(entries: Iterable[tuple[Any, Any]], s: Any, watch: Callable) -> Iterator[tuple[Any, Any]]:
    for where, step in entries:
        watch(text_of(where), s, step)
        yield where, step


def _judged(rules: Rules, words: Telling, s: Any, where: str, step: Any, why: Illegal | None, rep: Replay,
            picture: Callable[[], Position], telling: bool) -> bool:
    """One step the loop reports or tells; False where the replay stops."""
    before = s.copy() if telling else None
    refused: str | None = None
    going = True
    while why is not None:
        if not rules.repeats(s, why):
            rep.illegal(where, why)
        how = rules.as_played(s, step, why)
        if isinstance(how, Again):          # the table moved the game on first: judged again there
            why = rules.why_illegal(s, step)
            continue
        if isinstance(how, Stop):
            refused, going = how.words, False
        else:
            refused = how
        break
    if refused is None:
        rules.apply(s, step)
    if telling:
        for told in words.tell(before, s, step, where, why, refused):
            tell(rep, told, where, picture)
    return going


def tell(rep: Replay, told: Told, where: str, picture: Callable[[], Position]) -> None:
    """A step told: its --explain lines and its step (with the violations reported since the last)."""
    if rep.explaining:
        for note in (told.notes() if callable(told.notes) else told.notes):
            rep.note(note)
    if told.did is not None:                # (None: lines for --explain only, no step of its own)
        rep.step(told.where or where, told.did, picture)


def text_of(where: Any) -> str:
    """A place in the record: a str, or a format and its values (made a str only where it is read)."""
    return where if where.__class__ is str else where[0].format(*where[1:])


def replay(game, record, kit, explain: bool = False, steps: bool = False, open_end: bool = False,
           watch: Callable | None = None) -> tuple[Any, Replay]:
    """The record played through its game's rules: the position where it stops, and what the
    replay found (violations; with `explain` the notes; with `steps` every step and its position).
    With `open_end` the record's last turn is the one in progress at the table (`pnpkit moves`)."""
    rules, words, position = game.rules_of(), game.explain_of(), game.position_of()
    s = position.start(record, kit)
    rep = Replay(explaining=explain, recording=steps)

    def picture() -> Position:
        return position.picture(s, kit)

    if explain or steps:                    # (a plain check says nothing of the start)
        for told in words.opening(s, record):
            tell(rep, told, "start", picture)
    drive(rules, words, s, game.replay_of().entries(record, s, open_end), rep, picture, watch)
    return s, rep


__all__ = ["ACT", "CHANCE", "STEP_LIMIT", "TURN_END", "Entry", "Illegal", "Replay", "Walk", "drive", "replay", "run",
           "tell", "text_of"]
