"""Point the search index at the version of each section in force today (run daily)."""

from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cotati_site.codebook.services import reindex_sections
from cotati_site.core.as_of import default_as_of
from cotati_site.core.cache import content_changed


class Command(BaseCommand):
    help = (
        "Re-index the sections whose version in force changed (an adopted version took "
        "effect). Run daily, e.g. from cron shortly after midnight: "
        "`manage.py refresh_search_index`."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--on",
            help="Index the versions in force on this date (YYYY-MM-DD) instead of today.",
        )

    def handle(self, *args, on: str | None = None, **options):
        try:
            when = date.fromisoformat(on) if on else default_as_of()
        except ValueError:
            raise CommandError(f"--on takes a date as YYYY-MM-DD, not {on!r}.") from None
        with transaction.atomic():
            count = reindex_sections(on=when)
            if count:
                content_changed()
        self.stdout.write(f"Search index: {count} sections re-indexed for {when.isoformat()}.")
