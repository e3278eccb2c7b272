"""`pnpkit serve`'s "Photograph the sheet": a photo of one player's printed NUTS score sheet fills
that player's boxes in the form, for the family to check before saving, each box the reader was
unsure of marked (and left as it was).

The photo is read as `pnpkit score` reads a record's photo (pnpkit/photo/): in a forked child under
memory and CPU limits (photo/worker.py), started from a thread, so the server's event loop never
waits on it. What comes back is each tick box's state by its form name (`p2.salt.3`: the web form's,
the fillable PDF's), the unsure ones, or the refusal in words.
"""
from __future__ import annotations

from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnpkit.scorer.games import forms


def photo_routes(guarded: Callable[..., Any]) -> list[Route]:
    """`POST /sheet/{game}/photo` (the form's token, `seat`, `photo`): the boxes it fills."""
    async def photographed(request: Request) -> Response:
        from pnpkit.photo.read import MAX_BYTES
        game = request.path_params["game"]
        form = await guarded(request)   # its size bounded by BodyLimit (app.py: PHOTO_BODY_BYTES)
        seat = str(form.get("seat", ""))
        if game not in forms("sheets") or not seat.isdigit():
            return JSONResponse({"error": "no such sheet"}, status_code=404)
        upload = form.get("photo")
        raw = await upload.read(MAX_BYTES + 1) if upload is not None and hasattr(upload, "read") else b""
        out = await run_in_threadpool(boxes, game, int(seat), raw)
        return JSONResponse(out, status_code=400 if out.get("error") else 200)
    return [Route("/sheet/{game}/photo", photographed, methods=["POST"])]


def boxes(game: str, seat: int, raw: bytes) -> dict:
    """{"fields": {"p2.almond.1": "x", ...}, "unsure": ["p2.salt.3"], "error": ""}: the seat's tick
    boxes as the photo shows them (an unsure box's state left out), or what is wrong with it."""
    from pnpkit import photo
    if (why := photo.missing()) is not None:
        return {"error": why}
    from pnpkit.photo.read import MAX_BYTES, Refused
    from pnpkit.photo.sheets import label
    from pnpkit.photo.worker import read
    if not raw:
        return {"error": "no photo came: take one, or choose one"}
    if len(raw) > MAX_BYTES:
        return {"error": f"the photo is larger than {MAX_BYTES // 1_000_000} MB"}
    try:
        reading = read(raw)
    except Refused as e:
        return {"error": str(e)}
    if reading.game != game:
        return {"error": f"this is a photo of the {reading.game} sheet"}
    p = f"p{seat}."
    return {"fields": {p + n: "x" if t else "" for n, t in reading.ticked.items() if n not in reading.unsure},
            "unsure": [p + n for n in reading.unsure], "labels": {p + n: label(n) for n in reading.unsure}, "error": ""}
