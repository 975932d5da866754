"""Editors may read proposals (issue 22), so they can see what is about to change in the code
and on their pages; adopting, withdrawing and editing a proposal stay with the holders of
``codebook.adopt_proposal`` and ``codebook.withdraw_proposal`` and with superusers
(ProposalAdmin asks for each).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

READ_ONLY = ("view_proposal",)


def grant(apps, schema_editor):
    # Permissions are made after the whole migrate (post_migrate); make this app's now so a
    # fresh database's Editors group gets them in this same run.
    app_config = apps.get_app_config("codebook")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="codebook", codename__in=READ_ONLY)
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Editors").first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="codebook", codename__in=READ_ONLY)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("codebook", "0002_proposal_withdrawal"),
        # After the models left cotati_site's state, so no permission is made under it.
        ("cotati_site", "0061_remove_moved_models_from_state"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
