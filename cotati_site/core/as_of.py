"""The date the site shows rules "as of": today in Cotati, or a date a setting pins (to
preview future rules), or ?as_of= on a page.

Here, below the page cache, the domain apps and Check my lot alike, so all read one
definition (the engine itself never reads the date: its caller passes it).
"""

import time
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


def as_of_param(raw: str) -> str | None:
    """?as_of= written canonically (YYYY-MM-DD) when it is a date pages show, else None."""
    try:
        chosen = date.fromisoformat(raw)
    except ValueError:
        return None
    return chosen.isoformat() if date(2000, 1, 1) <= chosen <= date(2100, 12, 31) else None


def as_of_for(request) -> date:
    """The date a page shows rules for: ?as_of=YYYY-MM-DD when valid, else the default."""
    chosen = as_of_param(request.GET.get("as_of", ""))
    return date.fromisoformat(chosen) if chosen else default_as_of()
