"""`pnpkit serve`: the table in a browser (pnpkit/serve/): score sheets as forms, the rulebook
searched in plain words, and the play history, on this computer or (--lan) a phone at the table."""
from __future__ import annotations

from pathlib import Path

import click

# secrets, socket, threading and webbrowser (which loads subprocess, shlex...) are imported where
# `serve` runs: every other command's start-up registers this one and would pay for them.


def data_folder() -> Path:
    """Where the history lives: the user's data folder (platformdirs: ~/.local/share/pnpkit on Linux,
    ~/Library/Application Support/pnpkit on macOS, %LOCALAPPDATA%\\pnpkit on Windows)."""
    import platformdirs
    return Path(platformdirs.user_data_dir("pnpkit", appauthor=False))


def _lan_address() -> str:
    """This computer's address on the local network (no packet is sent: a UDP socket only picks a route)."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only used to choose an interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def register(cli: click.Group) -> None:
    @cli.command()
    @click.option("--port", type=click.IntRange(1024, 65535), default=8765, show_default=True, help="The port to serve on.")
    @click.option("--lan", is_flag=True, help="Serve the local network too (a phone at the table), with a random "
                  "access code in the address; a QR code in the terminal opens it.")
    @click.option("--data", "data", type=click.Path(file_okay=False), default=None,
                  help="The folder of the play history (default: your user data folder).")
    @click.option("--no-browser", is_flag=True, help="Do not open a browser.")
    @click.option("--kit", "kits", multiple=True, type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                  help="A kit file of your own game with a score pad that scores (`scoring:`): its pad is served as a "
                       "form and its games kept in the history. Give it again for more games.")
    def serve(port: int, lan: bool, data: str | None, no_browser: bool, kits: tuple[str, ...]) -> None:
        """The table in a browser: fill in the final score sheets and see the totals, the ranking and
        every broken rule as you type; ask the rulebook in plain words; keep every game played, with
        each player's statistics. Served on this computer only (127.0.0.1) unless --lan. Ctrl-C stops."""
        import secrets
        import threading
        import webbrowser

        import uvicorn
        from pnpkit.serve.app import Settings, create_app
        folder = Path(data) if data else data_folder()
        code = secrets.token_urlsafe(9) if lan else None
        app = create_app(Settings(folder, access_code=code, kits=tuple(Path(k) for k in kits)))
        host = "0.0.0.0" if lan else "127.0.0.1"
        url = f"http://{_lan_address() if lan else '127.0.0.1'}:{port}/" + (f"?code={code}" if code else "")
        click.echo(f"pnpkit at the table: {url}  (history in {folder}; Ctrl-C stops)")
        if lan:
            import qrcode
            qr = qrcode.QRCode(border=1)
            qr.add_data(url)
            qr.print_ascii(invert=True)
        if not no_browser:
            threading.Timer(0.8, webbrowser.open, args=(url,)).start()
        uvicorn.run(app, host=host, port=port, log_level="warning")
