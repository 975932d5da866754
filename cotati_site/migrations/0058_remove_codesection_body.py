"""A section's text lives on its versions only (0057 moved it there): drop ``body``.

A migration of its own: on PostgreSQL a table cannot be altered in the transaction that
wrote rows referring to it (0057).
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0057_move_section_text_to_versions"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="codesection",
            name="body",
        ),
    ]
