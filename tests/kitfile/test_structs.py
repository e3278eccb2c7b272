"""kitfile/structs.py: a msgspec model's first problem is said at its line, in pnpkit's words, as
kitfile/source.py said pydantic's (issue 40: pydantic off `pnpkit score`'s path)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest

from pnpkit.kitfile import structs
from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.source import SourceError, parse, validate
from pnpkit.kitfile.structs import Invalid, Meta, Strict, field


class Count(Strict):
    nut: str
    n: Annotated[int, Meta(ge=0, le=6, description="How many.")] = 0
    share: Annotated[float, Meta(gt=0)] = 1.0


class Pair(Strict):
    """Checked whole: a custom type's struct, converted inside its `decode`."""

    a: int
    b: int

    def __post_init__(self) -> None:
        if self.a > self.b:
            raise ValueError("a must not be larger than b")


class Either:
    """A custom type: `x` or a Pair written out, picked by a function (not a msgspec union)."""

    json_schema = {"anyOf": [{"type": "string"}, {"type": "object"}], "description": "x or {a, b}."}

    def __init__(self, pair: Pair | None):
        self.pair = pair

    @classmethod
    def decode(cls, value: Any) -> "Either":
        if value == "x":
            return cls(None)
        if isinstance(value, dict):
            return cls(structs.convert(value, Pair))
        raise ValueError(f"x or {{a: 1, b: 2}}, got {value!r}")


class Round(Strict):
    moves: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for i, m in enumerate(self.moves):
            if m == "bad":
                raise Invalid("move 'bad' is not a move", at=("moves", i))


class Doc(Strict):
    game: Literal["x", "y", "z"]
    counts: list[Count] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    names: Annotated[list[Annotated[str, Meta(min_length=1, max_length=5)]], Meta(max_length=3)] = field(default_factory=list)
    code: Annotated[str, Meta(pattern=r"^[a-z]+$")] = "a"
    either: list[Either] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    flag: bool = False
    by: dict[str, Count] = field(default_factory=dict)


def said(text: str) -> str:
    with pytest.raises(SourceError) as e:
        validate(Doc, parse(text, "rec.yaml"))
    return str(e.value)


def test_a_valid_document_converts_lax_where_pydantic_was():
    doc = validate(Doc, parse("game: x\ncounts:\n  - {nut: al, n: 2.0, share: 3}\n  - {nut: ca, n: '4'}\n", "r.yaml"))
    assert [(c.n, c.share) for c in doc.counts] == [(2, 3.0), (4, 1.0)]
    assert type(doc.counts[0].n) is int and type(doc.counts[0].share) is float


@pytest.mark.parametrize("text, message", [
    ("game: x\ncounts:\n  - nut: al\n    n: -1\n", "rec.yaml:4: counts[0].n: expected at least 0, got -1"),
    ("game: x\ncounts:\n  - nut: al\n    n: 7\n", "rec.yaml:4: counts[0].n: expected at most 6, got 7"),
    ("game: x\ncounts:\n  - nut: al\n    share: 0\n", "rec.yaml:4: counts[0].share: expected more than 0, got 0"),
    ("game: x\ncounts:\n  - nut: al\n    n: lots\n", "rec.yaml:4: counts[0].n: expected a whole number, got 'lots'"),
    ("game: x\ncounts:\n  - nut: al\n    n: 1.5\n", "rec.yaml:4: counts[0].n: expected a whole number, got 1.5"),
    ("game: x\ncounts:\n  - nut: al\n    n: true\n", "rec.yaml:4: counts[0].n: expected a whole number, got True"),
    ("game: x\ncounts:\n  - nut: 3\n", "rec.yaml:3: counts[0].nut: expected a text, got 3"),
    ("game: x\n\nflag: 3\n", "rec.yaml:3: flag: expected true or false, got 3"),
    ("game: x\ncounts: 3\n", "rec.yaml:2: counts: expected a list, got 3"),
    ("game: x\ncounts:\n  - 3\n", "rec.yaml:3: counts[0]: expected a mapping, got 3"),
    ("game: w\n", "rec.yaml:1: game: expected one of: 'x', 'y' or 'z', got 'w'"),
    ("counts: []\n", "rec.yaml:1: game: this field is required"),
    ("game: x\ncounts:\n  - {nut: al}\n  - {n: 1}\n", "rec.yaml:4: counts[1].nut: this field is required"),
    ("game: x\ncounts:\n  - nut: al\n    nn: 1\n", "rec.yaml:4: counts[0].nn: unknown key 'nn' (did you mean 'n'?)"),
    ("game: x\ncounts:\n  - nut: al\n    colour: red\n",
     "rec.yaml:4: counts[0].colour: unknown key 'colour' (expected one of: n, nut, share)"),
    ("game: x\ncountz: []\n", "rec.yaml:2: countz: unknown key 'countz' (did you mean 'counts'?)"),
    ("game: x\nnames: [Ann, Ben, Cat, Dan]\n", "rec.yaml:2: names: at most 3 entries, got 4"),
    ("game: x\nnames:\n  - Ann\n  - Bernadette\n", "rec.yaml:4: names[1]: expected at most 5 characters, got 'Bernadette'"),
    ("game: x\nnames:\n  - ''\n", "rec.yaml:3: names[0]: expected at least 1 characters, got ''"),
    ("game: x\ncode: A1\n", "rec.yaml:2: code: expected text of the form ^[a-z]+$, got 'A1'"),
    ("game: x\ntokens:\n  Ann: 1\n  Ben: two\n", "rec.yaml:4: tokens.Ben: expected a whole number, got 'two'"),
    ("game: x\ntokens:\n  Ann: 1\n  3: 2\n", "rec.yaml:4: tokens[3]: expected a text, got 3"),
    ("game: x\nby:\n  a: {nut: al}\n  b: {nut: al, m: 1}\n", "rec.yaml:4: by.b.m: unknown key 'm' (expected one of: n, nut, share)"),
])
def test_each_kind_of_problem_is_said_at_its_line(text, message):
    assert said(text) == message


def test_a_custom_types_problem_inside_lands_at_the_inner_path():
    text = "game: x\neither:\n  - x\n  - a: 1\n    b: 2\n  - a: 1\n    b: -1\n    c: 3\n"
    assert said(text) == "rec.yaml:8: either[2].c: unknown key 'c' (expected one of: a, b)"
    text = "game: x\neither:\n  - x\n  - a: 1\n    b: lots\n"
    assert said(text) == "rec.yaml:5: either[1].b: expected a whole number, got 'lots'"


def test_a_custom_types_own_words_and_a_whole_structs_check():
    assert said("game: x\neither:\n  - x\n  - y\n") == "rec.yaml:4: either[1]: x or {a: 1, b: 2}, got 'y'"
    assert said("game: x\neither:\n  - {a: 3, b: 2}\n") == "rec.yaml:3: either[0]: a must not be larger than b"


def test_invalid_names_a_place_inside_the_struct_that_raises_it():
    text = "game: x\nrounds:\n  - moves: [a]\n  - moves:\n      - a\n      - bad\n"
    assert said(text) == "rec.yaml:6: rounds[1].moves[1]: move 'bad' is not a move"


def test_a_validated_part_is_said_at_its_place_in_the_file():
    source = parse("top: 1\nparams:\n  game: x\n  counts:\n    - {nut: al, n: 9}\n", "kit.yaml")
    with pytest.raises(SourceError) as e:
        validate(Doc, source, at=("params",), data=source.data["params"])
    assert str(e.value) == "kit.yaml:5: params.counts[0].n: expected at most 6, got 9"


def test_fields_are_keyword_only_and_frozen():
    with pytest.raises(TypeError):
        Count("al")  # type: ignore[misc]
    c = Count(nut="al")
    with pytest.raises(AttributeError):
        c.n = 3  # type: ignore[misc]
    assert structs.replace(c, n=3).n == 3 and structs.asdict(c) == {"nut": "al", "n": 0, "share": 1.0}


def test_schema_has_descriptions_and_custom_types():
    s = structs.schema(Doc)
    count = s["$defs"]["Count"]
    assert count["properties"]["n"]["description"] == "How many."
    assert count["additionalProperties"] is False
    assert s["title"] == "Doc" and s["additionalProperties"] is False   # the model at the top, as pydantic's
    either = s["properties"]["either"]["items"]
    assert either["description"] == "x or {a, b}."


class Word(structs.Plain):
    """A Plain custom type: a word, lower-cased; stored as a plain str."""

    json_schema = {"type": "string"}

    @classmethod
    def decode(cls, value: Any) -> str:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise ValueError(f"expected a word, got {value!r}")
        if str(value).strip() == "":
            raise ValueError("expected a word, got nothing")
        return str(value).strip().lower()


class Words(Strict):
    words: list[Word]
    by: dict[Word, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        keyed(self, "by", Word)     # (msgspec reads no text key with a custom type's decode)


def test_a_plain_custom_type_stores_plain_values_and_reads_every_value():
    got = structs.convert({"words": ["Ann", 7, "ben"], "by": {" Cat ": 1}}, Words)
    assert got.words == ["ann", "7", "ben"] and list(got.by) == ["cat"]
    assert all(type(w) is str for w in [*got.words, *got.by])  # never a str subclass: yaml.safe_dump takes them
    with pytest.raises(Invalid) as e:   # a str is read by decode too (msgspec calls it for every value)
        structs.convert({"words": ["ann", "  "]}, Words)
    assert (e.value.at, e.value.message) == (("words", 1), "expected a word, got nothing")
    with pytest.raises(Invalid) as e:
        structs.convert({"words": [], "by": {"  ": 1}}, Words)
    assert e.value.at == ("by", "  ")


class Hand(Strict):
    cards: Annotated[list[str], Meta(max_length=2)] = field(default_factory=list)


class Table(Strict):
    seats: list[Annotated[Hand, Meta(description="A hand.")] | str]


def test_a_problem_inside_a_union_of_a_struct_and_a_text_is_said_with_its_value():
    """msgspec reads `Hand | str` itself; the message follows the path into the struct (a hand of
    800 cards in tests/corpus/records/nuts-800-bonus-cards.yaml was an internal error)."""
    with pytest.raises(Invalid) as e:
        structs.convert({"seats": ["Ann", {"cards": ["a", "b", "c"]}]}, Table)
    assert (e.value.at, e.value.message) == (("seats", 1, "cards"), "at most 2 entries, got 3")
    with pytest.raises(Invalid) as e:
        structs.convert({"seats": [{"cardz": []}]}, Table)
    assert e.value.message == "unknown key 'cardz' (did you mean 'cards'?)"
