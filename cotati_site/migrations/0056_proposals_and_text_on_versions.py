"""Named proposals (``Proposal``, with history, owning proposed section versions and map
changes) and the search index's pointer at the version it holds (``search_version``).
The data moves in 0057; 0058 drops ``CodeSection.body``. Three migrations, because on
PostgreSQL a table cannot be altered in the transaction that wrote rows referring to it.
"""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0055_codesection_jurisdiction"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Proposal",
            fields=[
                (
                    "id",
                    models.SlugField(
                        help_text="A short name used by the standards data, e.g. spring-2026-cleanup.",
                        max_length=80,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                (
                    "title",
                    models.CharField(
                        help_text="The proposal's name, e.g. 'Spring 2026 code cleanup'.",
                        max_length=200,
                    ),
                ),
                (
                    "source_document",
                    models.CharField(
                        help_text="The document the proposed text comes from, e.g. 'Attachment A: redline'.",
                        max_length=300,
                    ),
                ),
                (
                    "source_url",
                    models.URLField(
                        blank=True,
                        help_text="Where the proposal's document can be read.",
                        max_length=500,
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("proposed", "Proposed (not law)"),
                            ("adopted", "Adopted"),
                            ("withdrawn", "Withdrawn"),
                        ],
                        default="proposed",
                        help_text="Set to adopted with the action 'Adopt…' (ordinance and effective date).",
                        max_length=10,
                    ),
                ),
                (
                    "hearing_on",
                    models.DateField(
                        blank=True,
                        help_text="The date of the public hearing, when known.",
                        null=True,
                    ),
                ),
                (
                    "adopted_on",
                    models.DateField(
                        blank=True, help_text="The date the council adopted it.", null=True
                    ),
                ),
                (
                    "effective_on",
                    models.DateField(
                        blank=True,
                        help_text="The date it takes effect: its text and numbers count from that day.",
                        null=True,
                    ),
                ),
                (
                    "ordinance",
                    models.CharField(
                        blank=True,
                        help_text="The adopting ordinance, e.g. 'Ord. 945'.",
                        max_length=200,
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
                "permissions": [
                    ("adopt_proposal", "Can adopt a proposal (ordinance and effective date)")
                ],
            },
        ),
        migrations.AddField(
            model_name="codesection",
            name="search_version",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                help_text="The version whose text search_text holds (derived).",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="cotati_site.sectionversion",
            ),
        ),
        migrations.AlterField(
            model_name="codesection",
            name="search_text",
            field=models.TextField(
                blank=True,
                editable=False,
                help_text="The text of the version in force as plain text, for search (derived).",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalProposal",
            fields=[
                (
                    "id",
                    models.SlugField(
                        help_text="A short name used by the standards data, e.g. spring-2026-cleanup.",
                        max_length=80,
                    ),
                ),
                (
                    "title",
                    models.CharField(
                        help_text="The proposal's name, e.g. 'Spring 2026 code cleanup'.",
                        max_length=200,
                    ),
                ),
                (
                    "source_document",
                    models.CharField(
                        help_text="The document the proposed text comes from, e.g. 'Attachment A: redline'.",
                        max_length=300,
                    ),
                ),
                (
                    "source_url",
                    models.URLField(
                        blank=True,
                        help_text="Where the proposal's document can be read.",
                        max_length=500,
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("proposed", "Proposed (not law)"),
                            ("adopted", "Adopted"),
                            ("withdrawn", "Withdrawn"),
                        ],
                        default="proposed",
                        help_text="Set to adopted with the action 'Adopt…' (ordinance and effective date).",
                        max_length=10,
                    ),
                ),
                (
                    "hearing_on",
                    models.DateField(
                        blank=True,
                        help_text="The date of the public hearing, when known.",
                        null=True,
                    ),
                ),
                (
                    "adopted_on",
                    models.DateField(
                        blank=True, help_text="The date the council adopted it.", null=True
                    ),
                ),
                (
                    "effective_on",
                    models.DateField(
                        blank=True,
                        help_text="The date it takes effect: its text and numbers count from that day.",
                        null=True,
                    ),
                ),
                (
                    "ordinance",
                    models.CharField(
                        blank=True,
                        help_text="The adopting ordinance, e.g. 'Ord. 945'.",
                        max_length=200,
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "historical proposal",
                "verbose_name_plural": "historical proposals",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.AddField(
            model_name="historicalsectionversion",
            name="proposal",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                help_text="The proposal this text was published in (required for a proposed version).",
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="cotati_site.proposal",
            ),
        ),
        migrations.AddField(
            model_name="sectionversion",
            name="proposal",
            field=models.ForeignKey(
                blank=True,
                help_text="The proposal this text was published in (required for a proposed version).",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="versions",
                to="cotati_site.proposal",
            ),
        ),
        migrations.AddField(
            model_name="zoningmapchange",
            name="proposal",
            field=models.ForeignKey(
                blank=True,
                help_text="The proposal this change was published in.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="map_changes",
                to="cotati_site.proposal",
            ),
        ),
        migrations.AlterField(
            model_name="codesection",
            name="text_source",
            field=models.CharField(
                blank=True,
                choices=[
                    ("official", "Official code text (downloaded from the published code)"),
                    ("redline", "As printed in a City proposal (redline), not the published code"),
                    (
                        "secondary_quote",
                        "Quoted by a secondary source, not checked against the code",
                    ),
                ],
                help_text="Where this site's text of the section (its versions) was taken from. Leave blank when the site holds none. A summary citing a section whose text is not official code text cannot be marked 'checked against code text'.",
                max_length=20,
            ),
        ),
    ]
