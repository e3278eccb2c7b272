"""kitfile/structs.py and custom_types.py, what the In the Nuts! and pad records needed of them (issue 40): a mapping whose
keys are read as a custom type (`keyed`), an optional field's problem said as its type's, and a
whole record's check that names a key left out said where the record is."""
from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest

from pnpkit.kitfile import structs
from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.source import SourceError, parse, validate
from pnpkit.kitfile.structs import Invalid, Meta, Strict


class Key(str):
    """A custom key: a number read as text, a blank refused."""

    json_schema = {"type": "string"}

    @classmethod
    def decode(cls, value: Any) -> "Key":
        value = str(value) if isinstance(value, int) else value
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"a key is a word, got {value!r}")
        return cls(value.strip())


class Seat(Strict):
    colour: Annotated[str, Meta(description="The seat's colour.")]
    side: Literal["left", "right"] = "left"


class Doc(Strict):
    seats: Annotated[dict[Key, Seat], Meta(max_length=2, description="Seats by name.")]
    note: list[str] | None = None
    setup: Seat | None = None

    def __post_init__(self) -> None:
        keyed(self, "seats", Key)
        if self.setup is None:
            raise Invalid("a doc needs its setup", at=("setup",))


def said(text: str) -> str:
    with pytest.raises(SourceError) as e:
        validate(Doc, parse(text, "d.yaml"))
    return str(e.value)


def test_keys_are_read_by_their_type_and_values_by_theirs():
    doc = structs.convert({"seats": {7: {"colour": "red"}, " Ann ": {"colour": "blue"}}, "setup": {"colour": "x"}}, Doc)
    assert doc.seats == {"7": Seat(colour="red"), "Ann": Seat(colour="blue")}
    assert [type(k) for k in doc.seats] == [Key, Key]


@pytest.mark.parametrize("text, message", [
    ("seats:\n  Ann: {colour: red}\n  ' ': {colour: red}\n", "d.yaml:3: seats. : a key is a word, got ' '"),
    ("seats:\n  Ann:\n    colour: 3\n", "d.yaml:3: seats.Ann.colour: expected a text, got 3"),
    ("seats:\n  Ann: {color: red}\n", "d.yaml:2: seats.Ann.color: unknown key 'color' (did you mean 'colour'?)"),
    ("seats: {a: {colour: r}, b: {colour: r}, c: {colour: r}}\n", "d.yaml:1: seats: at most 2 entries, got 3"),
    ("seats: 3\n", "d.yaml:1: seats: expected a mapping, got 3"),
    ("seats:\n  Ann: {side: left}\n", "d.yaml:2: seats.Ann.colour: this field is required"),
    # a key and its value both wrong: msgspec reads the values, `keyed` the keys after them
    ("seats:\n  ' ': 3\n", "d.yaml:2: seats. : expected a mapping, got 3"),
    ("seats:\n  ' ': {colour: red}\n", "d.yaml:2: seats. : a key is a word, got ' '"),
    ("seats:\n  Ann: {colour: red, side: 3}\n", "d.yaml:2: seats.Ann.side: expected one of: 'left' or 'right', got 3"),
    ("seats: {}\nnote: 7\n", "d.yaml:2: note: expected a list, got 7"),
    ("seats: {}\n", "d.yaml:1: a doc needs its setup"),
    ("seats: {}\nsetup:\n", "d.yaml:2: setup: a doc needs its setup"),
])
def test_each_problem_is_said_at_its_line(text, message):
    assert said(text) == message


def test_the_schema_holds_the_values_schema_and_the_description():
    seats = structs.schema(Doc)["properties"]["seats"]
    assert seats["description"] == "Seats by name." and seats["maxProperties"] == 2
    seat = structs.schema(Doc)["$defs"][seats["additionalProperties"]["$ref"].rsplit("/", 1)[1]]
    assert seat["properties"]["colour"]["description"] == "The seat's colour."
