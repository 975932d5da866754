"""A search never waits for another thread's check of the index.

The check runs a query; with the database hung, searches that queued on its lock held their
threads outside the database's bulkhead until the worker had none left for cached pages and
/healthz (tests/faults/test_hung_postgresql.py caught it now and then). A search that finds
the check underway uses the index as it stands."""

import threading
import time

import pytest

from cotati_site.search import search as search_module


@pytest.mark.django_db
def test_a_search_finding_the_index_check_underway_answers_without_waiting_for_it():
    search_module.forget_index_check()
    taken, done = threading.Event(), threading.Event()

    def checking():  # another thread holds the check for 3 s (its query kept waiting)
        with search_module._index_lock:
            taken.set()
            done.wait(3)

    holder = threading.Thread(target=checking)
    holder.start()
    taken.wait()
    try:
        started = time.monotonic()
        outcome = search_module.search("fence")
        waited = time.monotonic() - started
    finally:
        done.set()
        holder.join()
    assert waited < 2.0
    assert outcome.query == "fence"
    assert search_module._index_checked_on[0] is None  # the checking thread still owes it


@pytest.mark.django_db
def test_the_search_that_takes_the_check_records_it_for_the_day():
    search_module.forget_index_check()
    search_module.search("fence")
    assert search_module._index_checked_on[0] is not None
