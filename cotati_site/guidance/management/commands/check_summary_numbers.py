"""List summaries and FAQs that state a number the standards data for their sections does not
hold."""

from django.core.management.base import BaseCommand, CommandError

from cotati_site.guidance.number_drift import content_with_drift


class Command(BaseCommand):
    help = (
        "List summaries and FAQs stating a number with a unit (inches, feet, %, sq ft, acres, "
        "units per acre, trips, days) that the standards data for their cited sections does "
        "not hold."
    )

    def handle(self, *args, **options):
        drifts = content_with_drift()
        for drift in drifts:
            self.stdout.write(drift.describe())
        if drifts:
            raise CommandError(
                f"{len(drifts)} summaries or FAQs state numbers the standards do not hold."
            )
        self.stdout.write("Every number stated in a summary or FAQ is in the standards data.")
