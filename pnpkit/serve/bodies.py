"""Request bodies refused past their size before they are held, whole or in part.

Starlette reads a body when a route asks for it, all of it: a 400 MB POST grew the server from
61 to 843 MB before the route could say it was too large. `BodyLimit`, an ASGI middleware, refuses
(413) a request whose Content-Length says more than its limit before reading a byte of it, and
one that comes without a Content-Length (chunked) the moment the bytes received pass the limit,
so the server holds at most the limit of any request.
"""
from __future__ import annotations

from fnmatch import fnmatchcase

from starlette.responses import PlainTextResponse

MAX_BODY_BYTES = 2_000_000   # a form, or an uploaded record or filled sheet (`pnpkit score` reads 4 MB)


class _TooLarge(Exception):
    pass


class BodyLimit:
    """At most `most` bytes of body a request (`larger`: a path's own limit, by a pattern of fnmatch's:
    `/sheet/*/photo`)."""

    def __init__(self, app, most: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None) -> None:
        self.app, self.most, self.larger = app, most, dict(larger or {})

    def limit(self, path: str) -> int:
        return next((n for pattern, n in self.larger.items() if fnmatchcase(path, pattern)), self.most)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        most = self.limit(scope.get("path", ""))
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.strip().isdigit() or int(declared) > most):
            return await _refusal(most)(scope, receive, send)
        received, started = 0, False

        async def counted():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > most:
                    raise _TooLarge()
            return message

        async def sending(message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except _TooLarge:
            if started:
                raise
            await _refusal(most)(scope, receive, send)


def _refusal(most: int) -> PlainTextResponse:
    return PlainTextResponse(f"refused: a request of more than {most / 1_000_000:g} MB (a record or a filled score "
                             "sheet is far smaller)", status_code=413, headers={"connection": "close"})
