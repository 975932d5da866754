"""A bulkhead: at most so many requests of a process use the database at once, so a database
that stops answering can hold only those threads, never all of them.

Without it, a hung PostgreSQL took the cached pages down too (issue 19): four uncached
requests at a time held all sixteen gunicorn threads within half a minute, and the pages
that need no database queued behind them. Now a request takes one of ``size`` slots (fewer
than the worker's threads) when it first touches the database, and gives it back when it
ends (``request_scope``, opened by cotati_site.core.middleware). A request that finds every
slot taken waits for one while the database keeps answering (a burst on a healthy database
queues for milliseconds), for ``max_wait`` seconds at most; once the database has not
answered the requests holding the slots for ``patience`` seconds (counted from the later of
its last answer and the oldest holder's taking its slot) it is hung or slow, and a request that
finds the slots taken is refused at once with ``DatabaseBusy`` (the friendly 503). So a hung
database holds ``size`` threads of a process, and others only for its first ``patience``
seconds. Requests that never touch the database (cached pages, /healthz, the 404 page)
never take a slot.

Outside a request (commands, start-up, the test runner) there is nothing to take.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError

_request = threading.local()  # .held: the bulkheads whose slot this thread's request holds


class DatabaseBusy(OperationalError):
    """Every slot is held by a request the database keeps waiting: answered 503 at once.

    Raised as Django's own OperationalError (not through the backend's error wrapper), so
    the connection is not marked as having failed: it did not."""


@contextmanager
def request_scope() -> Iterator[None]:
    """Around one request: a slot taken during it is given back when it ends."""
    _request.held = held = []
    try:
        yield
    finally:
        _request.held = None
        for bulkhead in held:
            bulkhead.release()


class Bulkhead:
    """``size`` slots for the requests of this process that use one database."""

    def __init__(self, size: int, patience: float, max_wait: float):
        self.size = size
        self.patience = patience
        self.max_wait = max_wait
        self._changed = threading.Condition()
        self._since: dict[int, float] = {}  # holder's thread -> when it took its slot
        # When the database last answered this process (a query, a connection): a start
        # counts as one, so the first burst of a new process may wait too.
        self.last_answer = time.monotonic()

    def answered(self) -> None:
        """The database answered a query or opened a connection (DeadlineConnection)."""
        self.last_answer = time.monotonic()

    def claim(self, refused) -> None:
        """Take a slot for this thread's request, if it is in one and holds none yet.
        ``refused(why)`` is called before ``DatabaseBusy`` is raised (the outage's count)."""
        held = getattr(_request, "held", None)
        if held is None or self in held:
            return
        with self._changed:
            why = self._wait_for_slot()
            if why is None:
                self._since[threading.get_ident()] = time.monotonic()
                held.append(self)
                return
        refused(why)
        raise DatabaseBusy(why)

    def _wait_for_slot(self) -> str | None:
        """(With the lock held.) None once a slot is free; otherwise why the request gives
        up: the database has not answered for ``patience`` seconds (hung or slow: waiting
        would only hold another thread), or it waited ``max_wait`` seconds already."""
        started = time.monotonic()
        while len(self._since) >= self.size:
            now = time.monotonic()
            # Silent since the holders began asking: a database nobody asked for a while (the
            # pages were cached) has not failed to answer, so its last answer is not the
            # measure; how long the longest holder has waited without an answer is. (Measured
            # from the last answer alone, a burst on a healthy, idle database was refused with
            # 503s: "has not answered for 47.5 s" in make bench.)
            silent = now - max(self.last_answer, min(self._since.values()))
            if silent >= self.patience:
                return (
                    f"all {self.size} of this process's database slots are held and the "
                    f"database has not answered for {silent:.1f} s"
                )
            if now - started >= self.max_wait:
                return (
                    f"all {self.size} of this process's database slots are held and a request "
                    f"waited {self.max_wait:g} s for one"
                )
            self._changed.wait(min(self.patience - silent, self.max_wait - (now - started)))
        return None

    def release(self) -> None:
        with self._changed:
            self._since.pop(threading.get_ident(), None)
            self._changed.notify()

    def holders(self) -> int:
        with self._changed:
            return len(self._since)


_bulkheads: dict[tuple, Bulkhead] = {}
_bulkheads_lock = threading.Lock()


def bulkhead_for(name: str, size: int, patience: float, max_wait: float) -> Bulkhead:
    """The bulkhead of the database called ``name``, one per process."""
    with _bulkheads_lock:
        key = (name, size, patience, max_wait)
        if key not in _bulkheads:
            _bulkheads[key] = Bulkhead(size, patience, max_wait)
        return _bulkheads[key]
