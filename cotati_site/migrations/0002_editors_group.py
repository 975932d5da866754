"""The Editors group: staff who keep summaries, topics and FAQs current.

Editors may add, change, delete and view summaries, topics and FAQs, and only view
code sections (the law's own text is changed by superusers alone).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITABLE = ("summary", "topic", "faq")
ACTIONS = ("add", "change", "delete", "view")


def editor_codenames() -> list[str]:
    codenames = [f"{action}_{model}" for model in EDITABLE for action in ACTIONS]
    return codenames + ["view_codesection"]


def create_editors(apps, schema_editor):
    # Permissions are normally created after all migrations; make sure they exist now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    permissions = Permission.objects.filter(
        content_type__app_label="cotati_site", codename__in=editor_codenames()
    )
    group.permissions.set(permissions)


def remove_editors(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Editors").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_editors, remove_editors)]
