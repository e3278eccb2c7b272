"""The rulebooks' and the rulings' own words, as shipped with the package: one place for both.

A violation quotes the rule it breaks. Quotes are written in the game modules as short excerpts
and checked here against the shipped text when the module is imported, so a quote can never drift
from the rulebook it claims to cite, nor sit under a section id it is not in. `pnpkit rules` reads
the same sections (texts/SECTIONS.yaml cuts each rulebook into them) and rulings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

from pnpkit.scorer import games
from pnpkit.scorer.core import Rule


def rulebook_file(game: str) -> str:
    """The file in texts/ that holds `game`'s rulebook (its descriptor says)."""
    return games.load(game).rulebook


def _norm(text: str) -> str:
    # A rulebook's **bold** marks are emphasis, not words: a quote reads the same without them.
    text = text.replace("**", "").replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=None)
def text(game: str) -> str:
    """The whole rulebook of `game`, whitespace folded."""
    name = rulebook_file(game)
    return _norm((resources.files("pnpkit.scorer") / "texts" / name).read_text(encoding="utf-8"))


CITED: list[tuple[str, str, str]] = []  # (game, section id, quote) of every rule a module cites


def section(game: str, section_id: str, words: str) -> Rule:
    """A rulebook rule. `words` must occur in the rulebook (whitespace-insensitive), checked when the
    citing module is imported, and in the section `section_id` or in a section that holds it
    (`PLAY 4` holds `PLAY 4(c)`), checked by `check_section` for every citation in `CITED` (the
    test suite does: cutting a rulebook into its sections is too slow for every command's start)."""
    quote = _norm(words)
    if quote not in text(game):
        raise ValueError(f"quote for {game} {section_id} is not in the rulebook: {quote!r}")
    CITED.append((game, section_id, quote))
    return Rule(section_id, quote)


def check_section(game: str, section_id: str, quote: str) -> None:
    """Raise ValueError unless `quote` lies in the section `section_id` of `game`'s rulebook (or in
    a section that holds it)."""
    found = {s.id: s for s in sections(game)}
    if section_id not in found:
        raise ValueError(f"{game} has no section {section_id!r} (texts/SECTIONS.yaml)")
    if not any(quote in found[sid].whole for sid in _lineage(section_id) if sid in found):
        raise ValueError(f"quote for {game} {section_id} is not in that section: {quote!r}")


@dataclass(frozen=True)
class Section:
    """One section of a rulebook: its id, its text (paragraphs kept) and, in `whole`, its text with
    the sections it holds, whitespace folded (what a quote is looked up in)."""

    id: str
    text: str
    whole: str
    aside: bool = False     # states no rule (credits, a designer's notes): answers rank it last


def _lineage(section_id: str) -> list[str]:
    """`PLAY 4(c)` -> [`PLAY 4(c)`, `PLAY 4`, `PLAY`]: the section and those that hold it."""
    out = [section_id]
    while True:
        parent = re.sub(r"(\(\w+\)| \d+)$", "", out[-1])
        if parent == out[-1] or not parent:
            return out
        out.append(parent)


def _paragraph(lines: str) -> str:
    """A paragraph's lines joined, but a list's items (`- `, `• `, `1. `) each kept on a line."""
    out: list[str] = []
    for line in lines.splitlines():
        if out and not re.match(r"\s*([-•*]|\d+\.)\s", line):
            out[-1] += " " + line
        else:
            out.append(line)
    return "\n".join(_norm(x) for x in out if _norm(x))


@lru_cache(maxsize=1)
def _section_table() -> dict:
    """texts/SECTIONS.yaml, read once (with libyaml where PyYAML has it: every command that cites
    a rule reads it)."""
    text = (resources.files("pnpkit.scorer") / "texts" / "SECTIONS.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@lru_cache(maxsize=None)
def sections(game: str) -> tuple[Section, ...]:
    """The rulebook of `game` cut into its sections, in order (texts/SECTIONS.yaml)."""
    raw = (resources.files("pnpkit.scorer") / "texts" / rulebook_file(game)).read_text(encoding="utf-8").splitlines()
    table = _section_table()[game]
    starts: list[tuple[str, int, int]] = []          # id, first line, first line of the text
    line = 0
    for entry in table:
        for i in range(line, len(raw)):
            here = raw[i].strip()
            if ("heading" in entry and here == entry["heading"]) or ("at" in entry and here.startswith(entry["at"])):
                starts.append((str(entry["id"]), i, i + 1 if "heading" in entry else i))
                line = i + 1
                break
        else:
            raise ValueError(f"texts/SECTIONS.yaml: {game} {entry['id']}: no line {entry.get('heading') or entry.get('at')!r} "
                             f"after the section before it")
    out = []
    aside = {str(entry["id"]) for entry in table if entry.get("aside")}
    for k, (sid, _, first) in enumerate(starts):
        end = starts[k + 1][1] if k + 1 < len(starts) else len(raw)
        family = [sid]
        for later in starts[k + 1:]:
            if sid not in _lineage(later[0])[1:]:
                break
            family.append(later[0])
        whole_end = starts[k + len(family)][1] if k + len(family) < len(starts) else len(raw)
        body = [ln for ln in raw[first:end] if not ln.lstrip().startswith("#")]
        paragraphs = [_paragraph(p) for p in re.split(r"\n\s*\n", "\n".join(body)) if _norm(p)]
        out.append(Section(sid, "\n\n".join(paragraphs), _norm(" ".join(raw[starts[k][1]:whole_end])), sid in aside))
    return tuple(out)


@lru_cache(maxsize=None)
def _rulings() -> dict[str, str]:
    raw = (resources.files("pnpkit.scorer") / "texts" / "RULINGS.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for m in re.finditer(r"^- \*\*([A-Z]\d+) ([^*]*)\*\*(.*?)(?=^- \*\*|^#|\Z)", raw, re.M | re.S):
        # "**N2 Jokers** count as ..." is a sentence that starts in the bold title; "**C1 Where
        # chestnuts are.** Each ..." has a heading. Quote the sentence whole, drop the heading.
        title = m[2].strip()
        words = m[3] if title.endswith(".") else f"{title} {m[3]}"
        out[m[1]] = _norm(words.replace("**", "").replace("`", ""))
    return out


def ruling(ruling_id: str, words: str | None = None, rulebook: str | None = None) -> Rule:
    """A ruling from RULINGS.md: `ruling("C5")` -> Rule("ruling C5", its text, whole).

    `words` quotes only part of it (the sentence that decides), checked against the ruling; with
    `rulebook` (a game) they are instead the rulebook's own words the ruling rests on, checked
    against that rulebook (`ruling("T3", "pass the Bag ...", rulebook="trim-the-tree")`)."""
    try:
        whole = _rulings()[ruling_id]
    except KeyError:
        raise ValueError(f"no ruling {ruling_id} in RULINGS.md") from None
    if words is None:
        return Rule(f"ruling {ruling_id}", whole)
    quote = _norm(words)
    if quote not in (text(rulebook) if rulebook else whole):
        raise ValueError(f"quote for ruling {ruling_id} is not in {'the rulebook' if rulebook else 'it'}: {quote!r}")
    return Rule(f"ruling {ruling_id}", quote)


ALONE: dict[tuple[str, str], str] = {}
"""(ruling id, quote) of every ruling a game cites by itself -> why the rulebook has no words for it."""


def alone(rule: Rule, why: str) -> Rule:
    """A ruling cited by itself, where the rulebook is silent: `why` says so (the audit of every
    citation, tests/test_citations.py, refuses a ruling cited alone without it)."""
    if not rule.id.startswith("ruling ") or not why:
        raise ValueError(f"alone(ruling, why): got {rule.id!r}, {why!r}")
    ALONE[(rule.id, rule.quote)] = why
    return rule


def both(words: Rule, decided: Rule) -> Rule:
    """The rulebook's words and the ruling that decides how to read them, cited together, the rulebook
    first: `Hotshot; ruling F6` with `<the rulebook's words> Ruling F6: <its words>`. A ruling alone
    is cited only where the rulebook is silent (docs/rulings.md)."""
    if words.id.startswith("ruling ") or not decided.id.startswith("ruling "):
        raise ValueError(f"both(rulebook, ruling): got {words.id!r}, {decided.id!r}")
    gap = " " if words.quote[-1:] in ".!?:)" else " ... "      # a quote cut mid-sentence says so
    return Rule(f"{words.id}; {decided.id}", f"{words.quote}{gap}Ruling {decided.id.removeprefix('ruling ')}: {decided.quote}")


def whole_ruling(rule_id: str, quote: str) -> str:
    """For a ruling quoted in part (its deciding sentence), where the whole of it is read:
    ` (part of it; all of it: pnpkit rules chestnuts C7)`; "" for a ruling quoted whole or a
    rulebook section. A violation quotes what decides it, and a reader can still see the rest."""
    if "; ruling " in rule_id:          # the rulebook's words, then the ruling's (both): the ruling's part
        rule_id = "ruling " + rule_id.split("; ruling ", 1)[1]
        quote = quote.split(f"Ruling {rule_id.removeprefix('ruling ')}: ", 1)[-1]
    rid = rule_id.removeprefix("ruling ")
    whole = _rulings().get(rid) if rule_id.startswith("ruling ") else None
    if whole is None or _norm(quote) == whole or _norm(quote) not in whole:
        return ""               # not a ruling, quoted whole, or the rulebook's words it rests on
    game = next((g for g in games.GAMES if games.load(g).ruling_letter == rid[0]), None)
    return f" (part of it; all of it: pnpkit rules {game} {rid})" if game else ""


def rulings(game: str) -> list[tuple[str, str, str]]:
    """This kit's rulings for `game`: (id, title, text), in order."""
    titles = ruling_titles()
    return [(f"ruling {rid}", titles[rid], words) for rid, words in _rulings().items()
            if game in games.GAMES and rid[0] == games.load(game).ruling_letter]


def ruling_titles() -> dict[str, str]:
    """Ruling id -> its short title (for docs)."""
    raw = (resources.files("pnpkit.scorer") / "texts" / "RULINGS.md").read_text(encoding="utf-8")
    return {m[1]: m[2].strip().rstrip(".") for m in re.finditer(r"^- \*\*([A-Z]\d+) ([^*]*)\*\*", raw, re.M)}
