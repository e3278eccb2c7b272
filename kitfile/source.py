"""YAML (and JSON) read with the line of every value, and errors that point at it.

Kit files and records are written by people; when one is wrong the message must name the file,
the line and the field (`kits/x.yaml:12: components[2].size: ...`). PyYAML's plain loaders forget
where a value came from, so we compose the node tree ourselves and remember each path's line.
pydantic validates; `validate()` turns its errors into the same `file:line: field: message` form.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Literal, Mapping, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

Path_ = tuple  # a path into the data: ("components", 2, "size")
M = TypeVar("M", bound=BaseModel)


@dataclass
class Problem:
    """One thing wrong in a source file."""

    line: int | None
    field: str
    message: str


class SourceError(Exception):
    """A file that cannot be read: one message, each problem on its own line."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = file
        self.problems = problems
        super().__init__(str(self))

    def __str__(self) -> str:
        out = []
        for p in self.problems[:12]:
            where = f"{self.file}:{p.line}" if p.line else self.file
            out.append(f"{where}: {p.field}: {p.message}" if p.field else f"{where}: {p.message}")
        if len(self.problems) > 12:
            out.append(f"... and {len(self.problems) - 12} more problems")
        return "\n".join(out)


@dataclass
class Source:
    """Parsed data plus the line each path starts on."""

    file: str
    data: Any
    lines: dict[Path_, int]

    def line_of(self, path: Iterable[Any]) -> int | None:
        """The line of the deepest part of `path` that exists in the file."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: Iterable[Any], message: str) -> SourceError:
        path = tuple(path)
        return SourceError(self.file, [Problem(self.line_of(path), field_name(path), message)])


def field_name(path: Iterable[Any]) -> str:
    """("components", 2, "size") -> "components[2].size"."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def read_text(path: str | Path, display: str | None = None) -> tuple[str, str]:
    display = display or str(path)
    try:
        return Path(path).read_text(encoding="utf-8"), display
    except FileNotFoundError:
        raise SourceError(display, [Problem(None, "", "no such file")]) from None
    except IsADirectoryError:
        raise SourceError(display, [Problem(None, "", "is a folder, expected a YAML or JSON file")]) from None
    except UnicodeDecodeError as e:
        raise SourceError(display, [Problem(None, "", f"not UTF-8 text ({e.reason})")]) from None
    except OSError as e:
        raise SourceError(display, [Problem(None, "", e.strerror or str(e))]) from None


def load_file(path: str | Path, display: str | None = None) -> Source:
    text, display = read_text(path, display)
    return parse(text, display)


def parse(text: str, file: str) -> Source:
    """Parse YAML (JSON is YAML) keeping each value's line; duplicate keys are errors."""
    loader = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        if node is None:
            raise SourceError(file, [Problem(1, "", "the file is empty")])
        lines: dict[Path_, int] = {}
        data = _build(loader, node, (), lines, file)
        return Source(file, data, lines)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = mark.line + 1 if mark else None
        what = getattr(e, "problem", None) or str(e)
        raise SourceError(file, [Problem(line, "", f"not valid YAML: {what}")]) from None
    except RecursionError:
        raise SourceError(file, [Problem(None, "", "nested too deeply")]) from None
    except ValueError as e:  # e.g. an integer longer than Python will convert
        raise SourceError(file, [Problem(None, "", f"a value cannot be read: {e}")]) from None
    finally:
        if loader is not None:
            loader.dispose()


def _build(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict, file: str) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, (list, dict)):
                raise SourceError(file, [Problem(key_node.start_mark.line + 1, field_name(path),
                                                 "a key must be a plain word")])
            if key in out:
                raise SourceError(file, [Problem(key_node.start_mark.line + 1,
                                                 field_name(path + (key,)), "this key appears twice")])
            out[key] = _build(loader, value_node, path + (key,), lines, file)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, path + (i,), lines, file) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def validate(model: type[M], source: Source, at: Path_ = (), data: Any = None) -> M:
    """Validate `data` (default: the whole source) as `model`, errors mapped to lines.

    `at` is where `data` sits in the file, so a kit's `params` block validated on its own
    still reports `params.rows[2]` on the right line.
    """
    data = source.data if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SourceError(source.file, [_problem(source, data, at, err, model)
                                        for err in exc.errors()]) from None


def _problem(source: Source, data: Any, at: Path_, err: Mapping, model: type[BaseModel]) -> Problem:
    # pydantic puts union member names and discriminator tags into `loc`; keep only the parts
    # that really index the data, so the field name is the one the person wrote.
    path: list[Any] = []
    node = data
    loc = err["loc"]
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif (err["type"] in ("missing", "extra_forbidden") and isinstance(node, dict)
              and i == len(loc) - 1):  # the key that is missing or unknown; not a union's tag
            path.append(part)
            node = None
        else:
            continue
    if err["type"] in ("union_tag_invalid", "union_tag_not_found"):
        path.append(str((err.get("ctx") or {}).get("discriminator", "")).strip("'"))
    full = at + tuple(path)
    message = _message(err, data, path, model)
    return Problem(source.line_of(full), field_name(full), message)


def _message(err: Mapping, data: Any, path: list, model: type[BaseModel]) -> str:
    kind = err["type"]
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        key = path[-1] if path else "?"
        known = _known_keys(model, path[:-1], data)
        hint = difflib.get_close_matches(str(key), known, n=1)
        msg = f"unknown key {key!r}"
        if hint:
            msg += f" (did you mean {hint[0]!r}?)"
        elif known:
            msg += f" (expected one of: {', '.join(sorted(known))})"
        return msg
    ctx = err.get("ctx") or {}
    if kind == "union_tag_invalid":
        return f"unknown {ctx['discriminator'].strip(chr(39))} {ctx['tag']!r} " \
               f"(expected one of: {ctx['expected_tags'].replace(chr(39), '')})"
    if kind == "union_tag_not_found":
        return f"this field is required (one of: {', '.join(_tags(model, path))})" if _tags(model, path) \
            else "this field is required"
    msg = err["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    got = err.get("input")
    if kind not in ("value_error", "assertion_error") and not isinstance(got, (dict, list)):
        msg += f", got {got!r}"
    return msg


def _known_keys(model: type[BaseModel], path: list, data: Any) -> list[str]:
    """The keys allowed where an unknown key was found, for a did-you-mean hint."""
    current: Any = model
    node = data
    for part in path:
        node = node[part] if isinstance(node, (dict, list)) else None
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        current = _model_for(field.annotation, node)
        if current is None:
            return []
    fields = getattr(current, "model_fields", None)
    if not fields:
        return []
    return [f.alias or name for name, f in fields.items()]


def _tags(model: type[BaseModel], path: list) -> list[str]:
    """The values a union's tag may take at `path` (for "give the kind: one of ...")."""
    current: Any = model
    for part in path[:-1]:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        members = _models_in(field.annotation)
        if len(members) > 1:
            tag = path[-1]
            return [a for m in members if (f := m.model_fields.get(tag)) is not None
                    and getattr(f.annotation, "__origin__", None) is Literal for a in f.annotation.__args__]
        current = members[0] if members else None
    return []


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The BaseModels inside list[X] / X | None / Annotated[Union[A, B], ...] and the like."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for a in getattr(annotation, "__args__", ()) for m in _models_in(a)]


def _model_for(annotation: Any, node: Any) -> type[BaseModel] | None:
    """The model `node` was meant to be: for a union, the member whose tag (a Literal field,
    e.g. `kind: board`) the data names, else the one that knows most of its keys."""
    found = _models_in(annotation)
    if len(found) <= 1:
        return found[0] if found else None
    if isinstance(node, list):
        node = node[0] if node else None
    if not isinstance(node, dict):
        return None

    def fit(m: type[BaseModel]) -> tuple[int, int]:
        tagged = any(getattr(f.annotation, "__origin__", None) is Literal and node.get(name) in f.annotation.__args__
                     for name, f in m.model_fields.items())
        return (tagged, sum(k in m.model_fields for k in node))

    return max(found, key=fit)
