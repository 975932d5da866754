"""How many wrong passwords django-axes allows before it refuses logins: a few for one username
from one address, more for one address whatever the usernames.

The attack on the running site tried a new username on each attempt: axes, counting
(username, address) pairs only, never locked anything. Counting the address as well, at the
pair's limit, would lock a whole office out after five typos among its staff, so the address
has a higher limit of its own (``LOGIN_FAILURES_PER_ADDRESS``).

axes has one limit (``AXES_FAILURE_LIMIT``), compared with the largest of the counts it keeps,
one per entry of ``AXES_LOCKOUT_PARAMETERS``. With those entries (username, address) and
address, the largest is always the address's, since it includes every pair's. So the limit is
given by ``failure_limit`` below (``AXES_FAILURE_LIMIT`` as axes' documented callable): the
address's own limit, or the pair's once the pair has reached it, which the address's count
has then reached too. Refused, therefore, exactly when either count is at its limit.
"""

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def pair_failures(request, credentials=None) -> int:
    """Wrong passwords for this username from this address within the cool-off (what axes
    counts for its (username, address) entry)."""
    attempts = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=request.axes_ip_address,
    )
    if settings.AXES_COOLOFF_TIME is not None:
        attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
    return attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0


def failure_limit(request, credentials=None) -> int:
    """The count at which axes refuses this login (see the module docstring)."""
    per_username = settings.LOGIN_FAILURES_PER_USERNAME
    if pair_failures(request, credentials) >= per_username:
        return per_username
    return settings.LOGIN_FAILURES_PER_ADDRESS
