"""System checks on content: `manage.py check` warns about summaries and FAQs whose numbers
the standards data does not hold (see cotati_site.guidance.number_drift)."""

from django.core import checks
from django.db import DatabaseError

from cotati_site.guidance.number_drift import content_with_drift


@checks.register("content")
def summary_numbers_match_standards(app_configs=None, **kwargs):
    try:
        drifts = content_with_drift()
    except DatabaseError:
        # No database yet, or not migrated: there is no content to check.
        return []
    return [
        checks.Warning(
            drift.describe(),
            hint=(
                "Correct its text, or the standards data in law/data/ if the text is right; "
                "`manage.py check_summary_numbers` lists them all."
            ),
            obj=drift.label,
            id="cotati_site.W001",
        )
        for drift in drifts
    ]
