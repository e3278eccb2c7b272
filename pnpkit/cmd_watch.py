"""`pnpkit build KIT --watch`: build, then build again whenever the kit file or a file it names
changes, with a preview page that reloads itself.

The page, OUT/KIT/watch.html, shows a picture of every page of the last good build, or the
message of the build that failed (the pictures of the last good one stay under it). It needs no
server: it asks for OUT/KIT/watch-stamp.js (a script tag, which a page opened from a file may
load) every second and reloads itself when the stamp in it changes. Both are written whole
(atomic.write_atomic), after the build's own set is in place.

watchfiles watches the kit's folder: the kit file, its templates,
pictures and decks all live there (kitfile/files.py allows nothing else). Changes under the
output folder and editors' temporary files are ignored; a burst of saves is one rebuild.
"""
from __future__ import annotations

import html
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import click

from pnpkit.generator.atomic import OutputError, write_atomic
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import SourceError

PREVIEW_DPI = 60  # enough to see a page whole on a screen; a 20-page kit renders in about a second
POLL_MS = 1000


@dataclass
class State:
    """What the page shows: the last good build's pictures, and the last build's problem."""

    kit: str
    builds: int = 0
    pictures: list[str] = field(default_factory=list)  # relative to OUT/KIT/
    problem: str = ""
    warnings: list[str] = field(default_factory=list)
    stamp: str = ""


def _kit_id(name: str) -> str:
    from pnpkit.kitfile import kit_path
    try:
        path, _ = kit_path(name)
    except SourceError:
        return Path(name).stem
    return path.stem


def build_once(name: str, out_dir: Path, options: PrintOptions, state: State) -> State:
    """One build, in a worker under the memory and CPU limits of `pnpkit build` (pnpkit/worker.py:
    a kit saved while it is watched is a stranger's file as much as any); the page and its stamp
    written after it, whatever happened, a limit it reached included."""
    from pnpkit import worker
    from pnpkit.generator import build, pictures  # noqa: F401 - loaded here once: each worker inherits them
    started = time.perf_counter()
    try:
        built = worker.call(lambda: _build(name, out_dir, options), name)
    except worker.LimitReached as e:
        built = {"problem": str(e)}
        click.echo(f"pnpkit: {e}", err=True)
    if "unwritable" in built:
        raise OutputError(built["unwritable"])
    pages = built.pop("pages", 0)
    for key, value in built.items():
        setattr(state, key, value)
    if not state.problem:
        click.echo(f"built {pages} pages in {time.perf_counter() - started:.1f} s"
                   + (f" ({len(state.warnings)} warnings)" if state.warnings else ""))
        for w in state.warnings:
            click.echo(f"pnpkit: warning: {w}", err=True)
    state.builds += 1
    state.stamp = f"{state.builds}-{time.time_ns()}"
    _write_page(Path(out_dir) / state.kit, state)
    return state


def _build(name: str, out_dir: Path, options: PrintOptions) -> dict:
    """The build (in the worker), and what the page shows of it: its pictures, or its problem."""
    from pnpkit.generator import build as b
    from pnpkit.generator import pictures
    from pnpkit.generator.select import SelectionError
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games import pad_calcs, sheet_form
    try:
        with pictures.collecting() as found:
            kit = load_kit(name)
            if not kit.components:
                raise b.not_printable(kit)
            report = b.build_kit(kit, out_dir, options, preview_dpi=PREVIEW_DPI, forms=sheet_form, sums=pad_calcs)
    except (SourceError, SelectionError) as e:
        click.echo(f"pnpkit: {e}", err=True)
        return {"problem": str(e)}
    except OutputError as e:
        return {"unwritable": str(e)}
    root = Path(out_dir) / kit.game.id
    return {"kit": kit.game.id, "pictures": [p.relative_to(root).as_posix() for p in report.previews],
            "problem": "", "warnings": list(found), "pages": report.pages}


def _write_page(root: Path, state: State) -> None:
    write_atomic(root / "watch-stamp.js", f'window.pnpkitStamp = "{state.stamp}";\n')
    write_atomic(root / "watch.html", page(state))


def page(state: State) -> str:
    problem = (f'<pre class="problem">{html.escape(state.problem)}</pre>' if state.problem else "")
    warns = "".join(f"<li>{html.escape(w)}</li>" for w in state.warnings)
    pics = "".join(f'<figure><img src="{html.escape(p)}?v={state.stamp}" alt="page {i}"><figcaption>page {i}'
                   "</figcaption></figure>" for i, p in enumerate(state.pictures, 1))
    status = "the build failed: the pages below are from the last good build" if state.problem else \
        f"{len(state.pictures)} pages"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(state.kit)}: watching</title>
<style>
body {{ font: 14px/1.4 sans-serif; margin: 1em; background: #f3f3f3; }}
.problem {{ background: #fff0f0; border: 2px solid #c00; padding: .8em; white-space: pre-wrap; }}
.warnings {{ background: #fffbe6; border: 1px solid #d9b300; }}
figure {{ display: inline-block; margin: .5em; text-align: center; }}
img {{ box-shadow: 0 1px 4px rgba(0,0,0,.3); background: #fff; max-height: 80vh; }}
</style></head>
<body data-stamp="{state.stamp}">
<h1>{html.escape(state.kit)}</h1>
<p id="status">build <span id="count">{state.builds}</span>: {html.escape(status)} · this page reloads itself
when the kit is built again</p>
{problem}{f'<ul class="warnings">{warns}</ul>' if warns else ''}
<div id="pages">{pics}</div>
<script>
// Opened from a file, a page may load scripts beside it but not fetch them: ask for the stamp
// as a script every second and reload when it differs from the one this page was written with.
(function () {{
  var mine = document.body.dataset.stamp;
  function ask() {{
    var s = document.createElement("script");
    s.src = "watch-stamp.js?t=" + Date.now();
    s.onload = function () {{
      s.remove();
      if (window.pnpkitStamp && window.pnpkitStamp !== mine) {{ location.reload(); }}
    }};
    s.onerror = function () {{ s.remove(); }};
    document.head.appendChild(s);
  }}
  setInterval(ask, {POLL_MS});
}})();
</script>
</body></html>
"""


def watch(name: str, out_dir: str | Path, options: PrintOptions, stop: threading.Event | None = None,
          debounce_ms: int = 300) -> State:
    """Build `name` now and after every change in its folder, until Ctrl-C (or `stop` is set)."""
    from watchfiles import DefaultFilter
    from watchfiles import watch as changes_in
    from pnpkit.generator.atomic import check_out
    from pnpkit.kitfile import kit_path
    check_out(out_dir)
    path, _ = kit_path(name)
    folder = Path(path).resolve().parent
    out = Path(out_dir).resolve()

    class Relevant(DefaultFilter):
        """The kit's folder, less the output folder (a build would trigger the next) and temporaries."""

        def __call__(self, change, path_text: str) -> bool:
            p = Path(path_text)
            if p == out or out in p.parents or ".pnpkit-" in p.name:
                return False
            return super().__call__(change, path_text)

    state = State(_kit_id(name))
    try:
        build_once(name, Path(out_dir), options, state)
    except OutputError:
        raise
    click.echo(f"watching {folder} (Ctrl-C stops); open {Path(out_dir) / state.kit / 'watch.html'}")
    try:
        for _ in changes_in(folder, watch_filter=Relevant(), stop_event=stop, debounce=debounce_ms,
                            raise_interrupt=True):
            build_once(name, Path(out_dir), options, state)
    except KeyboardInterrupt:
        click.echo("stopped watching")
    return state
