"""The staff-editable search vocabulary, and the word list for "Did you mean …".

On PostgreSQL the word list gets a trigram index (the pg_trgm extension), so the nearest
words to a typo are found without reading the whole list; on SQLite nothing more is needed.
"""

import django.db.models.deletion
from django.contrib.auth.management import create_permissions
from django.db import migrations, models

VOCABULARY_PERMISSIONS = [
    f"{action}_searchphrase" for action in ("add", "change", "delete", "view")
]


def trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS cotati_site_searchword_trgm "
        "ON cotati_site_searchword USING gin (word gin_trgm_ops)"
    )


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS cotati_site_searchword_trgm")


def editors_keep_vocabulary(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="cotati_site", codename__in=VOCABULARY_PERMISSIONS
        )
    )


def editors_forget_vocabulary(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Editors").first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(
                content_type__app_label="cotati_site", codename__in=VOCABULARY_PERMISSIONS
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("cotati_site", "0055_codesection_jurisdiction"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchWord",
            fields=[
                ("word", models.CharField(max_length=40, primary_key=True, serialize=False)),
                ("uses", models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name="SearchPhrase",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "phrase",
                    models.CharField(
                        help_text="The words as residents type them, e.g. 'granny unit'. Matched as whole words, in any case, singular or plural, anywhere in the search.",
                        max_length=80,
                        unique=True,
                    ),
                ),
                (
                    "not_covered",
                    models.CharField(
                        blank=True,
                        help_text="For a subject this site does not cover yet (no topic): its name as the search page says it, e.g. 'Swimming pools'.",
                        max_length=120,
                    ),
                ),
                (
                    "topic",
                    models.ForeignKey(
                        blank=True,
                        help_text="The topic these words lead to, shown first. Leave empty for a subject this site does not cover yet.",
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="search_phrases",
                        to="cotati_site.topic",
                        to_field="slug",
                    ),
                ),
            ],
            options={
                "verbose_name": "search word",
                "verbose_name_plural": "search vocabulary",
                "ordering": ["phrase"],
            },
        ),
        migrations.RunPython(trigram_index, drop_trigram_index),
        migrations.RunPython(editors_keep_vocabulary, editors_forget_vocabulary),
    ]
