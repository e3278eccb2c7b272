"""Issue 34: `pnpkit serve` given what an attacker sends, answered as a person expects: a bomb
upload read apart while every other page answers, a body refused before it is held, a day that
is only a day, a secret that is only compared. The server is a real `pnpkit serve` process where
its CPU time and memory are what is tested (measured by the kernel, /proc), and Starlette's test
client where only the answer is.
"""
from __future__ import annotations

import http.client
import io
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import hostile_pdf
from pnpkit.serve.app import Settings, create_app

NUTS_FORM = {"p1.name": "Ann", "p1.almond.1": "x", "p1.bonus": "B07", "p2.name": "Ben", "p2.cashew.1": "x",
             "p2.bonus": "B01"}
RUNAWAY_S = 15.0     # the server's own CPU time at which a test gives up on it (the old code's did not stop)


class Server:
    """`pnpkit serve` in a process of its own, on a free port, its history in `data`."""

    def __init__(self, data: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.p = subprocess.Popen([sys.executable, "-m", "pnpkit", "serve", "--no-browser", "--port", str(self.port),
                                   "--data", str(data)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.cookie = ""
        for _ in range(600):                      # up to a minute of a busy machine's start
            try:
                self.request("GET", "/", timeout=5)
                return
            except OSError:
                assert self.p.poll() is None, self.p.stderr.read().decode()
                time.sleep(0.1)
        raise AssertionError("pnpkit serve did not start")

    def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None,
                timeout: float = 300) -> tuple[int, dict, bytes]:
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        c.request(method, path, body=body or None, headers={"cookie": self.cookie, **(headers or {})})
        r = c.getresponse()
        out = r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        c.close()
        if "set-cookie" in out[1]:
            self.cookie = out[1]["set-cookie"].split(";")[0]
        return out

    def token(self) -> str:
        return re.search(rb'name="token" value="([^"]+)"', self.request("GET", "/history")[2])[1].decode()

    def cpu(self) -> float:
        """The server's own CPU time (not its children's), s."""
        fields = Path(f"/proc/{self.p.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100   # utime, stime in USER_HZ (100 on Linux)

    def peak_mb(self) -> float:
        status = Path(f"/proc/{self.p.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", status)[1]) / 1024

    def readers(self) -> int:
        """Processes the server has started and not yet waited for (its upload readers)."""
        import psutil
        return len(psutil.Process(self.p.pid).children())

    def stop(self) -> None:
        self.p.kill()
        self.p.wait()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "data")
    yield s
    s.stop()


def upload(name: str, raw: bytes, token: str) -> tuple[bytes, dict]:
    boundary = "pnpkit-test-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n{token}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"record\"; filename=\"{name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + raw + f"\r\n--{boundary}--\r\n".encode()
    return body, {"content-type": f"multipart/form-data; boundary={boundary}"}


def watched(server: Server, work, limit_s: float = RUNAWAY_S):
    """`work()` in a thread, the server stopped if its own CPU time passes `limit_s` meanwhile."""
    done: dict = {}
    t = threading.Thread(target=lambda: done.update(answer=work()), daemon=True)
    t.start()
    while t.is_alive():
        if server.cpu() > limit_s:
            server.stop()
            raise AssertionError(f"the server spent more than {limit_s} s of its own CPU time on it")
        t.join(0.05)
    return done.get("answer")


def test_a_bomb_upload_is_read_apart_and_every_other_page_answers_meanwhile(server):
    bomb = hostile_pdf.objstm_bomb(26, 70_000_000)            # 1.8 MB: under the upload's 2 MB
    assert len(bomb) < 1_900_000
    body, headers = upload("bomb.pdf", bomb, server.token())
    before = server.cpu()
    sent: dict = {}
    t = threading.Thread(target=lambda: sent.update(answer=server.request("POST", "/import", body, headers)), daemon=True)
    t.start()

    def home_while_read():
        while t.is_alive() and not server.readers():       # the upload being read, in a process of its own
            time.sleep(0.01)
        return server.request("GET", "/")
    home = watched(server, home_while_read)
    assert home[0] == 200 and b"<h1" in home[2]
    watched(server, lambda: t.join())
    status, got, page = sent["answer"]
    assert status == 400 and got["content-type"].startswith("text/html")
    assert "bomb.pdf: a PDF pnpkit will not read: one of its streams inflates to more than 4 MB" in page.decode()
    assert server.cpu() - before < 2.0, f"the server itself spent {server.cpu() - before:.1f} s on it"
    assert server.peak_mb() < 250, f"the server grew to {server.peak_mb():.0f} MB"


def test_an_upload_past_the_readers_limits_is_a_page_saying_the_limit(server):
    raw = hostile_pdf.tokens(900_000)                          # 1.8 MB of empty strings: only parsing, no budget sees it
    body, headers = upload("strings.pdf", raw, server.token())
    status, got, page = watched(server, lambda: server.request("POST", "/import", body, headers))
    assert status == 400 and got["content-type"].startswith("text/html")
    assert re.search(rb"strings.pdf: reading it needed more than (400 MB of memory|3 s of CPU time)", page), page[-2000:]
    assert server.request("GET", "/")[0] == 200


def test_a_body_is_refused_from_its_content_length_before_a_byte_is_read(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as s:
        s.sendall(b"POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                  b"Content-Length: 400000000\r\n\r\n")
        assert s.recv(200).startswith(b"HTTP/1.1 413 ")        # the old server waited for 400 MB


def test_a_body_without_a_length_is_refused_while_it_streams_in(server):
    before = server.peak_mb()
    chunk = b"x" * 65_536
    answer: dict = {}
    with socket.create_connection(("127.0.0.1", server.port), timeout=120) as s:
        s.sendall(b"POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        part = b'--b\r\nContent-Disposition: form-data; name="record"; filename="big.yaml"\r\n\r\n'
        s.sendall(b"%x\r\n%s\r\n" % (len(part), part))
        reader = threading.Thread(target=lambda: answer.update(first=s.recv(200)), daemon=True)
        reader.start()

        def send():
            for _ in range(3_000):                             # 200 MB, if nothing stops it
                if not reader.is_alive():
                    return
                try:
                    s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                except OSError:
                    return
        watched(server, send)
        reader.join(60)
    assert answer.get("first", b"").startswith(b"HTTP/1.1 413 "), answer
    assert server.peak_mb() - before < 40, f"the server grew by {server.peak_mb() - before:.0f} MB"
    assert server.request("GET", "/")[0] == 200


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(Settings(tmp_path / "data")), raise_server_exceptions=False) as c:
        yield c


def token(c: TestClient) -> str:
    return re.search(r'name="token" value="([^"]+)"', c.get("/sheet/nuts").text)[1]


@pytest.mark.parametrize("played", ["../../../tmp/x", "2026-11-21\"; filename=x", "☃", "2" * 100_000, "2026-02-30",
                                    "20261121", "2026-W47-6"],
                         ids=["a-path", "a-quote", "a-snowman", "100000-characters", "no-such-day", "basic", "a-week"])
def test_the_day_played_is_only_a_day(client, played):
    r = client.post("/sheet/nuts/save", data={**NUTS_FORM, "played": played, "token": token(client)},
                    follow_redirects=False)
    assert r.status_code == 400 and "played: expected the day the game was played, as YYYY-MM-DD" in r.text
    assert "/play/" not in client.get("/history").text
    ok = client.post("/sheet/nuts/save", data={**NUTS_FORM, "played": "2026-11-21", "token": token(client)},
                     follow_redirects=False)
    assert ok.status_code == 303


def test_file_names_are_built_from_the_servers_own_parts(client, tmp_path):
    """A history an older pnpkit kept, whose days were taken as sent: its downloads are still safe."""
    for day in ("2026-11-21", "2026-11-22"):
        client.post("/sheet/nuts/save", data={**NUTS_FORM, "played": day, "token": token(client)})
    with sqlite3.connect(tmp_path / "data" / "history.sqlite") as db:
        db.execute("UPDATE play SET played='../../../tmp/x\"☃' WHERE id=1")
        db.execute("UPDATE play SET played=? WHERE id=2", ("9" * 100_000,))
    archive = client.get("/export.zip")
    assert archive.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
    assert names == ["pnpkit-history/undated-nuts-000001.yaml", "pnpkit-history/undated-nuts-000002.yaml"]
    for play in (1, 2):
        r = client.get(f"/play/{play}.yaml")
        assert r.status_code == 200
        assert r.headers["content-disposition"] == f'attachment; filename="undated-nuts-{play}.yaml"'


@pytest.mark.parametrize("sent", ["☃", "tökén"])
def test_a_token_that_is_not_ascii_is_refused_not_an_error(client, sent):
    t = token(client)
    assert client.post("/sheet/nuts/save", data={**NUTS_FORM, "token": sent}).status_code == 403
    cookie = f"pnpkit_token={sent}".encode()            # a browser sends a cookie's bytes as they were set
    assert client.post("/sheet/nuts/save", data={**NUTS_FORM, "token": t}, headers={"cookie": cookie}).status_code == 403


@pytest.mark.parametrize("sent", ["☃", "s3crét"])
def test_a_lan_access_code_that_is_not_ascii_is_refused_not_an_error(tmp_path, sent):
    with TestClient(create_app(Settings(tmp_path, access_code="s3cret")), raise_server_exceptions=False) as c:
        assert c.get("/", params={"code": sent}).status_code == 403
        assert c.get("/history", headers={"cookie": f"pnpkit_access={sent}".encode()}).status_code == 403
        assert c.get("/", params={"code": "s3cret"}).status_code == 200


def test_an_upload_refused_is_a_page_in_words(client):
    r = client.post("/import", data={"token": token(client)},
                    files={"record": ("notes.yaml", b"game: nuts\nplayers: [Ann, Ann]\n", "application/yaml")})
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    assert "<h1>History</h1>" in r.text and "notes.yaml:2: players" in r.text
