"""The dates the site's Atom feeds give their entries (the proposed-changes feed in
``codebook.feeds``, each topic's in ``guidance.feeds``): the last time a record changed,
from its revision history, which every save, admin edit and ``load_content`` writes, so a
feed reader sees an edit as an update."""

from __future__ import annotations

from datetime import datetime, time

from django.db.models import OuterRef, Subquery
from django.utils import timezone


def last_changed(model):
    """A subquery: when a record of ``model`` last changed, from its history."""
    history = model.history.model
    return Subquery(
        history.objects.filter(id=OuterRef("pk"))
        .order_by("-history_date")
        .values("history_date")[:1]
    )


def as_datetime(day) -> datetime | None:
    """A day (e.g. a summary's checked-on date) as an aware datetime at its start."""
    if day is None:
        return None
    return timezone.make_aware(datetime.combine(day, time.min))
