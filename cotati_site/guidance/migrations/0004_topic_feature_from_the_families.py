"""Topic.feature takes its choices from the law package's registry (the families' features)
at form level, so adding a family with a topic page needs no migration: the field loses its
fixed choices and validates against the registry instead. No data changes."""

from django.db import migrations, models

import cotati_site.guidance.features

FEATURE = {
    "blank": True,
    "help_text": "Which numbers from the rules tables the page shows, and which part of Check my lot it links to.",
    "max_length": 30,
    "validators": [cotati_site.guidance.features.validate_feature],
}


class Migration(migrations.Migration):
    dependencies = [("guidance", "0003_history_of_cited_sections")]

    operations = [
        migrations.AlterField(
            model_name="topic", name="feature", field=models.CharField(**FEATURE)
        ),
        migrations.AlterField(
            model_name="historicaltopic", name="feature", field=models.CharField(**FEATURE)
        ),
    ]
