"""The documented content backup (README, "Backup and restore") round-trips without loss:
dumpdata, an emptied database, loaddata, and every field of every record is back."""

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import connection

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Summary, Topic

pytestmark = pytest.mark.django_db

# The same labels and options the README gives. Staff accounts and groups go with the
# content because revision history names the staff member who made each change. XML, not
# JSON: Django's JSON encoder cuts datetimes to milliseconds, XML keeps them whole.
CONTENT_APPS = ("core", "codebook", "guidance", "search")
DUMP_LABELS = ("auth.group", "auth.user", *CONTENT_APPS)
DUMP_OPTIONS = {"format": "xml", "natural_foreign": True, "natural_primary": True, "indent": 2}


def backed_up_models():
    yield Group
    yield User
    for label in CONTENT_APPS:
        yield from apps.get_app_config(label).get_models()


def _value(obj, field):
    # A restored user or group gets a new id; what is kept is who it is (its natural key).
    if field.is_relation and field.related_model in (Group, User):
        related = getattr(obj, field.name)
        return related.natural_key() if related is not None else None
    return getattr(obj, field.attname)


def snapshot() -> dict:
    """Every backed-up record: its concrete fields and its many-to-many links. Groups and
    users are keyed by name, as natural keys restore them."""
    records = {}
    for model in backed_up_models():
        natural = model in (Group, User)
        for obj in model._base_manager.order_by("pk"):
            fields = {
                f.name: _value(obj, f)
                for f in model._meta.concrete_fields
                if not (natural and f.primary_key)
            }
            for m2m in model._meta.many_to_many:
                related = getattr(obj, m2m.name).all()
                fields[m2m.name] = sorted(str(item) for item in related)
            key = obj.natural_key() if natural else obj.pk
            records[(model._meta.label, key)] = fields
    return records


def test_content_round_trips_through_dumpdata_flush_and_loaddata(tmp_path):
    editor = User.objects.create_user("editor", password="a-long-test-password", is_staff=True)
    editor.groups.add(Group.objects.get(name="Editors"))
    summary = Summary.objects.filter(is_published=True).first()
    summary.history.filter(pk=summary.history.latest().pk).update(history_user=editor)
    backup = tmp_path / "content-backup.xml"
    before = snapshot()
    assert len(before) > 100
    assert {label for label, _key in before} >= {"guidance.Summary", "auth.User"}

    call_command("dumpdata", *DUMP_LABELS, output=str(backup), **DUMP_OPTIONS)
    connection.check_constraints()  # PostgreSQL will not truncate with checks still pending
    call_command("flush", interactive=False, verbosity=0)
    assert not Summary.objects.exists() and not CodeSection.objects.exists()
    assert not Topic.objects.exists() and not User.objects.exists()
    call_command("loaddata", str(backup), verbosity=0)

    assert snapshot() == before
