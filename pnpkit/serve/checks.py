"""What the server accepts from a request, checked by the server itself, never only by the page
that sent it: a day played, a secret compared, and the file names it writes.

A form's `played` is the day a game was played, and nothing else: the page's date input sends
`YYYY-MM-DD`, and a request sent by anything else is held to the same (`../../../tmp/x` once
became an entry `pnpkit-history/../../../tmp/x...yaml` of the history's zip; 100,000 characters
made /export.zip answer 500 from then on; a `"` broke out of a download's file name). Names of
files the server writes (a download, the zip's entries) are built only from what the server
made: the game's number, the scorer's id of its game, and the day as a date it wrote itself.
"""
from __future__ import annotations

import hmac
import re
from datetime import date
from typing import Any

from pnpkit.kitfile.errors import InputError

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class NotADay(InputError, ValueError):
    pass


def played(value: Any) -> str | None:
    """The day a form says a game was played (`YYYY-MM-DD`), None if it says none (NotADay: anything else)."""
    text = value if isinstance(value, str) else ""
    if not text:
        return None
    day = _day(text)
    if day is None:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise NotADay(f"played: expected the day the game was played, as YYYY-MM-DD, not {shown!r}")
    return day


def _day(text: str) -> str | None:
    """`text` as a day the server writes itself, if it is one (2026-02-30 is not)."""
    if not DAY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        return None


def same_secret(given: Any, secret: str) -> bool:
    """Whether `given` (a form field, a header, a cookie: any text) is the secret, compared in
    constant time; a text that is not ASCII is only not the secret (hmac.compare_digest raised a
    TypeError on it: HTTP 500)."""
    text = given if isinstance(given, str) else ""
    return hmac.compare_digest(text.encode("utf-8", "surrogateescape"), secret.encode("utf-8"))


def record_file(play: Any, games: Any, digits: int = 1) -> str:
    """A saved game's record as a file name (`2026-11-21-nuts-000012.yaml`), from the server's own
    parts only: its number, its game if the scorer knows it, the day as a date."""
    day = _day(str(play.played)) or "undated"
    game = play.game if play.game in games else "game"
    return f"{day}-{game}-{int(play.id):0{digits}d}.yaml"
