"""Add the official text of many sections at once, from a file of pasted sections.

    python manage.py import_official_text sections.txt --source "Ord. 935" \\
        --effective-on 2025-07-24 [--retrieved-on 2026-05-11] [--source-url URL] [--dry-run]

The file holds one or more sections as copied from the code host, each starting with its
line "§ 17.30.030 Fences, walls and hedges." (the format the admin's "Add official text"
page reads; see cotati_site/codebook/official_text.py). Each is parsed and saved as an adopted
version through code_text.adopt_official_text, exactly as the admin page saves it. A
section the file names but the site lacks, or a paste with parse warnings, stops the run
before anything is saved (all or nothing), unless --dry-run only reports.
"""

from datetime import date
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cotati_site.codebook import code_text
from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.official_text import parse_official_text, split_sections


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as error:
        raise CommandError(f"Not a date (YYYY-MM-DD): {value}") from error


class Command(BaseCommand):
    help = (
        "Save sections' official text (pasted from the code host, in a file) as adopted versions."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="A text file of sections, each starting '§ <number> <title>'."
        )
        parser.add_argument("--source", required=True, help="The ordinance, e.g. 'Ord. 935'.")
        parser.add_argument("--effective-on", required=True, type=_date)
        parser.add_argument("--adopted-on", type=_date)
        parser.add_argument(
            "--retrieved-on",
            type=_date,
            help="The day the text was copied (default: each section's 'Downloaded … on' line).",
        )
        parser.add_argument(
            "--source-url", default="", help="Default: each section's 'Downloaded from' address."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Parse and report; save nothing."
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        pieces = split_sections(path.read_text(encoding="utf-8"))
        if not pieces:
            raise CommandError("The file holds no section starting with '§ <number> <title>'.")
        plans = []
        problems = []
        for piece in pieces:
            parsed = parse_official_text(piece)
            section = CodeSection.objects.filter(number=parsed.number).first()
            retrieved_on = options["retrieved_on"] or parsed.retrieved_on
            source_url = options["source_url"] or parsed.source_url
            if section is None:
                problems.append(f"§ {parsed.number}: no such section on the site.")
            if not retrieved_on or not source_url:
                problems.append(
                    f"§ {parsed.number}: no retrieval date or source address (give "
                    "--retrieved-on and --source-url, or keep the 'Downloaded from' line)."
                )
            problems.extend(f"§ {parsed.number}: {warning}" for warning in parsed.warnings)
            plans.append((section, parsed, retrieved_on, source_url))
            tables = sum(1 for block in parsed.blocks if block["type"] == "table")
            self.stdout.write(
                f"§ {parsed.number} {parsed.title}: {len(parsed.blocks)} blocks, "
                f"{tables} tables{', history line' if parsed.history else ''}."
            )
        if problems:
            raise CommandError("Nothing was saved:\n" + "\n".join(problems))
        if options["dry_run"]:
            self.stdout.write("Dry run: nothing saved.")
            return
        to_review = set()
        try:
            with transaction.atomic():
                for section, parsed, retrieved_on, source_url in plans:
                    adopted = code_text.adopt_official_text(
                        section,
                        parsed.blocks,
                        source=options["source"],
                        effective_on=options["effective_on"],
                        adopted_on=options["adopted_on"],
                        history=parsed.history,
                        source_url=source_url,
                        retrieved_on=retrieved_on,
                    )
                    to_review.update(summary.pk for summary in adopted.summaries_to_review)
        except ValidationError as error:
            raise CommandError(f"Nothing was saved: {'; '.join(error.messages)}") from error
        self.stdout.write(
            f"Saved {len(plans)} section(s) as {options['source']}; "
            f"{len(to_review)} summaries citing them now need review."
        )
