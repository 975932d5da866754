"""System checks on content: `manage.py check` warns about summaries whose numbers the
standards data does not hold (see cotati_site.guidance.number_drift)."""

from django.core import checks
from django.db import DatabaseError


@checks.register("content")
def summary_numbers_match_standards(app_configs=None, **kwargs):
    from cotati_site.guidance.number_drift import summaries_with_drift

    try:
        drifts = summaries_with_drift()
    except DatabaseError:
        # No database yet, or not migrated: there are no summaries to check.
        return []
    return [
        checks.Warning(
            drift.describe(),
            hint=(
                "Correct the summary, or the standards data in rules/data/ if the summary is right; "
                "`manage.py check_summary_numbers` lists them all."
            ),
            obj=f"Summary {drift.summary_id}",
            id="cotati_site.W001",
        )
        for drift in drifts
    ]
