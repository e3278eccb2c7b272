"""The rulebooks' and the rulings' own words, as shipped with the package.

A violation quotes the rule it breaks. Quotes are written in the game modules as short excerpts
and checked here against the shipped text when the module is imported, so a quote can never drift
from the rulebook it claims to cite.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

RULEBOOKS = {
    "chestnuts": "chestnuts-roasting.txt",
    "forest-fire": "forest-fire.txt",
    "fair-verona": "fair-verona.txt",
    "in-the-nuts": "in-the-nuts.txt",
    "trim-the-tree": "trim-the-tree.txt",
    "nuts": "nuts-factory.txt",
}


@dataclass(frozen=True)
class Rule:
    """A rule to cite: `id` is a rulebook section (`PLAY 4(c)`) or a ruling (`ruling C5`)."""

    id: str
    quote: str


def _norm(text: str) -> str:
    # A rulebook's **bold** marks are emphasis, not words: a quote reads the same without them.
    text = text.replace("**", "").replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=None)
def text(game: str) -> str:
    """The whole rulebook of `game`, whitespace folded."""
    name = RULEBOOKS[game]
    return _norm((resources.files("scorer") / "texts" / name).read_text(encoding="utf-8"))


def section(game: str, section_id: str, words: str) -> Rule:
    """A rulebook rule. `words` must occur in the rulebook (whitespace-insensitive)."""
    quote = _norm(words)
    if quote not in text(game):
        raise ValueError(f"quote for {game} {section_id} is not in the rulebook: {quote!r}")
    return Rule(section_id, quote)


@lru_cache(maxsize=None)
def _rulings() -> dict[str, str]:
    raw = (resources.files("scorer") / "texts" / "RULINGS.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for m in re.finditer(r"^- \*\*([A-Z]\d+) ([^*]*)\*\*(.*?)(?=^- \*\*|^#|\Z)", raw, re.M | re.S):
        # "**N2 Jokers** count as ..." is a sentence that starts in the bold title; "**C1 Where
        # chestnuts are.** Each ..." has a heading. Quote the sentence whole, drop the heading.
        title = m[2].strip()
        words = m[3] if title.endswith(".") else f"{title} {m[3]}"
        out[m[1]] = _norm(words.replace("**", "").replace("`", ""))
    return out


def ruling(ruling_id: str) -> Rule:
    """A ruling from RULINGS.md, quoted whole: `ruling("C5")` -> Rule("ruling C5", "...")."""
    try:
        return Rule(f"ruling {ruling_id}", _rulings()[ruling_id])
    except KeyError:
        raise ValueError(f"no ruling {ruling_id} in RULINGS.md") from None


def ruling_titles() -> dict[str, str]:
    """Ruling id -> its short title (for docs)."""
    raw = (resources.files("scorer") / "texts" / "RULINGS.md").read_text(encoding="utf-8")
    return {m[1]: m[2].strip().rstrip(".") for m in re.finditer(r"^- \*\*([A-Z]\d+) ([^*]*)\*\*", raw, re.M)}
