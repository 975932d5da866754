"""Existing databases: keep editorial notes for staff, record where each text came from, and
let Editors keep the site information current.

Until now a version's ``notes`` (and a zoning-map change's) held our working notes — how the
text was transcribed, readings of run-together redline words, file names — and were shown to
readers. They move to ``staff_note`` (admin only); ``load_content --update`` then ships the
plain sentences readers see. A text's source is recorded from how it was described: quoted
on a peer website, printed in a redline, or the published code.

On a fresh database the tables are empty here and ``load_content`` fills everything.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

SITE_INFO_PERMISSIONS = ("add_siteinfo", "change_siteinfo", "view_siteinfo")


def kind_for(source: str, status: str, note: str = "") -> str:
    described = f"{source} {note}".lower()
    if "quoted" in described:
        return "secondary_quote"
    if "redline" in described or status == "proposed":
        return "redline"
    return "official"


def forward(apps, schema_editor):
    SectionVersion = apps.get_model("cotati_site", "SectionVersion")
    CodeSection = apps.get_model("cotati_site", "CodeSection")
    ZoningMapChange = apps.get_model("cotati_site", "ZoningMapChange")
    for version in SectionVersion.objects.all():
        version.text_source = kind_for(version.source, version.status)
        if version.notes and not version.staff_note:
            version.staff_note, version.notes = version.notes, ""
        if version.text_source == "secondary_quote":
            version.retrieved_on = None  # never retrieved from the official source
        version.save(update_fields=["text_source", "staff_note", "notes", "retrieved_on"])
    for change in ZoningMapChange.objects.exclude(notes=""):
        if not change.staff_note:
            change.staff_note, change.notes = change.notes, ""
            change.save(update_fields=["staff_note", "notes"])
    for section in CodeSection.objects.all():
        kind = kind_for("", "adopted", section.text_source_note) if section.body else ""
        updates = {"text_source": kind}
        if kind == "secondary_quote":
            updates["retrieved_on"] = None
        CodeSection.objects.filter(pk=section.pk).update(**updates)

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Editors")
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="cotati_site", codename__in=SITE_INFO_PERMISSIONS
        )
    )


def backward(apps, schema_editor):
    SectionVersion = apps.get_model("cotati_site", "SectionVersion")
    ZoningMapChange = apps.get_model("cotati_site", "ZoningMapChange")
    for model in (SectionVersion, ZoningMapChange):
        for record in model.objects.exclude(staff_note=""):
            if not record.notes:
                record.notes, record.staff_note = record.staff_note, ""
                record.save(update_fields=["notes", "staff_note"])
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Editors").first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(
                content_type__app_label="cotati_site", codename__in=SITE_INFO_PERMISSIONS
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0053_sources_and_site_info"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forward, backward)]
