"""The date the site shows rules "as of": today in Cotati, or a date a setting pins (to
preview future rules), or ?as_of= on a page, read as the first day of the period of
unchanged rules it falls in (``as_of_param``).

Here, below the page cache, the domain apps and Check my lot alike, so all read one
definition (the engine itself never reads the date: its caller passes it).
"""

import time
from bisect import bisect_right
from datetime import date, datetime, timedelta

from django.conf import settings
from django.utils import timezone


def default_as_of() -> date:
    """Today in Cotati, unless a setting pins the date (to preview future rules)."""
    return settings.RULES_AS_OF or today()


# Today, with the moment it ends (seconds since the epoch): every page asks several times
# (its cache key, its view, Check my lot's check), and working it out from the clock and the
# time zone each time cost as much as a cache hit.
_today_until: list = [None, 0.0]


def today() -> date:
    """Today in Cotati (the site's time zone), whatever date the rules are shown as of."""
    day, until = _today_until
    now = time.time()
    if day is None or now >= until or now < until - 90_000:  # a clock set back: ask again
        local = timezone.localtime()
        day = local.date()
        midnight = datetime.combine(day + timedelta(days=1), datetime.min.time())
        until = midnight.replace(tzinfo=local.tzinfo).timestamp()
        _today_until[:] = [day, until]
    return day


EARLIEST = date(2000, 1, 1)  # the first and last dates pages show rules for
LATEST = date(2100, 12, 31)

# The dates the rules change on, ascending (standards records, adopted proposals, section
# texts, zoning-map changes): the codebook says where they are read, at start-up
# (``read_rule_changes_with``), since the core may not import a domain app.
_rule_changes: list = [tuple]


def read_rule_changes_with(read) -> None:
    """Have ``read()`` give the dates the rules change on, ascending (kept per content
    generation by the caller, since each ?as_of= asks)."""
    _rule_changes[0] = read


def rules_period_start(day: date) -> date | None:
    """The first day of the period of unchanged rules ``day`` falls in: the last date on or
    before it that the rules change on (None before the first)."""
    changes = _rule_changes[0]()
    found = bisect_right(changes, day)
    return changes[found - 1] if found else None


def as_of_param(raw: str) -> str | None:
    """?as_of= written canonically: the first day (YYYY-MM-DD) of the period of unchanged rules
    the date falls in, since every date of a period shows the same rules, so each period is
    one page (and one entry in the page cache, however many dates are asked); None (as if
    absent) for a date in the period of today's rules (the default date's), and for
    anything that is not a date pages show."""
    try:
        chosen = date.fromisoformat(raw)
    except ValueError:
        return None
    if not EARLIEST <= chosen <= LATEST:
        return None
    start = rules_period_start(chosen)
    if start == rules_period_start(default_as_of()):
        return None
    return (start or EARLIEST).isoformat()


def as_of_for(request) -> date:
    """The date a page shows rules for: ?as_of=YYYY-MM-DD when valid, else the default."""
    chosen = as_of_param(request.GET.get("as_of", ""))
    return date.fromisoformat(chosen) if chosen else default_as_of()
