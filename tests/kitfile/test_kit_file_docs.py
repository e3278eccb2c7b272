"""docs/kit-file.md matches the kit file's JSON Schema (issue 39, point 5): every key of every
model `pnpkit schema kit` prints has a row in the reference at the end of the page, with its
default as the loader has it, and the page has no row for a key the schema does not have. (A
track's `name` was required but missing from the page, the 2 mm track `gap` undocumented.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

from pnpkit.kitfile.model import kit_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "kit-file.md"
HEADING = re.compile(r"^#### `(\w+)`")
ROW = re.compile(r"^\| `([\w-]+)` \| ([^|]*?) \|")


def default(prop: dict, required: bool) -> str:
    """A key's default as the reference writes it."""
    if required:
        return "required"
    if "default" not in prop or prop["default"] in ([], {}):  # (pydantic wrote none for a default_factory)
        return "empty"
    v = prop["default"]
    if v is None:
        return "none"
    if isinstance(v, bool):
        return f"`{str(v).lower()}`"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v):
        return "`" + "x".join(f"{x:g}" for x in v) + "`"
    if v == "":
        return '`""`'
    return f"`{v if isinstance(v, (str, int, float)) else json.dumps(v)}`"


def schema_tables() -> dict[str, dict[str, str]]:
    """Each model of the kit's schema (the file itself as `Kit`): its keys and their defaults."""
    schema = kit_schema()
    models = {"Kit": schema, **schema["$defs"]}
    return {name: {key: default(prop, key in m.get("required", ())) for key, prop in m.get("properties", {}).items()}
            for name, m in models.items()}


def doc_tables() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    model = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if m := HEADING.match(line):
            model = m[1]
            out[model] = {}
        elif model and (m := ROW.match(line)):
            out[model][m[1]] = m[2].strip()
    return out


def test_every_model_of_the_schema_has_its_table():
    missing = sorted(set(schema_tables()) - set(doc_tables()))
    assert not missing, f"docs/kit-file.md has no #### `{missing[0]}` table (models without one: {missing})"


def test_every_key_is_in_the_docs_with_its_default():
    docs = doc_tables()
    wrong = []
    for model, keys in schema_tables().items():
        for key, value in keys.items():
            written = docs.get(model, {}).get(key)
            if written != value:
                wrong.append(f"{model}.{key}: the docs say {written!r}, the schema {value!r} "
                             f"(row: | `{key}` | {value} | ... |)")
    assert not wrong, "\n".join(wrong)


def test_the_docs_name_no_key_the_schema_does_not_have():
    schema = schema_tables()
    stale = [f"{model}.{key}" for model, keys in doc_tables().items() for key in keys
             if key not in schema.get(model, {})]
    assert not stale, stale
