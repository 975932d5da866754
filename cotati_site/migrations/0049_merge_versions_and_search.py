"""Joins the two lines of migrations made side by side: versions and history (0004-0005)
and the search indexes (0050). Neither touches the other's tables."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0005_editors_read_versions"),
        ("cotati_site", "0050_search_indexes"),
    ]

    operations = []
