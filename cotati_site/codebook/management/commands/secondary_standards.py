"""List the standards from a secondary source whose section now has official text.

    python manage.py secondary_standards

For a developer after staff add official text (admin "Add official text" or
import_official_text): each listed figure should be checked against the text and its record
in law/data/*.toml updated. Exits 0 either way; the list is the answer.
"""

from django.core.management.base import BaseCommand

from cotati_site.codebook.recheck import secondary_standards_to_recheck


class Command(BaseCommand):
    help = "List secondary-source standards whose section now has official code text."

    def handle(self, *args, **options):
        rechecks = secondary_standards_to_recheck()
        if not rechecks:
            self.stdout.write("Nothing to re-check: no cited section has official text yet.")
            return
        for item in rechecks:
            s = item.standard
            self.stdout.write(
                f"§ {item.section.number} {s.subsection}\t{s.id}\t{item.figure}\t{s.file}"
            )
        self.stdout.write(f"{len(rechecks)} standard(s) to re-check against the official text.")
