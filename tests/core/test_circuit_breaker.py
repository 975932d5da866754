"""The circuit breaker (cotati_site/core/circuit_breaker.py): whatever a trial call does, the
breaker closes or opens again, and an outage is logged in two lines with its count.

The breakers here guard plain functions; the Redis cache and the PostgreSQL backend that
use them are tested against real servers (tests/faults/, tests/core/test_database_guards.py).
"""

import logging
import time

import pytest

from cotati_site.core.circuit_breaker import CircuitBreaker

RETRY = 0.05


class Down(OSError):
    pass


def down():
    raise Down("refused")


def open_breaker(name: str) -> CircuitBreaker:
    breaker = CircuitBreaker(name, RETRY, "requests refused")
    assert breaker.allow()
    with pytest.raises(Down):
        breaker.call((Down,), down)
    assert breaker.is_open
    return breaker


def trial(breaker: CircuitBreaker) -> None:
    time.sleep(RETRY * 1.5)
    assert breaker.allow()  # this caller is the trial


def test_a_trial_that_raises_an_unexpected_error_closes_the_breaker():
    """The neighbour answered, with an error of the call's own (Redis's ValueError for incr of
    a missing key): it is back, and the error is the caller's."""
    breaker = open_breaker("unexpected")
    trial(breaker)
    with pytest.raises(ValueError):
        breaker.call((Down,), lambda: int("not a number"))
    assert not breaker.is_open
    assert breaker.allow()


def test_an_interrupted_trial_is_tried_again_after_another_period():
    breaker = open_breaker("interrupted")
    trial(breaker)

    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        breaker.call((Down,), interrupted)
    assert breaker.is_open
    assert not breaker.allow()  # a new period has begun
    trial(breaker)  # and after it, a new trial


def test_an_outage_is_one_line_when_it_starts_and_one_with_its_count_when_it_ends(caplog):
    caplog.set_level(logging.INFO)
    breaker = open_breaker("counted")
    for _ in range(1000):
        assert not breaker.allow()
    trial(breaker)
    with pytest.raises(Down):
        breaker.call((Down,), down)  # a failed trial: still one outage
    trial(breaker)
    assert breaker.call((Down,), lambda: "answered") == "answered"
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 2
    assert lines[0].startswith("counted unavailable (Down: refused)")
    assert lines[1].startswith("counted answers again after 0 s; 1002 requests refused meanwhile")
    assert not any(record.exc_info for record in caplog.records)


def test_refusals_made_elsewhere_begin_an_outage_that_ends_after_a_quiet_period(caplog):
    """The bulkhead refuses on the database's account before the breaker has seen a failure:
    one line then, and the end only once a retry period has passed without a refusal, so a
    slow database does not write a pair of lines at every turn."""
    caplog.set_level(logging.INFO)
    breaker = CircuitBreaker("slow", RETRY, "requests refused")
    breaker.refused("all slots held")
    breaker.refused("all slots held")
    breaker.succeeded()  # a query answered at once after: too soon to call it over
    breaker.refused("all slots held")
    time.sleep(RETRY * 1.5)
    breaker.succeeded()
    breaker.succeeded()
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "slow: requests refused, all slots held.",
        "slow answers again after 0 s; 3 requests refused meanwhile.",
    ]
    assert breaker.allow()  # never opened: nothing was turned away by the breaker itself
