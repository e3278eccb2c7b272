"""The rulebook searched in plain words: `pnpkit rules GAME WORDS` and the table's search box.

A table asks "does fire jump a firebreak" or "unfulfilled bonus card penalty", not the rulebook's
own words, so a search for all the words finds nothing. SQLite's FTS5 (in every Python's sqlite3)
ranks the passages instead: the porter stemmer finds "jumps" for "jump", filler words ("does", "a",
"who") are left out, and each game's glossary (the kit file's `game.glossary`: the table's words ->
the rulebook's) adds the rulebook's word for the table's ("penalty" -> "subtract"). A passage that
answers more of the question comes first, each word weighted by how rare it is in the rulebook (its
IDF: "firebreak" says more than "fire"); among equals, BM25 decides, a match in a section's name
counting five times a match in its text.

An answer is a sentence, so a passage is judged by its best sentence: a long passage used to gather
the question's words from sentences about other things ("when is the game over" found Overheating,
which says "turn the counters over" in one sentence and "the game" in another, before GAME END); its
second-best counts a tenth, so that the passage saying it twice comes before an aside saying it once.
A passage that states no rule (credits, a designer's notes) ranks after every rule. A rulebook is a
few dozen passages, so a word's IDF has a prior: a plain word one passage happens to hold ("stored
away", "share their victory") no longer outweighs two of the game's own words.

Words are read as the rulebook writes them (issue 36): a count in a question ("can two squirrels
share a space") is filler, as "one" is, since the rulebook answers with the count it allows and
counts unrelated things everywhere; a hyphenated name is one word (In the Nuts!' `3-squirrel-area`
is a place, and its "squirrel" answered questions about squirrels); "cannot" is also "can not".

The index is built in memory when a game is first searched (a few hundred passages: milliseconds)
and kept for the process.
"""
from __future__ import annotations

import math
import re
import sqlite3
from functools import lru_cache
from typing import Mapping, Sequence

from pnpkit.scorer import rulebook

STOP = frozenset("""
a an and any are as at be been being but by can could did do does doing done for from get gets got had has have
having how i if in into is it its me my of on or our shall should so than that the their them then there these
they this those to too up us was we were what when where which while who whom why will with would you your
might one ones happen happens rule rules many much there's
two three four five six seven eight nine ten
""".split())
"""Words that ask rather than name: a question's filler. ("must", "may" and "allowed" are kept: IDF already
weighs a word that most passages hold at next to nothing, and where the question's other words tie,
the passage that says one must decides "must I take the last ornament".)"""

PRIOR = 5.0  # pseudo-passages on each side of a word's passage count (its IDF's prior; see Index._weight)
SECOND = 0.1    # its second-best sentence counts this much of its best: between near-equal answers, the
                # passage that says it twice ("the game is lost" ... "All players out: lost") is the
                # one about it, not an aside ("(Remember, the players still lose if ...)")
PASSAGE = 0.1   # a group found anywhere in a passage counts this much of one its best sentence answers
_VERBS = """lose lost | win won | take took taken | get got gotten | go went gone | draw drew drawn |
throw threw thrown | steal stole stolen | eat ate eaten | give gave given | run ran | keep kept |
leave left | hold held | choose chose chosen | begin began begun | fall fell fallen | burn burnt |
spend spent | pay paid | buy bought | put | set | cut | hit | let | shut | split | spread | stand stood |
find found | make made | lay laid | lie lay lain | sit sat | fly flew flown | bring brought |
catch caught | send sent | tell told | say said | see saw seen | build built | deal dealt |
feed fed | meet met | shake shook shaken | break broke broken | freeze froze frozen"""
IRREGULAR: dict[str, tuple[str, ...]] = {
    form: tuple(f for f in forms if f != form)
    for forms in (line.split() for line in _VERBS.replace("\n", " ").split("|")) for form in forms}
"""An irregular verb's forms, each to each: the porter stemmer finds "burns" for "burn" but not "lost"
for "lose", so "how do we lose" missed "the game is lost"."""

SPELLINGS = {"cannot": ("cannot", "can not", "can't"), "can't": ("cannot", "can not", "can't"),
             "have to": ("have to", "has to", "had to"), "has to": ("have to", "has to", "had to")}
"""One word written apart or together ("can not", "cannot", "can't"), and "have to", which asks what
"must" asks (kept as "must" is; "have" and "to" alone are filler): a question's spelling and the
rulebook's missed each other ("what if I cannot place my tile": "If a tile can not be played")."""

NAME_WEIGHT = 5.0  # a word in a section's name (or a ruling's title) counts this many times one in its text
WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?(?:-[^\W_]+)*")
SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n+")


def words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def _quoted(term: str) -> str:
    """A term as an FTS5 phrase; one ending in a hyphenated word as a prefix (`"3-squirrel"*` finds the
    board's `3-squirrel-area`)."""
    return '"' + term.replace('"', '""') + '"' + ("*" if "-" in term.split()[-1] else "")


def _forms(term: str) -> list[str]:
    """A term as FTS5 query parts: the term and, for a single word, its inflections, each stemmed by
    FTS5's porter stemmer. Porter stems "overheats" to "overheat" but "overheating" to "overh", so the
    table's form and the rulebook's can miss each other; asking for every form of the word cannot."""
    if term in SPELLINGS:
        return [_quoted(f) for f in SPELLINGS[term]]
    if " " in term:
        return [_quoted(f) for f in (term, *IRREGULAR.get(term, ()))]
    if len(term) < 4:  # too short to take an ending off, but "tie" asks what "Ties" says (porter: "ti")
        return [_quoted(f) for f in dict.fromkeys((term, term + "s", *IRREGULAR.get(term, ())))]
    base = re.sub(r"(ies|es|s|ing|ed)$", "", term) if len(term) >= 5 else term
    if len(base) < 3:
        base = term
    forms = (term, base, base + "e", base + "s", base + "es", base + "ing", base + "ed", *IRREGULAR.get(term, ()))
    # and a compound it begins ("face" finds "face-up"; "squirrel" does not find "3-squirrel-area")
    return [_quoted(f) for f in dict.fromkeys(forms)] + ([_quoted(term + "-")] if "-" not in term else [])


def groups(question: str, glossary: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """The question as groups of alternatives, one group per word or glossary phrase it asks about:
    "first player penalty" -> [["first player", "starting player"], ["penalty", "subtract"]]."""
    asked = [w for w in words(question)]
    entries = sorted(((words(k), [" ".join(words(v)) for v in vs]) for k, vs in glossary.items()),
                     key=lambda e: -len(e[0]))
    entries += [(k.split(), []) for k in SPELLINGS if " " in k]     # "have to": one word, not filler
    out: list[list[str]] = []
    i = 0
    while i < len(asked):
        for key, alternatives in entries:
            if key and asked[i:i + len(key)] == key:
                out.append([" ".join(key), *alternatives])
                i += len(key)
                break
        else:
            if "-" in asked[i] and i + 1 < len(asked) and asked[i + 1] not in STOP:
                # "the 3-squirrel area": the board's one word `3-squirrel-area`, or written apart
                out.append([f"{asked[i]}-{asked[i + 1]}", f"{asked[i]} {asked[i + 1]}", asked[i]])
                i += 2
                continue
            if asked[i] not in STOP:
                out.append([asked[i]])
            i += 1
    seen: set[str] = set()
    unique = []
    for g in out:
        if g[0] not in seen:
            seen.add(g[0])
            unique.append([t for t in dict.fromkeys(g) if t])
    return unique


class Index:
    """One game's passages (id, name, text) in an FTS5 table."""

    def __init__(self, passages: Sequence[tuple[str, str, str]], aside: Sequence[str] = ()) -> None:
        self.passages = list(passages)
        self.aside = {k for k, (pid, _, _) in enumerate(self.passages) if pid in aside}
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE p USING fts5(name, body, tokenize=\"porter unicode61 tokenchars '-'\")")
        self.db.executemany("INSERT INTO p(rowid, name, body) VALUES (?, ?, ?)",
                            [(k, name, body) for k, (_, name, body) in enumerate(self.passages)])
        # each passage's sentences too: an answer is a sentence, and a long passage gathers the
        # question's words from unrelated sentences ("turn the counters over" ... "the game")
        self.db.execute("CREATE VIRTUAL TABLE s USING fts5(body, tokenize=\"porter unicode61 tokenchars '-'\")")
        self.owner: list[int] = []
        rows = []
        for k, (_, _, body) in enumerate(self.passages):
            for sentence in SENTENCE.split(body):
                if sentence.strip():
                    rows.append((len(self.owner), sentence))
                    self.owner.append(k)
        self.db.executemany("INSERT INTO s(rowid, body) VALUES (?, ?)", rows)

    def _matching(self, terms: list[str], column: str = "") -> set[int]:
        query = " OR ".join((f"{column}:" if column else "") + f for t in terms for f in _forms(t))
        return {r for (r,) in self.db.execute("SELECT rowid FROM p WHERE p MATCH ?", (query,))}

    def _weight(self, found: set[int]) -> float:
        """A word's IDF: one that few passages hold says more about which one is meant. A rulebook has a
        few dozen passages, so a plain word in one of them is rare by chance ("share their victory",
        "stored away"), and its raw IDF outweighed two of the game's own words the question also asks
        ("can two squirrels share a space"); PRIOR passages holding it and PRIOR not, added to the
        count, keep the order (rarer still weighs more) and temper the chance."""
        n, held = len(self.passages) + 2 * PRIOR, len(found) + PRIOR
        return math.log((n - held + 0.5) / (held + 0.5) + 1)

    def _sentences(self, terms: list[str]) -> set[int]:
        query = " OR ".join(f for t in terms for f in _forms(t))
        return {r for (r,) in self.db.execute("SELECT rowid FROM s WHERE s MATCH ?", (query,))}

    def search(self, asked: list[list[str]]) -> list[int]:
        """Indexes of the passages that answer any group, best first. A passage counts the groups
        its best sentence answers, each by its IDF, and again those in its name; its second-best
        sentence (SECOND) and the groups found anywhere in it (PASSAGE) count a little."""
        if not asked:
            return []
        sentence: dict[int, float] = {}
        named: dict[int, float] = {}
        anywhere: dict[int, float] = {}
        for g in asked:
            weight = self._weight(self._matching(g))
            for r in self._matching(g):
                anywhere[r] = anywhere.get(r, 0.0) + weight
            for r in self._sentences(g):
                sentence[r] = sentence.get(r, 0.0) + weight
            if not g[0].isdigit():  # a number in a name ("3) Scoring", "PLAY 4") numbers it, it is no name
                for r in self._matching(g, "name"):
                    named[r] = named.get(r, 0.0) + weight
        answers: dict[int, list[float]] = {}
        for r, v in sentence.items():
            answers.setdefault(self.owner[r], []).append(v)
        best = {k: max(vs) + SECOND * sorted(vs)[-2] if len(vs) > 1 else vs[0] for k, vs in answers.items()}
        covered = {k: best.get(k, 0.0) + named.get(k, 0.0) + PASSAGE * anywhere.get(k, 0.0)
                   for k in set(best) | set(named) | set(anywhere)}
        if not covered:
            return []
        query = " OR ".join(f for g in asked for t in g for f in _forms(t))
        rank = {r: score for r, score in self.db.execute(
            f"SELECT rowid, bm25(p, {NAME_WEIGHT}, 1.0) FROM p WHERE p MATCH ?", (query,))}
        ruling = [pid.startswith("ruling ") for pid, _, _ in self.passages]
        # a passage that states no rule after every rule; equal answers: the rulebook's own words
        # before the project's ruling on them
        return sorted(covered, key=lambda r: (r in self.aside, -round(covered[r], 9), ruling[r], rank.get(r, 0.0), r))


@lru_cache(maxsize=None)
def index(game: str) -> Index:
    sections = rulebook.sections(game)
    passages = [(s.id, s.id, s.text) for s in sections]
    passages += [(rid, title, body if body.startswith(title) else f"{title}. {body}")
                 for rid, title, body in rulebook.rulings(game)]
    return Index(passages, aside=[s.id for s in sections if s.aside])


@lru_cache(maxsize=None)
def glossary(game: str) -> dict[str, tuple[str, ...]]:
    """The kit's glossary (the table's words -> the rulebook's), read once."""
    from pnpkit.kitfile.head import load_head
    return {k: tuple(v) for k, v in load_head(game).game.glossary.items()}


def search(game: str, words: list[str]) -> list[tuple[str, str]]:
    """The sections and rulings of `game` that answer `words`, as (id, text), best first.

    Words that spell a numbered id (`notes 1`, `C6`, `ruling C6`, `PLAY 4(c)`) give that one;
    otherwise the passages are ranked by how much of the question they answer (plain words, stems,
    the kit's glossary), so `jokers` finds the Jokers section and ruling N2."""
    asked = " ".join(" ".join(words).split()).lower()  # `"end turn"` asks what `end turn` asks
    idx = index(game)
    ids = {pid.lower(): k for k, (pid, _, _) in enumerate(idx.passages)}
    if "; " in asked and all(part in ids for part in asked.split("; ")):
        # a citation as a violation writes it (`Smoke Jumpers; ruling F7`): the rulebook's, then the ruling
        return [(idx.passages[ids[part]][0], idx.passages[ids[part]][2]) for part in asked.split("; ")]
    if re.search(r"\d", asked):
        for pid, _, text in idx.passages:
            if asked in (pid.lower(), pid.lower().removeprefix("ruling ")):
                return [(pid, text)]
    return [(idx.passages[k][0], idx.passages[k][2]) for k in idx.search(groups(asked, glossary(game)))]
