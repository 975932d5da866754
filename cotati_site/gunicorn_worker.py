"""gunicorn's gthread worker with a deadline on each request's reading (gunicorn.conf.py).

The attack: 16 connections sending one header byte every 2 s left every page unanswered.
A gthread worker gives a connection one of its threads once its first byte arrives, and
the thread then reads the request line and headers in blocking calls with no time limit
(gunicorn has no setting for one), so as many trickling clients as threads hold them all,
for as long as they keep trickling.

Here the connection's socket bounds its own reads: the request line and headers must
arrive within HEADER_SECONDS of the first read, and the body within BODY_SECONDS of its
first read. Past that a read answers as if the client had closed, so gunicorn drops the
connection without a response and without a traceback (its "premature client
disconnection", a debug line), and the thread serves the next one. Each recv is bounded by
the time left, not by a fixed timeout, which a client sending a byte just within it would
never meet.

This bounds each slow client; it does not make them free: one that reconnects at once
still holds a thread HEADER_SECONDS at a time, and requests queue behind it. The front
server (nginx, README "Deploying") reads every request whole before passing it on, so
behind it no slow client reaches these threads at all.
"""

from __future__ import annotations

import socket
import time

from gunicorn.workers.gthread import ThreadWorker

HEADER_SECONDS = 5.0  # a browser sends its request line and headers (under 2 KB) at once
BODY_SECONDS = 10.0  # the site's only bodies are the admin's forms (a few KB)


class DeadlineSocket(socket.socket):
    """A client connection whose reads end at a deadline set by ``start_reading``."""

    _allowed: float | None = None  # seconds from the first read, once reading starts
    _deadline: float | None = None

    @classmethod
    def taking(cls, sock: socket.socket) -> DeadlineSocket:
        """The same connection (its file descriptor, moved over) as a DeadlineSocket."""
        return cls(sock.family, sock.type, sock.proto, fileno=sock.detach())

    def start_reading(self, seconds: float) -> None:
        """The next message (headers or body) must be read within ``seconds`` of its first
        read: the clock starts then, not while gunicorn waits for a first byte."""
        self._allowed, self._deadline = seconds, None

    def recv(self, bufsize: int, flags: int = 0) -> bytes:
        prior = self.gettimeout()
        if self._allowed is None or prior == 0.0:  # not bounded, or a non-blocking peek
            return super().recv(bufsize, flags)
        now = time.monotonic()
        if self._deadline is None:
            self._deadline = now + self._allowed
        left = self._deadline - now
        if left <= 0:
            return b""  # out of time: read as the client closing
        # Bounded by what is left, or by a shorter timeout gunicorn set (its body drain).
        self.settimeout(left if prior is None else min(prior, left))
        try:
            return super().recv(bufsize, flags)
        except TimeoutError:
            if time.monotonic() < self._deadline:
                raise  # gunicorn's own, shorter timeout: it handles that itself
            return b""
        finally:
            self.settimeout(prior)


class BoundedThreadWorker(ThreadWorker):
    """``worker_class`` in gunicorn.conf.py: gthread, with each request's reads bounded."""

    def handle(self, conn):
        # Called in a worker thread for each request on a connection (a new one, or a kept
        # alive one with data waiting), before anything of it is read. The first time, the
        # socket is moved to a DeadlineSocket: gunicorn has not registered it anywhere yet.
        if not isinstance(conn.sock, DeadlineSocket):
            conn.sock = DeadlineSocket.taking(conn.sock)
        conn.sock.start_reading(HEADER_SECONDS)
        return super().handle(conn)

    def handle_request(self, req, conn):
        # The request line and headers are read; what the application reads next is the body.
        conn.sock.start_reading(BODY_SECONDS)
        return super().handle_request(req, conn)
