"""Score sheets: a header, a grid of rows and (grouped) columns, extra boxes; cells listed for forms.

Each writable cell is also listed in `piece.meta["fields"]` as (name, x, y, w, h) in mm from the
sheet's top-left, so a backend can make the PDF fillable.
"""
from __future__ import annotations

from pnpkit.generator.components import corner_marks
from pnpkit.generator.components.common import INK, badge, error, fit_text, render_template, templated
from pnpkit.generator.fonts import text_width
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Line, Rect, Shape, Style, Text, ground
from pnpkit.generator.textblock import TextFitError, layout
from pnpkit.kitfile.components import ScoreSheet
from pnpkit.kitfile.pad import pad_of

GRID = Style(fill=None, stroke=INK, width=0.25)
THIN = Style(fill=None, stroke="#6a6a6a", width=0.15)
SHADE = "#ececec"
PT = 0.3528  # mm per point
TICK = Style(fill="#ffffff", stroke=INK, width=0.3)
TICK_SIDE = 4.5  # mm: a tick box's side at the most (a pencil tick fits; a camera reads it)
M = 4.0  # mm: the sheet's margin


def _text(kit, s: ScoreSheet, block, x, y, w, h, where) -> list[Shape]:
    try:
        return list(layout(render_template(kit, block, where), w, h, x=x, y=y, max_pt=block.max_pt,
                           min_pt=block.min_pt, columns=block.columns, where=s.name).shapes)
    except TextFitError as e:
        raise error(kit, where, str(e)) from None


def pieces(kit, s: ScoreSheet, index: int) -> list[Piece]:
    """The sheet's copies: one drawing for all, or (`numbering: continued`, a pad whose pages go on,
    such as a game log) each copy with its own line numbers, copy 2 going on from copy 1's last."""
    where = ("components", index)
    each = s.numbering == "continued" and isinstance(s.rows, int)
    drawn = [_sheet(kit, s, where, (n - 1) * s.rows if each else 0) for n in range(1, (s.count if each else 1) + 1)]
    W, H = s.size
    # a sheet a camera reads: where its corner marks lie, and which of its fields are tick boxes
    marks = [(mark, x, y, corner_marks.SIZE) for mark, (x, y) in zip(s.corner_marks or [], corner_marks.corners(W, H))]
    extra = {"marks": marks, "ticks": drawn[0][2]} if marks else {}
    sums = {"sums": pad_of(kit).sums()} if s.scoring is not None and s.fillable else {}  # the Total adds itself up
    return [Piece(component=s.name, kind="score-sheet", name=f"{s.display} {n}" if s.count > 1 else s.display,
                  w=W, h=H, front=tuple(drawn[n - 1 if each else 0][0]),
                  meta={"fields": drawn[n - 1 if each else 0][1] if s.fillable else [], **extra, **sums,
                        "games": s.games, "per_player": s.per_player})
            for n in range(1, s.count + 1)]


def _sheet(kit, s: ScoreSheet, where: tuple, offset: int) -> tuple[list[Shape], list, list[str]]:
    """One copy's shapes, writable cells and the names of those that are tick boxes; integer rows
    numbered from offset + 1."""
    W, H = s.size
    out: list[Shape] = [Rect(0, 0, W, H, ground("#ffffff"))]
    fields: list[tuple[str, float, float, float, float]] = []
    ticks: list[str] = []
    top = M
    # corner marks: the header and footer keep clear of them (and of their white quiet zone)
    side = corner_marks.SIZE + corner_marks.INSET + 2.0 - M if s.corner_marks else 0.0
    if s.header is not None:
        out += _text(kit, s, s.header, M + side, top, W - 2 * M - 2 * side, s.header_height - 2, where + ("header",))
        top += s.header_height
    if s.footer is not None:
        out += _text(kit, s, s.footer, M + side, H - M - s.footer_height + 1, W - 2 * M - 2 * side, s.footer_height - 1,
                     where + ("footer",))
    widths, xs = _columns(kit, s, where)
    y = _group_band(s, xs, top, out, fields)
    pad = pad_of(kit) if s.scoring is not None else None
    hh = _headings(s, pad, widths, xs, y, out, fields)
    _grid(kit, s, where, offset, pad, (widths, xs), (y, hh), out, fields, ticks)
    out += [Rect(*f[1:], TICK) for f in fields if f[0] in ticks]
    for n, b in enumerate(s.boxes):
        (bx, by), (bw, bh) = b.at, b.size
        out.append(Rect(bx, by, bw, bh, GRID, r=1.0))
        out.append(Text(bx + 1.5, by + 4.0, b.label, size=8.0, font="condensed-bold", color=INK))
        if b.ticks or b.tick_labels:
            drawn, boxes = _ticks(kit, b, where + ("boxes", n))
            out += drawn
            fields += boxes
            ticks += [f[0] for f in boxes]
        else:
            fields.append((b.label.replace(" ", "_"), bx, by, bw, bh))
    for mark, (x, y) in zip(s.corner_marks or [], corner_marks.corners(W, H)):
        out += corner_marks.shapes(mark, x, y)
    return out, fields, ticks


def _columns(kit, s: ScoreSheet, where: tuple) -> tuple[list[float], list[float]]:
    """Column widths (fixed ones as given, the rest share what is left) and their left edges, the
    last column's right edge last."""
    W, _ = s.size
    inner = W - 2 * M
    fixed = s.row_label_width + sum(c.width or 0.0 for c in s.columns)
    free = [c for c in s.columns if c.width is None]
    share = (inner - fixed) / len(free) if free else 0.0
    if free and share < 6.0 or fixed > inner + 1e-6:
        raise error(kit, where + ("columns",), f"the columns do not fit the sheet's {inner:.1f} mm width")
    widths = [c.width if c.width is not None else share for c in s.columns]
    xs = [M + s.row_label_width]
    for wd in widths:
        xs.append(xs[-1] + wd)
    return widths, xs


def _group_band(s: ScoreSheet, xs: list[float], y: float, out: list[Shape], fields: list) -> float:
    """The group band: each group's label, its mark and colour, a line for a name. The y under it."""
    if not s.groups:
        return y
    gh = s.group_height
    for g in s.groups:
        cols = [i for i, c in enumerate(s.columns) if c.group == g.name]
        if not cols:
            continue
        x0, x1 = xs[cols[0]], xs[cols[-1] + 1]
        out.append(Rect(x0, y, x1 - x0, gh, GRID))
        if g.color:
            out.append(Rect(x0, y, x1 - x0, 1.6, Style(fill=g.color, stroke=None)))
        tx = x0 + 2.0
        if g.mark:
            out += badge(g.mark, g.color, x0 + 5.0, y + 6.2, 6.4)
            tx = x0 + 9.5
        pt = fit_text(g.label, "heading", 10.0, x1 - tx - 2)
        out.append(Text(tx, y + 2.4 + pt * PT, g.label, size=pt, font="heading", color=INK))
        if g.name_line:
            ly = y + gh - 2.0
            out.append(Text(tx, ly - 0.3, "Name", size=7.0, font="condensed", color="#555555"))
            nx = tx + 8.0
            out.append(Line(nx, ly, x1 - 2.0, ly, THIN))
            fields.append((f"{g.name}-name", nx, ly - 4.5, x1 - 2.0 - nx, 4.5))
    return y + gh


def _headings(s: ScoreSheet, pad, widths: list[float], xs: list[float], y: float, out: list[Shape],
              fields: list) -> float:
    """Column headings (a scoring pad's: a player's, with a line for the name); their height."""
    W, _ = s.size
    hh = s.heading_height if pad is None else 13.0
    out.append(Rect(M, y, W - 2 * M, hh, Style(fill=SHADE, stroke=None)))
    if s.row_label:
        pt = fit_text(s.row_label, "condensed-bold", 8.5, s.row_label_width - 1)
        out.append(Text(M + s.row_label_width / 2, y + hh / 2 + pt * PT * 0.36, s.row_label, size=pt,
                        font="condensed-bold", color=INK, anchor="middle"))
    for i, c in enumerate(s.columns):
        pt = fit_text(c.label, "condensed-bold", 8.5, widths[i] - 1)
        if pad is not None:
            fields.append(_name_line(out, pad.name_box(i + 1), xs[i], y, widths[i], hh))
        out.append(Text(xs[i] + widths[i] / 2, y + (hh / 2 if pad is None else 3.6) + pt * PT * 0.36, c.label, size=pt,
                        font="condensed-bold", color=INK, anchor="middle"))
    return hh


def _grid(kit, s: ScoreSheet, where: tuple, offset: int, pad, columns: tuple[list[float], list[float]],
          head: tuple[float, float], out: list[Shape], fields: list, ticks: list[str]) -> None:
    """The rows under the headings (`head`: their top, their height): each row's label and its
    cells (a field each, a tick box's in the cell's middle), then the grid's lines."""
    W, H = s.size
    widths, xs = columns
    heading_y, hh = head
    y = heading_y + hh
    bottom = H - M - s.footer_height - s.boxes_height
    labels = s.rows if isinstance(s.rows, list) else [str(i) for i in range(offset + 1, offset + s.rows + 1)]
    # a label with {{ }} is jinja2 reading `params` (a row per card of a table the scorer reads)
    labels = [templated(kit, lab, where + ("rows", i)).strip() for i, lab in enumerate(labels)]
    if not labels:
        raise error(kit, where + ("rows",), "a score sheet needs at least one row")
    rh = min(12.0, (bottom - y) / len(labels))
    if rh < 5.0:
        raise error(kit, where + ("rows",), f"{len(labels)} rows leave {rh:.1f} mm each; at least 5 mm is needed to write in")
    for i, c in enumerate(s.columns):
        if c.shade:
            out.append(Rect(xs[i], y, widths[i], rh * len(labels), Style(fill=SHADE, stroke=None)))
    for r, label in enumerate(labels):
        ry = y + r * rh
        total = pad is not None and label == pad.scoring.total  # a pad's total: shaded, in bold
        if total:
            out.append(Rect(M, ry, W - 2 * M, rh, Style(fill=SHADE, stroke=None)))
        font = "condensed-bold" if total else "condensed"
        pt = fit_text(label, font, 9.0, s.row_label_width - 1)
        out.append(Text(M + s.row_label_width / 2, ry + rh / 2 + pt * PT * 0.36, label, size=pt, font=font,
                        color=INK, anchor="middle"))
        for i, c in enumerate(s.columns):
            name = pad.box(i + 1, label) if pad is not None else \
                f"{c.group + '-' if c.group else ''}{c.label}-{label}".replace(" ", "_")
            if c.tick:      # the field is the tick box, in the cell's middle
                t = min(TICK_SIDE, rh - 1.4)
                box = (xs[i] + (widths[i] - t) / 2, ry + (rh - t) / 2, t, t)
                ticks.append(name)
            fields.append((name, *(box if c.tick else (xs[i], ry, widths[i], rh))))
    _grid_lines(s, xs, (heading_y, y, y + rh * len(labels)), rh, len(labels), out)


def _grid_lines(s: ScoreSheet, xs: list[float], tops: tuple[float, float, float], rh: float, rows: int,
                out: list[Shape]) -> None:
    """The rows' lines, and the columns': heavy between groups, thin inside them."""
    W, _ = s.size
    grid_top, y, grid_bottom = tops
    for r in range(rows + 1):
        out.append(Line(M, y + r * rh, W - M, y + r * rh, THIN if 0 < r < rows else GRID))
    for i, x in enumerate([M] + xs):
        k = i - 1  # the column to the right of this line is k (xs[k])
        left = s.columns[k - 1].group if 0 < k <= len(s.columns) else None
        right = s.columns[k].group if 0 <= k < len(s.columns) else None
        heavy = k <= 0 or k >= len(s.columns) or left != right
        out.append(Line(x, grid_top, x, grid_bottom, GRID if heavy else THIN))
    out.append(Line(M, grid_top, W - M, grid_top, GRID))


def _ticks(kit, b, where: tuple) -> tuple[list[Shape], list[tuple]]:
    """A box's row (or rows) of tick boxes under its label, each with its label (a number, or the
    box's `tick_labels`: a card's id) beside it where it fits, else under it; the field of each is
    its tick box."""
    labels = [t.strip() for t in templated(kit, b.tick_labels, where + ("tick_labels",)).split(",") if t.strip()] \
        if b.tick_labels else [str(i) for i in range(1, b.ticks + 1)]
    (bx, by), (bw, bh) = b.at, b.size
    per = -(-len(labels) // b.tick_rows)
    pitch, row_h = (bw - 3.0) / max(per, 1), (bh - 5.5) / b.tick_rows
    wide = max(text_width(t, "condensed", 7.0) for t in labels)
    beside = pitch - min(TICK_SIDE, row_h - 0.8) - 1.2 >= wide
    side = min(TICK_SIDE, pitch * (0.36 if beside else 0.7), row_h - (0.8 if beside else 2.6))
    if side < 3.0:
        raise error(kit, where, f"{len(labels)} tick boxes in {b.tick_rows} row(s) leave {side:.1f} mm each; "
                                "at least 3 mm is needed to tick")
    out: list[Shape] = []
    fields = []
    for i, label in enumerate(labels):
        x = bx + 1.5 + (i % per) * pitch + (0.3 if beside else (pitch - side) / 2)
        ty = by + 5.0 + (i // per) * row_h
        out.append(Rect(x, ty, side, side, TICK))
        if beside:
            pt = fit_text(label, "condensed", 7.0, pitch - side - 1.2)
            out.append(Text(x + side + 0.8, ty + side / 2 + pt * PT * 0.36, label, size=pt, font="condensed", color=INK))
        else:
            pt = fit_text(label, "condensed", 7.0, pitch - 0.4)
            out.append(Text(x + side / 2, ty + side + 0.6 + pt * PT * 0.75, label, size=pt, font="condensed",
                            color="#444444", anchor="middle"))
        fields.append((f"{b.label}-{label}".replace(" ", "_"), x, ty, side, side))
    return out, fields


def _name_line(out: list[Shape], name: str, x: float, y: float, w: float, hh: float) -> tuple:
    """A line to write a player's name on, under a scoring pad's column head; its box for the form."""
    ly = y + hh - 1.8
    out.append(Line(x + 1.5, ly, x + w - 1.5, ly, THIN))
    return (name, x + 1.0, ly - 5.2, w - 2.0, 5.2)
