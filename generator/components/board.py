"""Boards: regions, tracks, grids, lattices, labels, art and text blocks at their places (mm).

A region's label and art are drawn in the region's own frame, turned by `rotate`, so the spaces of
the player across the table read the right way up for that player. A region that must hold
counters is checked: the build stops if they would not fit side by side.
"""
from __future__ import annotations

import math

from pnpkit.generator import fonts, joins
from pnpkit.generator.components.common import (
    INK,
    art,
    badge,
    error,
    faded,
    fit_text,
    kit_art,
    local_size,
    oriented,
    placed,
    render_template,
    templated,
)
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Circle, Ellipse, Line, Rect, Shape, Style, Text, ground
from pnpkit.generator.textblock import TextFitError, layout
from pnpkit.kitfile.components import Board, Counters, Lattice, Region, Track
from pnpkit.kitfile.structs import replace

PT = 0.3528
REGION_FILL = "#f6f3ee"
LABEL_BAND = 11.0
PAD = 2.0
GAP = 1.0  # between counters side by side
LATTICE_LINE = "#222222"  # a lattice's lines: at least 3:1 against any board art (tests check it)
LATTICE_CASING = "#ffffff"


def holding_area(r: Region) -> tuple[float, float]:
    """The room a region leaves for counters under its label (local frame), w x h in mm."""
    lw, lh = local_size(*r.size, r.rotate)
    if r.shape == "rect":
        return lw - 2 * PAD, lh - LABEL_BAND - PAD
    # an oval: the largest rectangle inside it, under the label
    return lw / math.sqrt(2) - 2 * PAD, lh / math.sqrt(2) - PAD


def capacity(area: tuple[float, float], d: float, origin: tuple[float, float] = (0.0, 0.0),
             obstacles: list[tuple[float, float, float, float]] = ()) -> int:
    """Counters of diameter d that lie side by side in a w x h area (square packing), leaving out
    the places covered by anything else drawn there (a track's spaces, a piece of art)."""
    return len(slots(area, d, origin, obstacles))


def slots(area: tuple[float, float], d: float, origin: tuple[float, float] = (0.0, 0.0),
          obstacles: list[tuple[float, float, float, float]] = ()) -> list[tuple[float, float]]:
    """The top-left corners of `capacity`'s places, row by row: where a replay lays counters."""
    w, h = area
    nx = max(0, math.floor((w + GAP) / (d + GAP)))
    ny = max(0, math.floor((h + GAP) / (d + GAP)))
    out = []
    for j in range(ny):
        for i in range(nx):
            cx, cy = origin[0] + i * (d + GAP), origin[1] + j * (d + GAP)
            if not any(cx < ox + ow and ox < cx + d and cy < oy + oh and oy < cy + d for ox, oy, ow, oh in obstacles):
                out.append((cx, cy))
    return out


def holding_box(r: Region) -> tuple[float, float, float, float]:
    """The holding area in board coordinates (x, y, w, h)."""
    w, h = r.size
    lw, lh = local_size(w, h, r.rotate)
    aw, ah = holding_area(r)
    u0, v0 = (PAD, LABEL_BAND) if r.shape == "rect" else ((lw - aw) / 2, (lh - ah) / 2)
    corners = [_to_board(r, u, v) for u, v in ((u0, v0), (u0 + aw, v0 + ah))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _to_board(r: Region, u: float, v: float) -> tuple[float, float]:
    (x, y), (w, h) = r.at, r.size
    return {0: (x + u, y + v), 90: (x + w - v, y + u), 180: (x + w - u, y + h - v), 270: (x + v, y + h - u)}[r.rotate]


def track_places(t: Track) -> list[tuple[float, float]]:
    """The top-left corner of each of a track's spaces: one step (space + gap) from the last, in
    `direction`, turning where `turns` says."""
    step = t.space + t.gap
    steps = {"right": (step, 0), "left": (-step, 0), "down": (0, step), "up": (0, -step)}
    x, y = t.at
    dx, dy = steps[t.direction]
    out = [(x, y)]
    for i in range(1, len(t.spaces)):
        if i in t.turns:
            dx, dy = steps[t.turns[i]]
        x, y = x + dx, y + dy
        out.append((x, y))
    return out


def lattice_places(lat: Lattice, params=None) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """A lattice's spaces (name -> centre on the board) and its lines (pairs of names). With
    `source: params` both come from the kit's params (`spaces`, `adjacent`, `position`), the
    derivation the scorer uses, so the printed tree is the scored one."""
    (cx, cy), s = lat.at, lat.spacing
    if lat.source == "params":
        pos = {n: (cx + u * s, cy + v * s) for n in params.spaces for u, v in [params.position(n)]}
        lines = sorted({tuple(sorted((a, b))) for a, near in params.adjacent.items() for b in near})
        return pos, lines
    rowh = s * math.sqrt(3) / 2
    name = {(r, i): f"{chr(65 + r)}{i + 1}" for r in range(lat.rows) for i in range(r + 1)}
    pos = {name[r, i]: (cx + (i - r / 2) * s, cy + r * rowh) for (r, i) in name}
    lines = [(name[r, i], name[nb]) for (r, i) in name for nb in ((r, i + 1), (r + 1, i), (r + 1, i + 1)) if nb in name]
    return pos, lines


def obstacles(b: Board) -> list[tuple[float, float, float, float]]:
    """Boxes on the board where no counter can lie: track spaces and art (not art drawn `under`
    everything, a picture the spaces sit on)."""
    out = []
    for t in b.tracks:
        out += [(x, y, *t.box()) for x, y in track_places(t)]
    out += [(a.at[0], a.at[1], a.size[0], a.size[1]) for a in b.art if not a.under]
    return out


def keep_whole(b: Board, blocked: list[tuple[float, float, float, float]],
               lattices: list[dict[str, tuple[float, float]]]) -> list[tuple[float, float, float, float]]:
    """Boxes a seam should not cut through when the board is split over pages: what `obstacles`
    gave, grid squares, lattice spaces (`lattices`: each one's centres), text blocks and regions
    (a board laid out in halves gets its seam between them)."""
    out = list(blocked)
    out += [(r.at[0], r.at[1], r.size[0], r.size[1]) for r in b.regions]
    for g in b.grids:
        out += [(g.at[0] + j * g.cell, g.at[1] + i * g.cell, g.cell, g.cell) for i in range(g.rows) for j in range(g.cols)]
    for lat, pos in zip(b.lattices, lattices):
        out += [(px - lat.space / 2, py - lat.space / 2, lat.space, lat.space) for px, py in pos.values()]
    out += [(t.at[0], t.at[1], t.size[0], t.size[1]) for t in b.texts]
    return out


def region_capacity(b: Board, r: Region, d: float, blocked: list[tuple[float, float, float, float]] | None = None) -> int:
    x, y, w, h = holding_box(r)
    return capacity((w, h), d, (x, y), obstacles(b) if blocked is None else blocked)


def _region(kit, b: Board, r: Region, where: tuple) -> list[Shape]:
    (x, y), (w, h) = r.at, r.size
    if r.label:
        r = replace(r, label=templated(kit, r.label, where + ("label",)))
    if r.sublabel:
        r = replace(r, sublabel=templated(kit, r.sublabel, where + ("sublabel",)))
    if x < 0 or y < 0 or x + w > b.size[0] + 1e-6 or y + h > b.size[1] + 1e-6:
        raise error(kit, where + ("at",), f"the region {r.name!r} runs off the {b.size[0]:g}x{b.size[1]:g} mm board")
    lw, lh = local_size(w, h, r.rotate)
    fill = r.fill or REGION_FILL
    body = Style(fill=fill, stroke=INK, width=0.5)
    out: list[Shape] = []
    if r.shape == "rect":
        out.append(Rect(x, y, w, h, body, r=3.0))
    else:
        out.append(Ellipse(x + w / 2, y + h / 2, w / 2, h / 2, body))
    local: list[Shape] = []
    aw, ah = holding_area(r)
    top = LABEL_BAND if r.shape == "rect" else (lh - ah) / 2
    if r.art:
        s = min(aw, ah) * 0.85
        drawing = kit_art(kit, where + ("art_options",), r.art, s, s,
                          **dict(r.art_options, color=r.art_options.get("color", r.color)))
        local.append(placed(faded(drawing, r.art_opacity), lw / 2 - s / 2, top + (ah - s) / 2))
    if r.color and r.shape == "rect":
        local.append(Rect(0.25, 0.25, lw - 0.5, 2.6, Style(fill=r.color, stroke=None)))
    if r.label:
        tx = 3.0 if r.shape == "rect" else lw / 2
        anchor = "start" if r.shape == "rect" else "middle"
        ty = 8.6 if r.shape == "rect" else (lh - ah) / 2 - 2.0
        if r.mark and r.shape == "rect":
            local += badge(r.mark, r.color, 7.0, 6.7, 7.0)
            tx = 12.0
        pt = fit_text(r.label, "heading", 15.0, (lw - tx - 4) if r.shape == "rect" else lw * 0.6)
        local.append(Text(tx, ty, r.label, size=pt, font="heading", color=INK, anchor=anchor))
        if r.sublabel:
            end = tx + fonts.text_width(r.label, "heading", pt) + 2.5
            spt = fit_text(r.sublabel, "condensed", 8.0, max(5.0, lw - end - 3))
            if r.shape == "rect":
                local.append(Text(end, ty, r.sublabel, size=spt, font="condensed", color="#444444"))
            else:
                local.append(Text(lw / 2, ty + spt * PT * 1.4, r.sublabel, size=spt, font="condensed", color="#444444",
                                  anchor="middle"))
    out.append(oriented(local, x, y, w, h, r.rotate))
    return out


def _track(t: Track) -> list[Shape]:
    out: list[Shape] = []
    w, h = t.box()  # space x space unless the track gives `across`
    lw, lh = local_size(w, h, t.rotate)
    for label, (x, y) in zip(t.spaces, track_places(t)):
        style = Style(fill=t.fill or "#ffffff", stroke=INK, width=0.45, dash=())
        if t.shape == "round" and w == h:
            out.append(Circle(x + w / 2, y + h / 2, w / 2, style))
        elif t.shape == "round":
            out.append(Ellipse(x + w / 2, y + h / 2, w / 2, h / 2, style))
        else:
            out.append(Rect(x, y, w, h, style, r=1.0))
        local: list[Shape] = []
        if t.art:
            s = min(lw, lh) * 0.66
            local.append(placed(faded(art(t.art, s, s), 0.3), (lw - s) / 2, (lh - s) / 2))
        pt = fit_text(label, "title", min(lw, lh) * 1.1, lw * 0.7)
        local.append(Text(lw / 2, lh / 2 + pt * PT * 0.36, label, size=pt, font="title", color=INK,
                          anchor="middle"))
        out.append(oriented(local, x, y, w, h, t.rotate))
    return out


def _grid(kit, g, where: tuple) -> list[Shape]:
    (x, y), c = g.at, g.cell
    out: list[Shape] = [Rect(x, y, g.cols * c, g.rows * c, Style(fill=g.fill or "#ffffff", stroke=INK, width=0.5))]
    if g.art:  # the same drawing, faint, in every square (it sits under the counters)
        s = c * 0.72
        drawing = faded(kit_art(kit, where + ("art_options",), g.art, s, s, **g.art_options), g.art_opacity)
        out += [placed(drawing, x + j * c + (c - s) / 2, y + i * c + (c - s) / 2)
                for i in range(g.rows) for j in range(g.cols)]
    for i in range(1, g.rows):
        out.append(Line(x, y + i * c, x + g.cols * c, y + i * c, Style(stroke=INK, width=0.3)))
    for j in range(1, g.cols):
        out.append(Line(x + j * c, y, x + j * c, y + g.rows * c, Style(stroke=INK, width=0.3)))
    pt = min(14.0, c * 0.45 / PT)
    for i, lab in enumerate(g.row_labels[: g.rows]):
        out.append(Text(x - 2.0, y + (i + 0.5) * c + pt * PT * 0.36, lab, size=pt, font="heading", anchor="end"))
    for j, lab in enumerate(g.col_labels[: g.cols]):
        out.append(Text(x + (j + 0.5) * c, y - 2.0, lab, size=pt, font="heading", anchor="middle"))
    return out


def _lattice(lat: Lattice, pos: dict[str, tuple[float, float]], lines: list[tuple[str, str]]) -> list[Shape]:
    d = lat.space
    out: list[Shape] = []
    casing = Style(stroke=LATTICE_CASING, width=1.8, cap="round")
    core = Style(stroke=LATTICE_LINE, width=0.9, cap="round")
    for style in (casing, core):  # a dark line on a pale casing reads on any picture under it
        for a, b in lines:
            out.append(Line(*pos[a], *pos[b], style))
    pt = min(12.0, d * 0.38 / PT) if lat.label_at == "centre" else min(7.5, max(6.0, d * 0.26 / PT))
    for name, (px, py) in pos.items():
        out.append(Circle(px, py, d / 2, Style(fill="#ffffff", stroke=INK, width=0.5)))
        if lat.labels != "row-letter":
            continue
        if lat.label_at == "centre":
            out.append(Text(px, py + pt * PT * 0.36, name, size=pt, font="heading", color="#555555", anchor="middle"))
        else:  # a small white tab just under the space, readable with a counter on it
            tw, th = fonts.text_width(name, "heading", pt) + 1.6, pt * PT + 1.0
            ty = py + d / 2 + 0.6
            out.append(Rect(px - tw / 2, ty, tw, th, Style(fill="#ffffff", stroke="#555555", width=0.25), r=th / 2))
            out.append(Text(px, ty + th / 2 + pt * PT * 0.36, name, size=pt, font="heading", color=INK, anchor="middle"))
    return out


def _check_holds(kit, b: Board, where: tuple, blocked: list[tuple[float, float, float, float]]) -> None:
    """Each region, track or lattice that must hold counters does: a region its count side by
    side, a track or lattice one in each space (and, on a lattice, beside each neighbour's with a
    gap); or the build stops."""
    counters = {c.name: c for c in kit.components if c.kind == "counters"}

    def target(name: str, path: tuple) -> Counters:
        if name not in counters:
            raise error(kit, path, f"no counters component named {name!r}")
        return counters[name]

    for i, r in enumerate(b.regions):
        if r.holds is not None:
            c = target(r.holds.counters, where + ("regions", i, "holds", "counters"))
            fits = region_capacity(b, r, c.size, blocked)
            if fits < r.holds.count:
                raise error(kit, where + ("regions", i, "size"), f"the region {r.name!r} holds {fits} {c.name} of "
                            f"{c.size:.1f} mm, not the {r.holds.count} it must; make it larger")
    for key, items in (("tracks", b.tracks), ("lattices", b.lattices)):
        for i, it in enumerate(items):
            if it.holds is None:
                continue
            c = target(it.holds, where + (key, i, "holds"))
            room = min(it.box()) + 2 * it.overhang if key == "tracks" else it.space  # a track's space may be narrower across
            if c.size > room + 1e-6:
                raise error(kit, where + (key, i, "space"), f"a space of {room:g} mm does not hold a "
                            f"{c.size:.1f} mm {c.name} counter; make it larger")
            if key == "lattices" and c.size + GAP > it.spacing + 1e-6:
                raise error(kit, where + (key, i, "spacing"), f"{c.name} counters of {c.size:.1f} mm on neighbouring "
                            f"spaces {it.spacing:g} mm apart would touch; make the spacing at least {c.size + GAP:g} mm")


def pieces(kit, b: Board, index: int) -> list[Piece]:
    where = ("components", index)
    W, H = b.size
    out: list[Shape] = [Rect(0, 0, W, H, ground(b.fill or "#ffffff"))]
    out += _arts(kit, b, where, under=True)
    for i, r in enumerate(b.regions):
        out += _region(kit, b, r, where + ("regions", i))
    _check_tracks(kit, b, where)
    for t in b.tracks:
        out += _track(t)
    for i, g in enumerate(b.grids):
        out += _grid(kit, g, where + ("grids", i))
    _check_lattice_source(kit, b, where)
    lattices = [lattice_places(lat, kit.params) for lat in b.lattices]
    for lat, (pos, lines) in zip(b.lattices, lattices):
        out += _lattice(lat, pos, lines)
    blocked = obstacles(b)
    _check_holds(kit, b, where, blocked)
    out += _arts(kit, b, where, under=False)
    for i, t in enumerate(b.texts):
        (x, y), (w, h) = t.at, t.size
        text = render_template(kit, t, where + ("texts", i))
        pad = 3.0 if t.frame else 0.0
        try:
            laid = layout(text, w - 2 * pad, h - 2 * pad, x=pad, y=pad, max_pt=t.max_pt, min_pt=t.min_pt,
                          columns=t.columns, where=f"{b.name} texts[{i}]")
        except TextFitError as e:
            raise error(kit, where + ("texts", i), str(e)) from None
        local: list[Shape] = []
        if t.frame:
            local.append(Rect(0, 0, w, h, Style(fill="#ffffff", stroke="#8a8a8a", width=0.35), r=2.5))
        local += laid.shapes
        out.append(oriented(local, x, y, w, h, t.rotate))
    for i, lab in enumerate(b.labels):
        text = templated(kit, lab.text, where + ("labels", i, "text"))
        out.append(Text(lab.at[0], lab.at[1], text, size=lab.pt, font=lab.font, color=lab.color, anchor=lab.anchor,
                        rotate=float(lab.rotate)))
    panels = _panels_on(kit, b, where)
    for other in panels:  # a panel laid against this board: the marks it meets
        out += joins.edge_marks(W, H, other.attach.edge)
    front, keep = tuple(out), keep_whole(b, blocked, [pos for pos, _ in lattices])
    seams = tuple(sorted({o.attach.edge for o in panels}))  # edges a panel meets: its grids may run on across them
    made = [Piece(component=b.name, kind="board", name=f"{b.display} {n}" if b.count > 1 else b.display, w=W, h=H,
                  front=front, grounds=(b.fill or "#ffffff", None), meta={"keep_whole": keep, "seams": seams})
            for n in range(1, b.count + 1)]
    if b.attach is not None:
        target = next(c for c in kit.components if c.name == b.attach.to)
        made = [joins.panel(p, b.attach.edge, target.name, target.display, b.attach.note) for p in made]
    return made


def _panels_on(kit, b: Board, where: tuple) -> list[Board]:
    """The boards laid against `b` (their `attach` names it), each checked: the edge they share is
    as long as theirs. A board's own `attach` must name a board."""
    if b.attach is not None:
        target = next((c for c in kit.components if c.name == b.attach.to), None)
        if target is None or target.kind != "board" or target.name == b.name:
            raise error(kit, where + ("attach", "to"), f"no other board named {b.attach.to!r} to attach to")
    out = []
    for i, c in enumerate(kit.components):
        if c.kind == "board" and c.attach is not None and c.attach.to == b.name:
            along = 1 if c.attach.edge in ("left", "right") else 0
            if abs(c.size[along] - b.size[along]) > 0.01:
                raise error(kit, ("components", i, "size"), f"the board {c.name!r} goes against the {c.attach.edge} "
                            f"edge of {b.name!r}: that edge is {b.size[along]:g} mm long, this board {c.size[along]:g} mm")
            out.append(c)
    return out


def _arts(kit, b: Board, where: tuple, under: bool) -> list[Shape]:
    """The board's art drawn under (or over) everything else; a bad option is the kit file's error,
    with its line, not an internal one."""
    out: list[Shape] = []
    for i, a in enumerate(b.art):
        if a.under != under:
            continue
        (x, y), (w, h) = a.at, a.size
        lw, lh = local_size(w, h, a.rotate)
        out.append(oriented(kit_art(kit, where + ("art", i, "options"), a.name, lw, lh, **a.options), x, y, w, h, a.rotate))
    return out


def _check_tracks(kit, b: Board, where: tuple) -> None:
    """Every space of every track lies on the board: a track that runs off it (too many spaces, a
    wrong turn, a start too near an edge) is the kit file's error at the track's line."""
    W, H = b.size
    for i, t in enumerate(b.tracks):
        w, h = t.box()
        for n, (label, (x, y)) in enumerate(zip(t.spaces, track_places(t))):
            edge = ("left" if x < -0.01 else "right" if x + w > W + 0.01 else
                    "top" if y < -0.01 else "bottom" if y + h > H + 0.01 else None)
            if edge is not None:
                raise error(kit, where + ("tracks", i), f"the track {t.name!r} runs off the {W:g} x {H:g} mm "
                            f"board: space {n + 1} ({label!r}, {w:g} x {h:g} mm at [{x:g}, {y:g}]) crosses its {edge} edge")


def _check_lattice_source(kit, b: Board, where: tuple) -> None:
    """A lattice that takes its spaces from the params needs params that give them."""
    for i, lat in enumerate(b.lattices):
        if lat.source == "params" and not all(hasattr(kit.params, a) for a in ("spaces", "adjacent", "position")):
            raise error(kit, where + ("lattices", i, "source"), "source: params needs the game's params to give "
                        "`spaces`, `adjacent` and `position(name)`")
