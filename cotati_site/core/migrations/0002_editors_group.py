"""The Editors group: staff who keep the site's explanations current, not the law.

Editors add, change, delete and view summaries, topics, FAQs and the search vocabulary;
add, change and view the site information (the City's address, hours and links); and only
view code sections, section versions, zoning-map changes and proposals. The law's own text
and its proposals are changed by superusers, or by staff given the one permission each
admin asks for (docs/decisions/section-versions.md; ProposalAdmin).

The group is made here because nothing else makes it: tests, the README's staff recipe and
the admin all expect it to exist after ``migrate``.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

KEEP = ("add", "change", "delete", "view")

EDITORS = {
    "guidance": [f"{action}_{model}" for model in ("summary", "topic", "faq") for action in KEEP],
    "search": [f"{action}_searchphrase" for action in KEEP],
    "core": ["add_siteinfo", "change_siteinfo", "view_siteinfo"],
    "codebook": [
        "view_codesection",
        "view_sectionversion",
        "view_zoningmapchange",
        "view_proposal",
    ],
}


def create_editors(apps, schema_editor):
    # Permissions are made after the whole migrate (post_migrate); make these apps' now so a
    # fresh database's Editors group gets them in this same run.
    for label in EDITORS:
        app_config = apps.get_app_config(label)
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    for label, codenames in EDITORS.items():
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label=label, codename__in=codenames)
        )


def remove_editors(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Editors").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_initial"),
        ("codebook", "0001_initial"),
        ("guidance", "0001_initial"),
        ("search", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_editors, remove_editors)]
