"""Score sheets: a header, a grid of rows and (grouped) columns, extra boxes; cells listed for forms.

Each writable cell is also listed in `piece.meta["fields"]` as (name, x, y, w, h) in mm from the
sheet's top-left, so a backend can make the PDF fillable.
"""
from __future__ import annotations

from pnpkit.generator.components.common import INK, badge, error, fit_text, render_template, templated
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Line, Rect, Shape, Style, Text, ground
from pnpkit.generator.textblock import TextFitError, layout
from pnpkit.kitfile.components import ScoreSheet

GRID = Style(fill=None, stroke=INK, width=0.25)
THIN = Style(fill=None, stroke="#6a6a6a", width=0.15)
SHADE = "#ececec"
PT = 0.3528  # mm per point


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
    return [Piece(component=s.name, kind="score-sheet", name=f"{s.display} {n}" if s.count > 1 else s.display,
                  w=W, h=H, front=tuple(drawn[n - 1 if each else 0][0]),
                  meta={"fields": drawn[n - 1 if each else 0][1] if s.fillable else [], "games": s.games,
                        "per_player": s.per_player})
            for n in range(1, s.count + 1)]


def _sheet(kit, s: ScoreSheet, where: tuple, offset: int) -> tuple[list[Shape], list]:
    """One copy's shapes and writable cells; integer rows numbered from offset + 1."""
    W, H = s.size
    m = 4.0
    out: list[Shape] = [Rect(0, 0, W, H, ground("#ffffff"))]
    fields: list[tuple[str, float, float, float, float]] = []
    top = m
    if s.header is not None:
        out += _text(kit, s, s.header, m, top, W - 2 * m, s.header_height - 2, where + ("header",))
        top += s.header_height
    bottom = H - m - s.footer_height - s.boxes_height
    if s.footer is not None:
        out += _text(kit, s, s.footer, m, H - m - s.footer_height + 1, W - 2 * m, s.footer_height - 1, where + ("footer",))

    # Column widths: fixed ones as given, the rest share what is left.
    inner = W - 2 * m
    fixed = s.row_label_width + sum(c.width or 0.0 for c in s.columns)
    free = [c for c in s.columns if c.width is None]
    share = (inner - fixed) / len(free) if free else 0.0
    if free and share < 6.0 or fixed > inner + 1e-6:
        raise error(kit, where + ("columns",), f"the columns do not fit the sheet's {inner:.1f} mm width")
    widths = [c.width if c.width is not None else share for c in s.columns]
    xs = [m + s.row_label_width]
    for wd in widths:
        xs.append(xs[-1] + wd)

    # Group band: the group's label, its mark and colour, a line for a name.
    y = top
    if s.groups:
        gh = 13.0
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
        y += gh
    # Column headings.
    hh = 7.0
    out.append(Rect(m, y, inner, hh, Style(fill=SHADE, stroke=None)))
    if s.row_label:
        pt = fit_text(s.row_label, "condensed-bold", 8.5, s.row_label_width - 1)
        out.append(Text(m + s.row_label_width / 2, y + hh / 2 + pt * PT * 0.36, s.row_label, size=pt,
                        font="condensed-bold", color=INK, anchor="middle"))
    for i, c in enumerate(s.columns):
        pt = fit_text(c.label, "condensed-bold", 8.5, widths[i] - 1)
        out.append(Text(xs[i] + widths[i] / 2, y + hh / 2 + pt * PT * 0.36, c.label, size=pt,
                        font="condensed-bold", color=INK, anchor="middle"))
    y += hh
    labels = s.rows if isinstance(s.rows, list) else [str(i) for i in range(offset + 1, offset + s.rows + 1)]
    # a label with {{ }} is jinja2 reading `params` (a row per card of a table the scorer reads)
    labels = [templated(kit, lab, where + ("rows", i)).strip() for i, lab in enumerate(labels)]
    if not labels:
        raise error(kit, where + ("rows",), "a score sheet needs at least one row")
    rh = min(12.0, (bottom - y) / len(labels))
    if rh < 5.0:
        raise error(kit, where + ("rows",), f"{len(labels)} rows leave {rh:.1f} mm each; at least 5 mm is needed to write in")
    grid_top = y - hh
    for i, c in enumerate(s.columns):
        if c.shade:
            out.append(Rect(xs[i], y, widths[i], rh * len(labels), Style(fill=SHADE, stroke=None)))
    for r, label in enumerate(labels):
        ry = y + r * rh
        pt = fit_text(label, "condensed", 9.0, s.row_label_width - 1)
        out.append(Text(m + s.row_label_width / 2, ry + rh / 2 + pt * PT * 0.36, label, size=pt, font="condensed",
                        color=INK, anchor="middle"))
        for i, c in enumerate(s.columns):
            fields.append((f"{c.group + '-' if c.group else ''}{c.label}-{label}".replace(" ", "_"), xs[i], ry, widths[i], rh))
    grid_bottom = y + rh * len(labels)
    for r in range(len(labels) + 1):
        out.append(Line(m, y + r * rh, W - m, y + r * rh, THIN if 0 < r < len(labels) else GRID))
    # vertical lines: heavy between groups, thin inside them
    for i, x in enumerate([m] + xs):
        k = i - 1  # the column to the right of this line is k (xs[k])
        left = s.columns[k - 1].group if 0 < k <= len(s.columns) else None
        right = s.columns[k].group if 0 <= k < len(s.columns) else None
        heavy = k <= 0 or k >= len(s.columns) or left != right
        out.append(Line(x, grid_top, x, grid_bottom, GRID if heavy else THIN))
    out.append(Line(m, grid_top, W - m, grid_top, GRID))
    for b in s.boxes:
        (bx, by), (bw, bh) = b.at, b.size
        out.append(Rect(bx, by, bw, bh, GRID, r=1.0))
        out.append(Text(bx + 1.5, by + 4.0, b.label, size=8.0, font="condensed-bold", color=INK))
        fields.append((b.label.replace(" ", "_"), bx, by, bw, bh))
    return out, fields
