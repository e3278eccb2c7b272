"""The one replay driver: a record's entries played through its game's rules, in order, in one loop
that tells (the --explain notes, and for the replay page every step with its position) or only
checks, collecting every violation.

A game's replay.py does not loop over its record, nor judge it: it turns the record into entries,
(where, step), in the order the table played them; a step is a decision, what chance gave, or a
fact of the record's shape (a turn's end, how many rolls it writes). The loop asks the rules
(scorer/protocol.py's `Rules`) of every step: `why_illegal` (the one place a rule is stated); a
violation is reported unless it follows from one reported this turn (`repeats`: one mistake, one
report), and the step is played as the table evidently played it (`as_played`: as written, without
its mistake, not at all, or the replay stops there), so what follows from a mistake is played as the
table played it and is not reported again; then it is told in the game's words (`Telling.tell`).

Entries are generated lazily from the record, so a replay that stops early reads no further, and
an entry may see the position the steps before it reached.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from pnpkit.scorer.core import Violation
from pnpkit.scorer.play import Position, Step
from pnpkit.scorer.protocol import Again, Illegal, Instead, Rules, Stop, Telling, Told

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

    def note(self, text: str) -> None:
        if self.explaining:
            self.explain.append(text)


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
        if isinstance(how, Instead):        # the table played it without its mistake: that is judged
            step = how.step
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


__all__ = ["STEP_LIMIT", "Replay", "drive", "replay", "tell", "text_of"]
