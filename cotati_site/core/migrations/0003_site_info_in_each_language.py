"""Site information in English and Spanish (django-modeltranslation; see guidance 0002):
the English already written is copied into the English columns, in the entries and in
every version of their history."""

from django.db import migrations, models
from django.db.models import F


def copy_english(apps, schema_editor):
    for model_name in ("siteinfo", "historicalsiteinfo"):
        model = apps.get_model("core", model_name)
        model._base_manager.update(label_en=F("label"), value_en=F("value"))


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_editors_group"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalsiteinfo",
            name="label_en",
            field=models.CharField(
                help_text="What the entry is, as readers see it, e.g. 'Phone'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsiteinfo",
            name="label_es",
            field=models.CharField(
                help_text="What the entry is, as readers see it, e.g. 'Phone'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsiteinfo",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="historicalsiteinfo",
            name="value_en",
            field=models.CharField(
                blank=True,
                help_text="The detail itself, exactly as the source page gives it (e.g. '707-665-3636'). Leave empty when it could not be found: the site then says so instead of guessing.",
                max_length=300,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsiteinfo",
            name="value_es",
            field=models.CharField(
                blank=True,
                help_text="The detail itself, exactly as the source page gives it (e.g. '707-665-3636'). Leave empty when it could not be found: the site then says so instead of guessing.",
                max_length=300,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="siteinfo",
            name="label_en",
            field=models.CharField(
                help_text="What the entry is, as readers see it, e.g. 'Phone'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="siteinfo",
            name="label_es",
            field=models.CharField(
                help_text="What the entry is, as readers see it, e.g. 'Phone'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="siteinfo",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="siteinfo",
            name="value_en",
            field=models.CharField(
                blank=True,
                help_text="The detail itself, exactly as the source page gives it (e.g. '707-665-3636'). Leave empty when it could not be found: the site then says so instead of guessing.",
                max_length=300,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="siteinfo",
            name="value_es",
            field=models.CharField(
                blank=True,
                help_text="The detail itself, exactly as the source page gives it (e.g. '707-665-3636'). Leave empty when it could not be found: the site then says so instead of guessing.",
                max_length=300,
                null=True,
            ),
        ),
        migrations.RunPython(copy_english, migrations.RunPython.noop),
    ]
