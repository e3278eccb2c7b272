"""Forest Fire's mimes: a child acting out each role, as the rulebook asks the players to do
(hold a fire hose, hold the straps of a parachute, be an aeroplane)."""
from __future__ import annotations

from pnpkit.generator.art._core import DETAIL, INK, P, art, colour, darker, ink, ribbon
from pnpkit.generator.art.forest import SKIN, WATER
from pnpkit.generator.shapes import Circle, Shape, Style

TROUSERS = "#4f5d73"


def figure(shirt: str, arms: list[str], legs: tuple[str, str] = ("M46 64 L40 96", "M54 64 L60 96"),
           head: tuple[float, float] = (50, 18)) -> list[Shape]:
    """A pictogram child: legs, a torso, the given arm paths (from the shoulders), a head."""
    out: list[Shape] = []
    for d in legs:
        out += ribbon(d, 9, TROUSERS)
    out += ribbon("M50 34 L50 62", 17, shirt)
    for d in arms:
        out += ribbon(d, 7.5, shirt)
    hx, hy = head
    out += [Circle(hx, hy, 11, ink(SKIN)),
            Circle(hx + 4, hy - 1, 1.6, Style(INK, None, 0)),
            P(f"M{hx + 2} {hy + 5} C{hx + 4} {hy + 7} {hx + 6} {hy + 6} {hx + 7} {hy + 4}", ink(None, width=1.3))]
    return out


@art("mime-hose")
def mime_hose(color: str | None = None) -> list[Shape]:
    """Mime of a Hotshot: a child gripping an imaginary fire hose, water spraying.
    color: the shirt."""
    shirt = colour({"color": color}, "#d5551e")
    out = figure(shirt, ["M48 38 C60 44 66 48 74 48", "M52 40 C58 50 64 54 72 54"])
    out += ribbon("M40 70 C44 60 60 54 86 48", 5, "#6d6d6d", edge=DETAIL)
    out += [Circle(74, 48, 4.2, ink(SKIN, width=1.6)), Circle(72, 54, 4.2, ink(SKIN, width=1.6))]
    for d in ("M92 42 C98 38 104 38 110 40", "M92 50 C100 50 106 52 110 56"):
        out += ribbon(d, 3, WATER, edge=1.3)
    return out


@art("mime-parachute")
def mime_parachute(color: str | None = None) -> list[Shape]:
    """Mime of a Smoke Jumper: a child holding up the straps of an imaginary parachute.
    color: the shirt."""
    shirt = colour({"color": color}, "#3f72b5")
    out: list[Shape] = []
    for d in ("M36 10 L30 -16", "M64 10 L70 -16"):
        out += ribbon(d, 2.2, "#e6dcc4", edge=1.3)
    out += figure(shirt, ["M44 38 C36 30 36 20 36 10", "M56 38 C64 30 64 20 64 10"])
    out += [Circle(36, 10, 4.4, ink(SKIN, width=1.6)), Circle(64, 10, 4.4, ink(SKIN, width=1.6))]
    out += [P("M20 -18 C30 -30 70 -30 80 -18", ink(None, width=DETAIL, dash=(4.0, 3.0)))]
    return out


@art("mime-plane")
def mime_plane(color: str | None = None) -> list[Shape]:
    """Mime of a Pilot: a child with arms spread like wings, banking. color: the shirt."""
    shirt = colour({"color": color}, "#f2c230")
    out = figure(darker(shirt, 0.0), ["M46 40 C34 44 22 48 8 54", "M54 38 C66 34 78 30 92 24"])
    out += [Circle(8, 54, 4.4, ink(SKIN, width=1.6)), Circle(92, 24, 4.4, ink(SKIN, width=1.6))]
    for d in ("M10 70 L26 70", "M4 80 L22 80", "M78 70 L94 70"):
        out.append(P(d, ink(None, width=DETAIL)))
    return out
