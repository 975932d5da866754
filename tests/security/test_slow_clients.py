"""Slow clients (slowloris) against the real gunicorn with the checked-in gunicorn.conf.py:
a client trickling its request a byte at a time holds a thread for HEADER_SECONDS at most
(cotati_site/gunicorn_worker.py), so a page is answered even while as many of them as the
worker has threads keep trying."""

import http.client
import socket
import threading
import time

import pytest

from cotati_site.gunicorn_worker import HEADER_SECONDS
from tests.faults.processes import get, gunicorn_site, refused_port, site_env

THREADS = 2
TRICKLE_SECONDS = 1.0  # one byte a second: under any fixed per-read timeout
REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"x" * 200


@pytest.fixture(scope="module")
def site():
    # /healthz needs no database and no static files. One worker: its threads are all there is.
    env = site_env(f"postgres://postgres@127.0.0.1:{refused_port()}/none")
    with gunicorn_site(env, workers=1, threads=THREADS) as site:
        yield site


class Trickler(threading.Thread):
    """A connection sending REQUEST a byte every TRICKLE_SECONDS, never finishing it; it
    notes when the server closed the connection on it."""

    def __init__(self, port: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        self.closed_after: float | None = None

    def run(self):
        with socket.create_connection(("127.0.0.1", self.port)) as sock:
            started = time.monotonic()
            for byte in REQUEST:
                try:
                    sock.sendall(bytes([byte]))
                    if self.stop.wait(TRICKLE_SECONDS):
                        return
                    sock.setblocking(False)
                    closed = sock.recv(1) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                finally:
                    sock.setblocking(True)
                if closed:
                    self.closed_after = time.monotonic() - started
                    return


def test_clients_trickling_their_headers_into_every_thread_do_not_stop_the_site(site):
    port = int(site.base.rsplit(":", 1)[1])
    stop = threading.Event()
    tricklers = [Trickler(port, stop) for _ in range(THREADS)]
    try:
        for trickler in tricklers:
            trickler.start()
        time.sleep(2 * TRICKLE_SECONDS)  # both threads taken
        answer = get(site.base + "/healthz", timeout=HEADER_SECONDS + 10)
        assert answer.status == 200
        assert answer.seconds < HEADER_SECONDS + 2
        for trickler in tricklers:
            trickler.join(timeout=HEADER_SECONDS + 5)
            # Dropped once out of time, not when they had sent it all (200 s).
            assert trickler.closed_after is not None
            assert trickler.closed_after < HEADER_SECONDS + 3 * TRICKLE_SECONDS
    finally:
        stop.set()
    assert "Traceback" not in site.log()


def test_a_request_sent_whole_is_answered_on_a_kept_alive_connection(site):
    port = int(site.base.rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        for _ in range(2):
            connection.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
            response = connection.getresponse()
            assert (response.status, response.read()) == (200, b"ok")
            time.sleep(HEADER_SECONDS / 2 + 0.5)  # the next request's clock starts afresh
    finally:
        connection.close()
