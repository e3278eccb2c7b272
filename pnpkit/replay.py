"""The replay page: the scorer's steps drawn with the kit's own board and counters, in one HTML file.

The scorer gives each step's position in the kit file's names (scorer.play); the generator lays
and draws them (generator.tableau); this module, on the CLI's side of both, puts them in one page
that needs no network and no server: every drawing once (boards, counter faces, sheets) as SVG
symbols, each step as a small list of which face lies where, the fonts subset and embedded, and a
script that steps through them (buttons, slider, arrow keys, `#step=N` in the address).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import jinja2

from pnpkit.generator.backends.svg import render_fragment
from pnpkit.generator.fonts import SVG_FAMILY
from pnpkit.generator.shapes import MM_PER_PT
from pnpkit.generator.tableau import Laid, Tableau, compose, png
from pnpkit.generator.webfonts import font_faces
from pnpkit.scorer.core import Result
from pnpkit.scorer.replay import STEP_LIMIT
from pnpkit.scorer.play import Step

PX_PER_MM = 2.3          # how large an area is shown, before the page's width shrinks it


@dataclass
class Replayed:
    """A record's steps, laid out on the kit: what the page and the PNGs are made from."""

    game: str
    title: str
    result: Result
    steps: list[Step]
    laid: list[list[Laid]]
    tableau: Tableau


def replayed(game, record, kit, source) -> Replayed:
    """Replay a record step by step (a move log) or picture its final sheets, and lay each out.
    `source` is the record as read (kitfile.Source): a record refused here is refused at its line."""
    if game.is_move_log(record):
        result = game.score_record(record, kit, steps=True)
        steps = list(result.steps)
    elif game.pictures is not None and not game.is_log(record):
        result = game.score_record(record, kit)
        steps = [Step("the final sheets", "as the record writes them", tuple(result.violations),
                      game.pictures_of(record, kit, result))]
    else:
        raise source.error(("game",), f"a {game.id} record has nothing to draw on the kit: "
                                      "`pnpkit check --explain` explains it")
    if len(steps) > STEP_LIMIT:      # not drawn into a page of hundreds of megabytes
        raise source.error(("game",), f"the record has more than {STEP_LIMIT} steps; a replay page draws at most "
                                      f"{STEP_LIMIT}")
    tab = Tableau(kit)
    tab.frame([a for s in steps for a in s.position.areas])
    laid = [[tab.lay(a) for a in s.position.areas] for s in steps]
    return Replayed(game.id, kit.game.title, result, steps, laid, tab)


def _r(v: float) -> float:
    return round(v, 2)


def page(rep: Replayed, record_name: str) -> str:
    """The self-contained HTML page."""
    symbols: list[dict[str, Any]] = []
    refs: dict[str, str] = {}

    def symbol(key: str, shapes, w: float, h: float) -> str:
        if key not in refs:
            sid = f"s{len(symbols)}"
            refs[key] = sid
            symbols.append({"id": sid, "w": _r(w), "h": _r(h), "markup": render_fragment(shapes, sid + "c")})
        return refs[key]

    faces: dict[str, int] = {}
    for key, (shapes, w, h) in rep.tableau.faces.items():
        faces[key] = len(faces)
        symbols.append({"id": f"f{faces[key]}", "w": _r(w), "h": _r(h), "markup": render_fragment(shapes, f"f{faces[key]}c")})
    first = rep.laid[0]
    areas = []
    # rows of cards (each player's) share one width, so their cards are drawn at one scale
    cards_w = max((l.w for step in rep.laid for l in step if l.kind == "cards"), default=0.0)
    for k, laid in enumerate(first):
        w = max(step[k].w for step in rep.laid if k < len(step)) or 10.0
        h = max(step[k].h for step in rep.laid if k < len(step)) or 10.0
        w = cards_w if laid.kind == "cards" and cards_w else w
        ref = None
        if laid.board:
            ref = symbol("board:" + laid.board, *rep.tableau.board(laid.board))
        elif laid.drawing:
            ref = symbol(f"drawing:{k}", laid.drawing, laid.w, laid.h)
        scale = PX_PER_MM if laid.kind not in ("aside", "rows") else 3.2     # words beside a board: larger
        areas.append({"w": _r(w), "h": _r(h), "ref": ref, "px": int(w * scale) + 22, "kind": laid.kind})
    data = _steps(rep, faces)
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    result = rep.result
    text = "".join(sym["markup"] for sym in symbols) + blob
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = env.from_string((resources.files("pnpkit") / "replay.html").read_text(encoding="utf-8"))
    return template.render(title=rep.title, record=record_name, valid=result.valid, verdict=_verdict(result),
                           summary=_summary(result), tie_won=_tie_won(result), symbols=symbols, areas=areas,
                           steps=len(rep.steps),
                           players=[p for p in result.players], ranking=_ranking(result), data=blob,
                           fonts=font_faces(text + rep.title + record_name + _verdict(result) + _summary(result) + _tie_won(result)
                                            + _ranking(result) + "".join(l.label for p in result.players for l in p.breakdown),
                                            _styles(rep, text)))


def _steps(rep: Replayed, faces: dict[str, int]) -> dict:
    """What the page's script draws: every violation, and at each step what was done, the
    violations found there and each area's pieces, texts, lines and writing."""
    violations = list(rep.result.violations)
    index = {id(v): i for i, v in enumerate(violations)}
    data = {
        "violations": [v.to_json() for v in violations],
        "steps": [{"where": s.where, "did": s.did, "v": [index[id(v)] for v in s.violations if id(v) in index],
                   "areas": [{"title": l.title,
                              "items": [[faces[it.face], _r(it.x), _r(it.y), _r(it.d), it.count, it.label]
                                        + ([_r(it.h)] if it.h is not None else []) for it in l.items],
                              "texts": [[_r(x), _r(y), t] for x, y, t in l.texts],
                              "lines": [[c, int(d), [_r(v) for pt in pts for v in pt]] for c, d, pts in l.lines],
                              "writing": [[_r(x), _r(y), t, _r(pt * MM_PER_PT), a] for x, y, t, pt, a in l.writing]}
                             for l in laid]}
                  for s, laid in zip(rep.steps, rep.laid)],
    }
    taken = {index[id(v)] for s in rep.steps for v in s.violations if id(v) in index}
    if len(taken) < len(violations) and data["steps"]:      # found at no step: shown with the last
        data["steps"][-1]["v"] += [i for i in range(len(violations)) if i not in taken]
    return data


def _styles(rep: Replayed, text: str) -> tuple[str, ...]:
    """The font styles the page uses (its symbols' markup and data are `text`): only these are
    embedded."""
    items = [it for step in rep.laid for laid in step for it in laid.items]
    used = {style for style, (family, weight) in SVG_FAMILY.items()
            if f'font-family="{family}"' in text and (weight == "normal" or f'font-weight="{weight}"' in text)}
    used |= {"body", "heading", "title"}                          # the page's own text
    used |= {"condensed-bold"} if any(it.label for it in items) else set()      # name tags
    used |= {"bold"} if any(it.count > 1 for it in items) else set()            # counts on stacks
    used |= {"condensed"} if any(laid.texts for step in rep.laid for laid in step) else set()
    return tuple(sorted(used))


def _verdict(result: Result) -> str:
    n = len(result.violations)
    return "legal" if result.valid else f"breaks the rules ({n} violation{'s' if n != 1 else ''})"


def _summary(result: Result) -> str:
    if result.cooperative:
        return f"outcome: {result.extra.get('outcome', 'unknown')}"
    scores = ", ".join(f"{p.name} {p.total}" for p in result.players)
    return scores + ("" if result.finished else " (unfinished)")


def _tie_won(result: Result) -> str:
    """Who won a game tied on points at the top, and by which tie-breaker: the page's header says it
    (the scores there alone read as a draw). Empty when the top place was not tied on points."""
    top = next((t for t in result.tiebreaks if t.place == 1), None)
    if result.cooperative or not result.finished or top is None:
        return ""
    from pnpkit.scorer.core import join_names
    won = result.winners_as_played
    who = f"{won[0]} wins" if len(won) == 1 else f"{join_names(won)} share the win"
    who += "" if result.valid else " as played"
    return f"{who}, tied on {top.tied_on}: {top.decided_by} ({top.rule})"


def _ranking(result: Result) -> str:
    if result.cooperative:
        return f"Outcome{'' if result.valid else ' as played'}: {result.extra.get('outcome')}."
    if not result.finished:
        return "No winner yet: the record stops before the end of the game."
    parts = [result.winner_text() + "."]
    parts += [f"Place {t.place}: {', '.join(t.players)} (tied on {t.tied_on}): {t.decided_by} [{t.rule}]."
              for t in result.tiebreaks]
    return " ".join(parts)


def step_png(rep: Replayed, number: int) -> bytes:
    """Step `number` (1-based) as a PNG: what it did, its violations, and the position after it."""
    s = rep.steps[number - 1]
    head = [(f"{rep.title}: step {number} of {len(rep.steps)}", "#5c554e"), (f"{s.where}: {s.did}", "#1a1a1a")]
    head += [(f"{v.rule}: {v.message} (\u201c{v.quote}\u201d)", "#b3261e") for v in s.violations]
    shapes, w, h = compose(rep.tableau, rep.laid[number - 1], head)
    return png(shapes, w, h)
