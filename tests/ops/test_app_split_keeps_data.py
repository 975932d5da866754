"""The app split (issue 9) keeps every row: a database built at the schema from before the
split, with the shipped content and a staff edit with its history, migrates to the new
layout (core, codebook, guidance, search) with every row of every moved table unchanged,
history included, and the Editors group holding exactly the permissions it held.

Run in a child process on a scratch database (see test_migrations.py): SQLite under the
default test settings, PostgreSQL with DATABASE_URL pointing at one.
"""

import os
import subprocess
import sys

from tests.ops.test_migrations import ROOT, scratch_database_url

SPLIT = r"""
import django
django.setup()
import datetime, json
from pathlib import Path

from django.contrib.auth.management import create_permissions
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

NEW_APPS = {"core", "codebook", "guidance", "search"}
LAST_BEFORE_SPLIT = ("cotati_site", "0059_merge_vocabulary_and_versions")
FIXTURES = ("sections.json", "adu_sections.json", "proposals.json", "versions.json",
            "topics.json", "summaries.json", "faqs.json", "site_info.json", "adu_topic.json",
            "vocabulary.json")
NEW_LABEL = {
    "siteinfo": "core", "historicalsiteinfo": "core",
    "codesection": "codebook", "sectionversion": "codebook",
    "historicalsectionversion": "codebook", "proposal": "codebook",
    "historicalproposal": "codebook", "zoningmapchange": "codebook",
    "topic": "guidance", "historicaltopic": "guidance", "summary": "guidance",
    "historicalsummary": "guidance", "faq": "guidance", "historicalfaq": "guidance",
    "searchphrase": "search", "searchword": "search",
}

executor = MigrationExecutor(connection)
# Every app at its last migration from before the split; the new apps not at all.
before_split = [
    (app, name) for app, name in executor.loader.graph.leaf_nodes()
    if app not in NEW_APPS and app != "cotati_site"
] + [LAST_BEFORE_SPLIT]
executor.migrate(before_split)
executor.loader.build_graph()
old = executor.loader.project_state(before_split).apps
# What post_migrate did on a database of that time: every content type and permission.
for app_config in old.get_app_configs():
    app_config.models_module = True
    create_permissions(app_config, apps=old, verbosity=0)
    app_config.models_module = None

# The shipped content, inserted through the models as they were before the split, each
# record with the history row ("+") django-simple-history wrote when it was created.
def record_history(obj, kind, user_id=None):
    model = type(obj)
    try:
        history = old.get_model("cotati_site", f"Historical{model.__name__}")
    except LookupError:
        return
    history.objects.create(
        **{f.attname: getattr(obj, f.attname) for f in model._meta.concrete_fields},
        history_date=timezone.now(), history_change_reason="", history_type=kind,
        history_user_id=user_id,
    )

def insert(record):
    app, name = record["model"].split(".")
    model = old.get_model("cotati_site", name)
    values, links = {}, {}
    for field_name, value in record["fields"].items():
        field = model._meta.get_field(field_name)
        if field.many_to_many:
            links[field_name] = value
        elif field.is_relation:
            values[field.attname] = value
        else:
            values[field_name] = value
    obj = model.objects.create(pk=record.get("pk"), **values)
    for field_name, value in links.items():
        getattr(obj, field_name).set(value)
    record_history(obj, "+")
    return obj

for name in FIXTURES:
    for record in json.loads((Path("fixtures") / name).read_text()):
        insert(record)
SearchWord = old.get_model("cotati_site", "SearchWord")
SearchWord.objects.create(word="fence", uses=12)

# A staff edit with its history, as the admin of that time wrote it: the summary saved with
# the next revision, a django-simple-history record naming the editor, an admin log entry.
User = old.get_model("auth", "User")
Group = old.get_model("auth", "Group")
ContentType = old.get_model("contenttypes", "ContentType")
LogEntry = old.get_model("admin", "LogEntry")
editor = User.objects.create(username="editor", is_staff=True, password="!")
editor.groups.add(Group.objects.get(name="Editors"))
Summary = old.get_model("cotati_site", "Summary")
summary = Summary.objects.order_by("pk").first()
summary.headline = summary.headline + " (edited by staff)"
summary.revision += 1
summary.save()
record_history(summary, "~", user_id=editor.pk)
summary_type = ContentType.objects.get(app_label="cotati_site", model="summary")
LogEntry.objects.create(
    action_time=timezone.now(), user_id=editor.pk, content_type_id=summary_type.pk,
    object_id=str(summary.pk), object_repr=summary.headline[:200], action_flag=2,
    change_message='[{"changed": {"fields": ["Headline"]}}]',
)

def moved_tables():
    tables = set()
    for model in old.get_app_config("cotati_site").get_models():
        tables.add(model._meta.db_table)
        for field in model._meta.local_many_to_many:
            tables.add(field.remote_field.through._meta.db_table)
    return sorted(tables)

def rows(table, columns=None):
    # After the split, only the columns the table had before: a later migration may add one
    # (the proposal's withdrawal date), which says nothing about rows kept or lost.
    listed = ", ".join(f'"{c}"' for c in columns) if columns else "*"
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT {listed} FROM "{table}"')
        columns = [c[0] for c in cursor.description]
        return columns, sorted((tuple(map(repr, row)) for row in cursor.fetchall()))

def editors_permissions():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT p.id, ct.app_label, ct.model, p.codename FROM auth_group_permissions gp "
            "JOIN auth_group g ON g.id = gp.group_id "
            "JOIN auth_permission p ON p.id = gp.permission_id "
            "JOIN django_content_type ct ON ct.id = p.content_type_id "
            "WHERE g.name = 'Editors'"
        )
        return sorted(cursor.fetchall())

tables = moved_tables()
assert len(tables) == 18, tables  # 10 models, 6 histories, 2 links of summaries/FAQs to sections
before_rows = {table: rows(table) for table in tables}
assert all(before_rows[t][1] for t in tables), [t for t in tables if not before_rows[t][1]]
before_editors = editors_permissions()
assert {codename for *_, codename in before_editors} >= {"change_summary", "view_codesection"}
assert all(label == "cotati_site" for _, label, _, _ in before_editors)

# The split.
executor = MigrationExecutor(connection)
executor.migrate(executor.loader.graph.leaf_nodes())
emit_post_migrate_signal(verbosity=0, interactive=False, db="default")  # as `migrate` does

for table in tables:
    assert rows(table, before_rows[table][0]) == before_rows[table], table
after_editors = editors_permissions()
assert [(pk, codename) for pk, _, _, codename in after_editors] == [
    (pk, codename) for pk, _, _, codename in before_editors
], (before_editors, after_editors)
assert all(label == NEW_LABEL[model] for _, label, model, _ in after_editors), after_editors

from django.contrib.admin.models import LogEntry as RealLogEntry
from django.contrib.contenttypes.models import ContentType as RealContentType
from cotati_site.guidance.models import Summary as RealSummary

# No content type left behind, none made twice.
assert not RealContentType.objects.filter(app_label="cotati_site").exists()
for model, label in NEW_LABEL.items():
    assert RealContentType.objects.filter(model=model).count() == 1, model
# The edit's history and its log entry reach the summary in its new app.
edited = RealSummary.objects.get(pk=summary.pk)
latest = edited.history.latest()
assert latest.history_user.username == "editor" and latest.headline == edited.headline
entry = RealLogEntry.objects.get(object_id=str(summary.pk))
assert entry.get_edited_object() == edited
assert entry.get_admin_url() == f"/admin/guidance/summary/{summary.pk}/change/"
print("split ok", len(tables), "tables", sum(len(r[1]) for r in before_rows.values()), "rows")
"""


def test_the_app_split_keeps_every_row_history_and_the_editors_permissions(tmp_path):
    url, drop = scratch_database_url(tmp_path)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "cotati_site.settings_test"}
    try:
        result = subprocess.run(
            [sys.executable, "-c", SPLIT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        drop()
    assert result.returncode == 0, result.stderr[-4000:]
    assert "split ok" in result.stdout, result.stdout[-2000:]
