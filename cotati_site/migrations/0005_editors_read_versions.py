"""Editors may read section versions and zoning-map changes, not change them.

Versions are the law's own words (adopted or proposed), so, like code sections, only
superusers add, change or promote them (docs/decisions/section-versions.md).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

READ_ONLY = ("view_sectionversion", "view_zoningmapchange")


def grant(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="cotati_site", codename__in=READ_ONLY)
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Editors").first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(
                content_type__app_label="cotati_site", codename__in=READ_ONLY
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0004_versions_history_revisions"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
