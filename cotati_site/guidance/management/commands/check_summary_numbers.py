"""List summaries that state a number the standards data for their sections does not hold."""

from django.core.management.base import BaseCommand, CommandError

from cotati_site.guidance.number_drift import summaries_with_drift


class Command(BaseCommand):
    help = (
        "List summaries stating a number with a unit (inches, feet, %, sq ft, acres, units per "
        "acre, trips) that the standards data for their cited sections does not hold."
    )

    def handle(self, *args, **options):
        drifts = summaries_with_drift()
        for drift in drifts:
            self.stdout.write(drift.describe())
        if drifts:
            raise CommandError(f"{len(drifts)} summaries state numbers the standards do not hold.")
        self.stdout.write("Every number stated in a summary is in the standards data.")
