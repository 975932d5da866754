from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0056_search_vocabulary"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="codesection",
            options={
                "ordering": ["sort_key"],
                "permissions": [
                    (
                        "adopt_official_text",
                        "Can add a section's official text (the law's own words)",
                    )
                ],
                "verbose_name": "code section",
            },
        ),
    ]
