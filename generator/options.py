"""How a person asked for the kit to be printed: one value, checked once, passed whole.

The CLI's options (paper, duplex, back offset, ink saver, backs, bleed) travel together from
`pnpkit build` through build_kit, compose and write; a new option is a new field here and the
code that reads it, not a new parameter on every function in between.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

PAPERS: dict[str, tuple[float, float]] = {  # width x height, mm
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "universal": (210.0, 279.4),
}
MAX_BACK_OFFSET = 3.0  # |X|, |Y| of --back-offset: what the calibration lines (cover, page 2) can read
DUPLEX = ("long", "short")  # the edge the printer flips a sheet on
BACKS = ("duplex", "gutter")
MAX_BLEED = 5.0


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"  # a4 | letter | universal
    duplex: str = "long"  # how the printer flips a sheet: long or short edge
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm every back page moves (read on the cover's back, page 2)
    ink_saver: bool = False  # outlines and light fills instead of large solid areas
    backs: str = "duplex"  # duplex: backs on the next page; gutter: front and back folded together
    bleed: float | None = None  # mm; overrides every card deck's own bleed when given
    # only part of the kit (generator/select.py): its components, a page range, one side, a sheet
    only: tuple[str, ...] = ()  # component names; () is every component
    pages: tuple[int, int] | None = None  # first and last page (numbered as in the whole kit)
    face: str | None = None  # fronts | backs: one side of every sheet, for manual duplex
    reprint: int | None = None  # --sheet: a page number; that page and the other side of its paper
    cut_only: bool = False  # write the SVG pages' cut layer only (for a cutting machine)

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise ValueError(f"unknown paper {self.paper!r} (choose from {', '.join(PAPERS)})")
        if self.duplex not in DUPLEX:
            raise ValueError(f"duplex must be long or short, got {self.duplex!r}")
        if self.backs not in BACKS:
            raise ValueError(f"backs must be duplex or gutter, got {self.backs!r}")
        offset = tuple(self.back_offset)
        if len(offset) != 2 or any(abs(v) > MAX_BACK_OFFSET for v in offset):
            raise ValueError(f"back offset must be two numbers within ±{MAX_BACK_OFFSET:g} mm, got {self.back_offset}")
        object.__setattr__(self, "back_offset", (float(offset[0]), float(offset[1])))
        if self.bleed is not None and not 0 <= self.bleed <= MAX_BLEED:
            raise ValueError(f"bleed must be 0 to {MAX_BLEED:g} mm, got {self.bleed:g}")
        object.__setattr__(self, "only", tuple(self.only))
        if self.face not in (None, "fronts", "backs"):
            raise ValueError(f"face must be fronts or backs, got {self.face!r}")
        if self.pages is not None and not 1 <= self.pages[0] <= self.pages[1]:
            raise ValueError(f"pages must be FIRST-LAST with 1 <= FIRST <= LAST, got {self.pages}")
        if self.reprint is not None and self.reprint < 1:
            raise ValueError(f"--sheet must be a page number (1 or more), got {self.reprint}")

    @property
    def folded(self) -> bool:
        """--backs gutter: every double-sided piece is a front/back pair to fold; no back pages."""
        return self.backs == "gutter"

    def on(self, paper: str) -> PrintOptions:
        """The same options on another paper."""
        return replace(self, paper=paper)

    @property
    def label(self) -> str:
        """The paper and every option that changes the PDF, as file names carry them, so no build
        silently replaces another: "letter-inksaver-gutter", "a4-short-offset+0.5-1-bleed3"."""
        parts = [self.paper]
        if self.duplex != "long":
            parts.append(self.duplex)
        if self.back_offset != (0.0, 0.0):
            x, y = self.back_offset
            parts.append(f"offset{x:+g}{y:+g}")
        if self.ink_saver:
            parts.append("inksaver")
        if self.backs != "duplex":
            parts.append(self.backs)
        if self.bleed is not None:
            parts.append(f"bleed{self.bleed:g}")
        if self.only:
            parts.append("only-" + "-".join(self.only))
        if self.pages is not None:
            a, b = self.pages
            parts.append(f"p{a}" if a == b else f"p{a}-{b}")
        if self.face:
            parts.append(self.face)
        if self.reprint is not None:
            parts.append(f"sheet{self.reprint}")
        return "-".join(parts)

    @property
    def selects(self) -> bool:
        """Only some pages of the kit are printed (a page range, one side, one sheet)."""
        return self.pages is not None or self.face is not None or self.reprint is not None

    def stem(self, kit: str) -> str:
        """A build's file name without its extension: nuts-letter-inksaver-gutter."""
        return f"{kit}-{self.label}"

    def fillable_stem(self, kit: str) -> str:
        """The fillable score sheets change with the paper and the ink saver only."""
        return f"{kit}-{self.paper}" + ("-inksaver" if self.ink_saver else "") + "-fillable"


DEFAULT = PrintOptions()  # a4, long-edge duplex, no offset, full ink, backs on the next page, decks' own bleed
