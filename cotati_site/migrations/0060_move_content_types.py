"""The app split (issue 9), first step: the content types of the models that move to the
apps core, codebook, guidance and search take their new app label.

A content type row is what permissions (the Editors group's among them), admin log entries
and django-simple-history's records hang on; relabelling the row keeps every one of them
attached, where letting Django create new content types would orphan them. It runs before
the new apps' first migrations and so before anything could create content types for them
(Django creates them after the whole migrate, in post_migrate).
"""

from django.db import migrations
from django.db.models import Q

# model name -> its app after the split (the historical models move with their models).
MOVED = {
    "siteinfo": "core",
    "historicalsiteinfo": "core",
    "codesection": "codebook",
    "sectionversion": "codebook",
    "historicalsectionversion": "codebook",
    "proposal": "codebook",
    "historicalproposal": "codebook",
    "zoningmapchange": "codebook",
    "topic": "guidance",
    "historicaltopic": "guidance",
    "summary": "guidance",
    "historicalsummary": "guidance",
    "faq": "guidance",
    "historicalfaq": "guidance",
    "searchphrase": "search",
    "searchword": "search",
}


def _relabel(apps, pairs):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    for model, old_label, new_label in pairs:
        old = ContentType.objects.filter(app_label=old_label, model=model).first()
        if old is None:
            continue  # never created (a database that never ran post_migrate)
        clash = ContentType.objects.filter(app_label=new_label, model=model).first()
        if clash is not None:
            # Only a migrate run partway (post_migrate after some apps) makes one; its
            # permissions are Django's automatic ones. One anybody holds is not dropped.
            held = Permission.objects.filter(content_type=clash).filter(
                Q(group__isnull=False) | Q(user__isnull=False)
            )
            if held.exists():
                raise RuntimeError(
                    f"Both {old_label}.{model} and {new_label}.{model} have content types, and "
                    f"permissions of the second are granted: merge them by hand first."
                )
            clash.delete()
        old.app_label = new_label
        old.save(update_fields=["app_label"])
    ContentType.objects.clear_cache()


def forward(apps, schema_editor):
    _relabel(apps, [(model, "cotati_site", label) for model, label in MOVED.items()])


def backward(apps, schema_editor):
    _relabel(apps, [(model, label, "cotati_site") for model, label in MOVED.items()])


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0059_merge_vocabulary_and_versions"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(forward, backward)]
