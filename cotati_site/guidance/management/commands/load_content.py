"""Load the content the site ships with from fixtures/, safely and repeatably.

Unlike `loaddata`, records already in the database are left alone (staff may have
edited them since), so running it on every start changes nothing the second time.
`--update` overwrites them from the fixtures instead, for shipping corrected text.

The fixtures hold each translated field's English under its own name (``title``) and its
Spanish beside it (``title_es``); a shipped translation was written from the shipped
English, so it is recorded as current (``core.translated.record_translation``) unless the
fixture says otherwise (``translated_from``).
"""

from pathlib import Path

from django.conf import settings
from django.core import serializers
from django.core.management.base import BaseCommand
from django.core.management.color import no_style
from django.db import connection, transaction

from cotati_site.codebook.models import CodeSection, SectionVersion
from cotati_site.codebook.services import reindex_sections
from cotati_site.core.cache import content_written
from cotati_site.core.translated import Translated, other_languages, record_translation
from cotati_site.guidance.models import Summary
from cotati_site.guidance.services import record_check

# Order matters: versions belong to sections and proposals; summaries cite sections and
# belong to topics.
FIXTURES = (
    "sections.json",
    "adu_sections.json",
    "proposals.json",
    "versions.json",
    "topics.json",
    "summaries.json",
    "faqs.json",
    "site_info.json",
    "adu_topic.json",  # the ADU topic with its summaries and FAQs, in that order
    "vocabulary.json",
)


class Command(BaseCommand):
    help = (
        "Load code sections, topics, summaries and FAQs from fixtures/ (existing records are kept)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--update",
            action="store_true",
            help="Overwrite existing records with the fixture content.",
        )
        parser.add_argument(
            "--fixtures-dir",
            default=str(Path(settings.BASE_DIR) / "fixtures"),
            help="Where the fixtures are.",
        )

    def handle(self, *args, update: bool = False, fixtures_dir: str, **options):
        directory = Path(fixtures_dir)
        created = updated = kept = 0
        models = set()
        loaded_summaries = []
        loaded_sections = set()  # sections whose record or a version was written
        with transaction.atomic():
            for name in FIXTURES:
                with open(directory / name, encoding="utf-8") as handle:
                    for item in serializers.deserialize("json", handle):
                        obj = item.object
                        model = type(obj)
                        models.add(model)
                        exists = model._default_manager.filter(pk=obj.pk).exists()
                        if exists and not update:
                            kept += 1
                            continue
                        if isinstance(obj, Translated) and not obj.translated_from:
                            for language in other_languages():
                                record_translation(obj, language)
                        obj.save()  # the model's own save, so derived fields (sort keys) are filled
                        for field_name, values in (item.m2m_data or {}).items():
                            getattr(obj, field_name).set(values)
                        if exists:
                            updated += 1
                        else:
                            created += 1
                        if isinstance(obj, Summary):
                            loaded_summaries.append(obj)
                        elif isinstance(obj, CodeSection):
                            loaded_sections.add(obj.pk)
                        elif isinstance(obj, SectionVersion):
                            loaded_sections.add(obj.section_id)
            self._reset_sequences(models)
            # The search index holds the text of each section's version in force.
            reindex_sections(loaded_sections)
            reindex_sections()
            # The shipped summaries were checked against the shipped code text: record the
            # version of each cited section in force on the day each was checked. Summaries
            # kept from before are left alone, so a re-run never clears "needs review".
            for summary in loaded_summaries:
                record_check(summary, summary.checked_on)
            # "Did you mean …" knows the words of the content loaded, and cached pages are stale
            # once this commits. Always, not only when records changed: every release runs
            # this command, and a release may change templates or standards.
            content_written()
        self.stdout.write(f"Content: {created} created, {updated} updated, {kept} already present.")

    def _reset_sequences(self, models) -> None:
        # Fixtures carry their own primary keys; move PostgreSQL's counters past them
        # so records staff add later do not collide.
        statements = connection.ops.sequence_reset_sql(no_style(), list(models))
        if statements:
            with connection.cursor() as cursor:
                for statement in statements:
                    cursor.execute(statement)
