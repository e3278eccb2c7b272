"""Kit-file text rendered as jinja2, in a sandbox: a stranger's kit file can print, not act.

Any text in a kit file may be a template (`{{ params.nut_points[0] }}`), and template files sit
beside the kit file or in the package's templates/. A template sees what docs/kit-file.md lists
(`kit`, `game`, `params`, a card's `row`, `range`, `namespace`, jinja2's filters and ours) and
nothing else:

- plain values (generator/template_values.py): mappings, lists, text and numbers, no Python
  object with methods; attributes of a mapping are its keys, and nothing is called but the
  template's own macros, `range` and `namespace`;
- jinja2's `ImmutableSandboxedEnvironment`: no attribute that starts with `_` (the road from
  `''.__class__` to `os.system`), no changing lists or dicts;
- files only through `ConfinedLoader`: the kit's own folder and templates/, links followed and
  refused when they lead outside (kitfile/files.py);
- bounded work (generator/template_bounds.py): every value an operator, a filter, a call or a
  captured block makes is at most MAX_VALUE, worked out before the C code that would build it
  runs (`([x] * 7000) | join`, `'x' * 10**9`, `9 ** 10**9`); rendered text is at most
  `MAX_OUTPUT` characters, and a render that runs past `SECONDS` (nested loops) is stopped.

Every failure is a `TemplateProblem` with the template's line where known; the renderers turn it
into the kit file's error at the field that holds the text.
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.runtime import BlockReference, LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from jinja2.utils import Namespace

from pnpkit.generator import template_bounds as bounds
from pnpkit.generator.template_bounds import MAX_VALUE
from pnpkit.generator.template_values import size
from pnpkit.kitfile.errors import InputError
from pnpkit.kitfile.files import OutsideKit, resolve

MAX_OUTPUT = 50_000     # characters one render may produce (a dense A5 page holds about 6,000)
MAX_NUMBER = 10 ** 6    # a larger whole number given to a call is refused (widths, repeats, padding)
SECONDS = 1.0           # one render's time
BUILD_SECONDS = 3.0     # all of one build's renders together (`budget`)


class TemplateProblem(InputError):
    """A template that cannot be rendered: why, and the template's line if known; `missing`, for a
    key a mapping does not have (`row.nam`): (the key, the keys it has), for pnpkit's own words."""

    def __init__(self, message: str, line: int | None = None, missing: tuple[str, tuple[str, ...]] | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.missing = missing


class MissingKey(jinja2.UndefinedError):
    """A template asked a mapping (a deck's row, the params) for a key it does not have."""

    def __init__(self, message: str, name: str = "", keys: tuple[str, ...] = ()):
        super().__init__(message)
        self.name, self.keys = name, keys


class ConfinedLoader(jinja2.BaseLoader):
    """Template files from `roots` only, links followed and checked (kitfile.files.resolve)."""

    def __init__(self, roots: list[Path]):
        self.roots = roots

    def get_source(self, environment: jinja2.Environment, template: str):
        try:
            path = resolve(template, self.roots, "template")
        except OutsideKit as e:
            raise TemplateProblem(str(e)) from None
        if path is None:
            raise jinja2.TemplateNotFound(template)
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise TemplateProblem(f"cannot read the template {template!r}: {getattr(e, 'strerror', None) or e}") from None
        if len(source) > MAX_VALUE:
            raise TemplateProblem(f"the template {template!r} is longer than {MAX_VALUE:,} characters")
        mtime = path.stat().st_mtime_ns
        return source, str(path), lambda: path.exists() and path.stat().st_mtime_ns == mtime


class _Generator(CodeGenerator):
    """jinja2's code generator, with `~` (joining text) checked like the intercepted operators and
    every captured block (`{% set x %}`, macros, `{% filter %}`, `caller()`) collected in a
    template_bounds.Buffer that stops at MAX_VALUE."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.checked_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.Buffer()")


_PLAIN = (dict, list, tuple, str, int, float, bool, type(None))
_CALLABLE = (Macro, LoopContext, BlockReference, jinja2.Undefined)  # a template's own, and jinja2's loop


class KitSandbox(ImmutableSandboxedEnvironment):
    """The sandbox over plain values (generator/template_values.py): nothing is callable but a
    template's own macros, `range` and `namespace`; a value's methods are not even visible
    (`row.items` is the column `items`, never dict.items); and every value made is bounded
    (generator/template_bounds.py)."""

    code_generator_class = _Generator
    intercepted_binops = frozenset({"*", "**", "+", "%", "//"})
    Buffer = bounds.Buffer

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and \
                        size(seq, MAX_VALUE) * max(n, 0) > MAX_VALUE:
                    raise bounds.too_big()
        elif operator == "**" and isinstance(left, int) and isinstance(right, int):
            if right > 64 and abs(left) > 1 or abs(left).bit_length() * max(right, 0) > 4096:
                raise SecurityError("a number that large is not computed in a template")
        elif operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            if size(left, MAX_VALUE) + size(right, MAX_VALUE) > MAX_VALUE:
                raise bounds.too_big()
        elif operator == "%" and isinstance(left, str):
            return bounds.checked_format(left, right)
        return super().call_binop(context, operator, left, right)

    def checked_concat(self, parts: tuple) -> str:
        if sum(size(p, MAX_VALUE) for p in parts) > MAX_VALUE:
            raise bounds.too_big("a text")
        return "".join(map(str, parts))

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, _PLAIN):
            return self._item(obj, attribute)
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(obj, _PLAIN):
            return self._item(obj, argument)
        return super().getitem(obj, argument)

    def _item(self, obj: Any, key: Any) -> Any:
        try:
            return obj[key]
        except (TypeError, LookupError, ValueError):
            if isinstance(obj, dict) and isinstance(key, str):   # said as the mapping's keys, when it fails
                return self.undefined(obj=obj, name=key, exc=partial(MissingKey, name=key, keys=tuple(map(str, obj))))
            return self.undefined(obj=obj, name=key)

    def is_safe_callable(self, obj: Any) -> bool:
        return (isinstance(obj, _CALLABLE) or isinstance(getattr(obj, "__self__", None), LoopContext)  # loop.cycle
                or obj is self.globals.get("range") or obj is Namespace)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        if not __self.is_safe_callable(__obj):
            name = getattr(__obj, "__name__", type(__obj).__name__)
            raise SecurityError(f"{name!r} cannot be called in a template: a template calls its own macros, "
                                "range() and namespace(), and uses filters for the rest")
        _small_numbers(args, kwargs)
        return bounds.check(super().call(__context, __obj, *args, **kwargs))


def _small_numbers(args: tuple, kwargs: dict) -> None:
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_NUMBER:
            raise SecurityError(f"a number over {MAX_NUMBER:,} is not given to a call in a template")


def _checked_filter(name: str, fn: Callable) -> Callable:
    """A filter with its numbers after the value modest (widths, counts), its blow-up replaced by a
    bounded version (template_bounds.REPLACED) and its result measured."""
    fn = bounds.REPLACED.get(name, fn)
    value_at = 1 if hasattr(fn, "jinja_pass_arg") else 0  # a context or environment comes first

    def run(*args: Any, **kwargs: Any) -> Any:
        _small_numbers(args[value_at + 1:], kwargs)
        return bounds.check(fn(*args, **kwargs))
    if value_at:
        run.jinja_pass_arg = fn.jinja_pass_arg  # type: ignore[attr-defined]
    return run


def templates_dir() -> Path:
    return Path(str(resources.files("pnpkit.templates")))


@lru_cache(maxsize=8)
def environment(kit_folder: Path | None) -> KitSandbox:
    """The sandbox for one kit: its folder first (a designer's own templates), then templates/."""
    from pnpkit.generator import template_filters
    roots = ([kit_folder] if kit_folder else []) + [templates_dir()]
    env = KitSandbox(loader=ConfinedLoader(roots), finalize=bounds.printed, undefined=jinja2.StrictUndefined,
                     autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)
    env.globals = {"range": env.globals["range"], "namespace": env.globals["namespace"]}
    filters = {**env.filters, **template_filters.FILTERS}
    env.filters = {name: _checked_filter(name, fn) for name, fn in filters.items() if name not in bounds.REMOVED}
    env.compiled = {}  # inline text -> its compiled template, compiled once per process
    return env


_BUDGET: list[float] = []  # the process CPU time (time.process_time) by which the current build's renders must end
# CPU time, not the wall clock: on a busy machine (a CI runner, eight builds at once) a kit's
# templates take longer by the clock but no more of the processor, and must not be refused for it.


@contextmanager
def budget(seconds: float = BUILD_SECONDS) -> Iterator[None]:
    """Give every render inside (one build's) `seconds` in all, so that many slow templates
    cannot add up to a long build."""
    _BUDGET.append(time.process_time() + seconds)
    try:
        yield
    finally:
        _BUDGET.pop()


@contextmanager
def not_counted() -> Iterator[None]:
    """Work inside is not the templates' time (reading a kit's pictures): the build's deadline
    for its templates moves on by as long as it takes."""
    started = time.process_time()
    try:
        yield
    finally:
        if _BUDGET:
            _BUDGET[-1] += time.process_time() - started


def render(env: KitSandbox, context: dict, *, file: str | None = None, text: str | None = None) -> str:
    """A template file's or an inline text's output, or TemplateProblem."""
    seconds = SECONDS
    if _BUDGET:
        seconds = min(seconds, _BUDGET[-1] - time.process_time())
        if seconds <= 0:
            raise TemplateProblem(f"the kit's templates ran for more than {BUILD_SECONDS:g} s in all")
    try:
        with _deadline(seconds):
            if file is not None:
                template = env.get_template(file)
            else:
                template = env.compiled.get(text)
                if template is None:
                    template = env.compiled[text] = env.from_string(text)
            out: list[str] = []
            size = 0
            for chunk in template.generate(**context):
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise TemplateProblem(f"the text runs past {MAX_OUTPUT:,} characters: more than any "
                                          "card or page can hold")
                out.append(chunk)
            return "".join(out)
    except TemplateProblem:
        raise
    except jinja2.TemplateNotFound as e:
        raise TemplateProblem(f"no template {e.name!r} in templates/ or beside the kit file") from None
    except jinja2.TemplateSyntaxError as e:
        raise TemplateProblem(f"TemplateSyntaxError: {e.message}", e.lineno) from None
    except MissingKey as e:
        raise TemplateProblem(f"UndefinedError: {e.message}", _template_line(e), (e.name, e.keys)) from None
    except jinja2.TemplateError as e:
        raise TemplateProblem(f"{type(e).__name__}: {e.message}", _template_line(e)) from None
    except _Timeout:
        raise TemplateProblem(f"the template ran for more than {seconds:.2g} s (a loop too long?)") from None
    except RecursionError:
        raise TemplateProblem("the template calls itself too deeply (a macro or include without an end)") from None
    except MemoryError:
        raise TemplateProblem("the template needs more memory than a kit's text can") from None
    except Exception as e:  # noqa: BLE001 - {{ 1/0 }}, a bad filter argument: the template's error
        raise TemplateProblem(f"{type(e).__name__}: {_cut(str(e))}", _template_line(e)) from None


def _template_line(e: BaseException) -> int | None:
    """The template line of the innermost template frame (jinja2 rewrites tracebacks to them)."""
    line = getattr(e, "lineno", None)
    tb = e.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name == "<template>" or name.endswith((".j2", ".jinja", ".txt", ".html")):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _cut(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


class _Timeout(Exception):
    pass


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Stop the work inside after `seconds` of the process's CPU time (ITIMER_PROF and SIGPROF; in
    the main thread of a POSIX process only, which is where the CLI renders; elsewhere the size
    limits above still hold). CPU time, so that a loaded machine does not refuse a kit."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or signal.getitimer(signal.ITIMER_PROF)[0] > 0:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise _Timeout()

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
