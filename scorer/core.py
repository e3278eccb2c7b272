"""What every game's scorer returns: violations, scores with breakdowns, rankings, tie-breaks.

These are plain values. The CLI prints them as a table or, with `--json`, as the object
DESIGN.md specifies (`Result.to_json`). Ranking is shared by all competitive games: a game
only says which tie-breakers it uses, in order (`rank`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterable, Sequence



@dataclass(frozen=True)
class Rule:
    """A rule to cite: `id` is a rulebook section (`PLAY 4(c)`) or a ruling (`ruling C5`); its
    words are checked against the shipped rulebook by scorer.rulebook, which makes them."""

    id: str
    quote: str


@dataclass(frozen=True)
class Violation:
    """A broken rule: where in the record, what is wrong, and the rule's id and words."""

    where: str
    message: str
    rule: str
    quote: str

    @classmethod
    def of(cls, where: str, message: str, rule: Rule) -> "Violation":
        return cls(where, message, rule.id, rule.quote)

    def to_json(self) -> dict[str, str]:
        return {"where": self.where, "rule": self.rule, "quote": self.quote, "message": self.message}


@dataclass(frozen=True)
class Line:
    """One line of a player's breakdown. A player's lines add up to their total."""

    label: str
    points: int

    @cached_property
    def json_text(self) -> str:
        """`{"label": ..., "points": ...}` as JSON text, made once a line: scores share their Line
        values (a kit's sheet and deck lines), and encoding them again was most of what writing a
        many-records line cost (a cached property, not a cache keyed by the line: hashing a line
        each time cost as much as encoding it)."""
        return '{"label": ' + _scalar(self.label) + ', "points": ' + _scalar(self.points) + "}"


@dataclass
class PlayerScore:
    name: str
    breakdown: list[Line] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum([line.points for line in self.breakdown])

    def add(self, label: str, points: int) -> None:
        self.breakdown.append(Line(label, points))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total,
                "breakdown": [{"label": line.label, "points": line.points} for line in self.breakdown]}

    def json_text(self) -> str:
        """`to_json()` as JSON text (ensure_ascii off), the same characters, from each breakdown
        line's text kept once (`Line.json_text`)."""
        return ('{"name": ' + _scalar(self.name) + ', "total": ' + _scalar(self.total) + ', "breakdown": ['
                + ", ".join([line.json_text for line in self.breakdown]) + "]}")


_JSON = json.JSONEncoder(ensure_ascii=False)  # what json.dumps(..., ensure_ascii=False) makes on each call


def _encoder() -> Callable[[Any], str]:
    """`_JSON.encode` for a mapping or list, the same characters, without making the C encoder
    again on every call as `encode` does (half of its time on a many-records line's small parts).
    Where the C encoder is missing or made otherwise, `_JSON.encode` itself."""
    make = getattr(json.encoder, "c_make_encoder", None)
    try:
        encode = make(None, _JSON.default, json.encoder.encode_basestring, None, _JSON.key_separator,
                      _JSON.item_separator, False, False, True)
        if "".join(encode({"a": [1, 2.5, True, None, "é"]}, 0)) != _JSON.encode({"a": [1, 2.5, True, None, "é"]}):
            raise TypeError("not the same characters")
    except TypeError:  # (make is None, or takes other arguments)
        return _JSON.encode
    return lambda value: "".join(encode(value, 0))


_json = _encoder()
_json_text = json.encoder.encode_basestring  # what _JSON.encode makes of a str


def _scalar(value: Any) -> str:
    """One value as `_JSON.encode` writes it; a text or a whole number without an encoder."""
    t = type(value)
    if t is str:
        return _json_text(value)
    return str(value) if t is int else _JSON.encode(value)



@dataclass(frozen=True)
class TieBreaker:
    """`key(name)` gives a player's value; higher ranks first (negate for 'fewest')."""

    label: str
    key: Callable[[str], float]


@dataclass(frozen=True)
class Tiebreak:
    """How one place among players equal on points was settled."""

    place: int
    players: list[str]
    tied_on: int
    decided_by: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "players": self.players, "tied_on": self.tied_on,
                "decided_by": self.decided_by, "rule": self.rule}


def rank(scores: Sequence[PlayerScore], breakers: Sequence[TieBreaker], rule: Rule, lowest: bool = False
         ) -> tuple[list[list[str]], list[Tiebreak]]:
    """Rank by total (the highest first, or with `lowest` the lowest), then by each tie-breaker in
    turn; players equal on all of them share.

    Returns the ranking as groups (best first) and, for every place that a tie on points had to
    settle, which tie-breaker settled it (or that the place is shared).
    """
    sign = -1 if lowest else 1
    totals = [s.total for s in scores]
    if len(set(totals)) == len(totals):  # (most tables: no two equal on points, no tie-breaker asked)
        ordered = sorted(zip(totals, scores), key=_first, reverse=not lowest)
        return [[s.name] for _, s in ordered], []
    keys = {s.name: (sign * s.total, *[b.key(s.name) for b in breakers]) for s in scores}

    def sort_key(s: PlayerScore) -> tuple:
        return keys[s.name]

    ordered = sorted(scores, key=sort_key, reverse=True)
    groups: list[list[PlayerScore]] = []
    for s in ordered:
        if groups and sort_key(groups[-1][0]) == sort_key(s):
            groups[-1].append(s)
        else:
            groups.append([s])

    totals = [sign * keys[g[0].name][0] for g in groups]  # each group's points (a total adds up its lines)
    tiebreaks: list[Tiebreak] = []
    place = 1
    for i, group in enumerate(groups):
        total = totals[i]
        below = i + 1 < len(groups) and totals[i + 1] == total
        above = i > 0 and totals[i - 1] == total
        if below or above or len(group) > 1:
            names = [s.name for s in group]
            if below or above:
                # The tie-breaker that put this group above the players still tied with it, the next
                # group (groups are sorted, so it is the first on which they differ); the last of a
                # tie took the place the one above it left.
                other = groups[i + 1] if below else groups[i - 1]
                decided = breakers[_first_difference(group[0], other[0], breakers)].label
            else:
                decided = "no tie-breaker"
            if len(group) > 1:
                decided = "shared: equal on points and on every tie-breaker" if not (below or above) else \
                    f"{decided}; the rest equal on every tie-breaker, so shared"
            tiebreaks.append(Tiebreak(place, names, total, decided, rule.id))
        place += len(group)
    return [[s.name for s in g] for g in groups], tiebreaks


def _first(pair: tuple) -> Any:
    return pair[0]


def _first_difference(a: PlayerScore, b: PlayerScore, breakers: Sequence[TieBreaker]) -> int:
    for i, br in enumerate(breakers):
        if br.key(a.name) != br.key(b.name):
            return i
    return len(breakers) - 1


@dataclass
class Result:
    """The verdict on one record. `extra` holds cooperative games' outcome fields."""

    game: str
    players: list[PlayerScore] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    finished: bool = True
    ranking: list[list[str]] = field(default_factory=list)
    tiebreaks: list[Tiebreak] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    explain: list[str] = field(default_factory=list)
    cooperative: bool = False
    steps: list[Any] = field(default_factory=list)    # scorer.play.Step, when asked for (the replay page)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def winners(self) -> list[str]:
        """The verdict: first place of a finished game that keeps every rule. A record that breaks a
        rule has no winner until the table settles it; who came first as played is `winners_as_played`."""
        return self.winners_as_played if self.valid else []

    @property
    def winners_as_played(self) -> list[str]:
        return list(self.ranking[0]) if self.ranking and self.finished else []

    def winner_text(self) -> str:
        """`Winner: Ann`, `Winners (shared): Ann, Ben`; for a record that breaks the rules, the same as
        played, with what must come first: `Winner as played: Ann (settle the broken rules first)`."""
        won = self.winners_as_played
        head = "Winner" if len(won) == 1 else "Winners (shared)"
        if self.valid:
            return f"{head}: {', '.join(won)}"
        return f"{head} as played: {', '.join(won)} (settle the broken rules first)"

    def to_json(self) -> dict[str, Any]:
        out, players, rest = self._json_parts()
        if players:
            out["players"] = [p.to_json() for p in self.players]
        out.update(rest)
        return out

    def json_text(self, **first: Any) -> str:
        """`json.dumps({**first, **self.to_json()}, ensure_ascii=False)`, the same characters, with
        the players written by `PlayerScore.json_text` (pnpkit/many.py writes one a record)."""
        head, players, rest = self._json_parts()
        head = {**first, **head}
        if not players or any(key in head or key == "players" for key in rest):
            return _JSON.encode({**first, **self.to_json()})     # a key written twice: json.dumps's order
        return (_json(head)[:-1] + ', "players": [' + ", ".join([p.json_text() for p in self.players])
                + "], " + _json(rest)[1:])

    def _json_parts(self) -> tuple[dict[str, Any], bool, dict[str, Any]]:
        """to_json's keys before `players`, whether it has players, and its keys after them."""
        head: dict[str, Any] = {"game": self.game, "valid": self.valid, "finished": self.finished}
        rest: dict[str, Any] = {}
        if self.cooperative:
            rest.update(self.extra)
        else:
            rest["ranking"] = self.ranking
            rest["winners"] = self.winners
            if not self.valid and self.winners_as_played:
                rest["winners_as_played"] = self.winners_as_played
            rest["tiebreaks"] = [t.to_json() for t in self.tiebreaks]
            rest.update(self.extra)
        rest["violations"] = [v.to_json() for v in self.violations]
        return head, bool(self.players or not self.cooperative), rest


WHERE_TURN, WHERE_ACTION = "turn {} ({})", 'turn {} ({}), action {} "{}"'
"""where_turn's turn, and its action with its text, as formats: a replay's entry may carry one with
its values, made a str only where a violation is reported (scorer/replay.py's `text_of`)."""


def where_turn(turn: int, player: str, action: int | None = None, text: str | None = None) -> str:
    """`turn 3 (Ann), action 2 "c 1"`: the one way every move log names a place in it."""
    if action is None:      # (each written whole: a check names every action of a thousand games)
        return WHERE_TURN.format(turn, player)
    if text is None:
        return f"turn {turn} ({player}), action {action}"
    return WHERE_ACTION.format(turn, player, action, text)


_SINGULAR_VERB = {"are": "is", "were": "was", "have": "has", "hold": "holds", "lie": "lies"}


def plural(n: int, word: str, verb: str | None = None) -> str:
    """`1 point`, `2 points`, `0 points`: a count and its noun, agreeing; with `verb` (its plural
    form) the verb agrees too: `plural(1, "chestnut", "are")` is `1 chestnut is`. Every place a
    number meets a noun says it through here, so none says `1 chestnuts`."""
    out = f"{n} {word}" if n in (1, -1) else f"{n} {word}s"
    return out if verb is None else f"{out} {agree(n, verb)}"


def agree(n: int, verb: str) -> str:
    """The verb (given in its plural form) agreeing with a count: `agree(1, "are")` is `is`."""
    return _SINGULAR_VERB.get(verb, verb + "s") if n in (1, -1) else verb


def join_names(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
