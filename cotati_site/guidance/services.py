"""Domain writes on guidance: recording that a summary was checked against the code.

One function per write, used by the admin, ``load_content`` and the tests; it saves with the
revision the summary was read at, so the revision counter and the history see it.
"""

from __future__ import annotations

from datetime import date

from cotati_site.core.cache import content_changed
from cotati_site.core.revisions import save_with_revision
from cotati_site.guidance import review
from cotati_site.guidance.models import Summary
from cotati_site.guidance.sources import basis_problem


def record_check(summary: Summary, on: date, *, user=None) -> Summary:
    """Record that ``summary`` was checked against the code in force on ``on``: its
    checked date and, per cited section, the version in force that day (so the summary
    needs review once a newer version takes effect). Saved with the revision it was read
    at (``services.save_with_revision``): ``StaleEdit`` if someone saved it since."""
    summary.checked_on = on
    summary.checked_versions = review.versions_to_record(summary, on)
    save_with_revision(summary, getattr(summary, "loaded_revision", None), user=user)
    content_changed()
    return summary


def mark_checked(summary: Summary, on: date, *, user=None) -> None:
    """Record that an editor checked ``summary`` against the code in force on ``on``.

    A summary known from a secondary source whose cited sections all hold official code
    text by now was checked against that text: its basis becomes "checked against code text
    on this site", so the public page stops saying where else the fact was reported. The
    write itself is ``record_check`` (revision counter and history). The list's action and
    the edit page's button both record a check here."""
    if (
        summary.basis == Summary.Basis.SECONDARY
        and summary.pk is not None
        and basis_problem(Summary.Basis.CODE_TEXT, summary.sections.all()) is None
    ):
        summary.basis = Summary.Basis.CODE_TEXT
        summary.basis_note = ""
    record_check(summary, on, user=user)
