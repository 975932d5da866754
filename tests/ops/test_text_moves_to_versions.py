"""Migrations 0056-0058 move every section's text onto its versions and links the Spring
2026 proposal, keeping the data; backwards, the text returns to the section.

Run in a child process on a scratch database (see test_migrations.py), built at the
schema before the move (0055) with content shaped like a staff database of that time.
"""

import os
import subprocess
import sys

from tests.ops.test_migrations import ROOT, scratch_database_url

MOVE = """
import django
django.setup()
import datetime
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("cotati_site", target)])
    executor.loader.build_graph()
    return executor.loader.project_state([("cotati_site", target)]).apps

apps = migrate("0055_codesection_jurisdiction")
Section = apps.get_model("cotati_site", "CodeSection")
Version = apps.get_model("cotati_site", "SectionVersion")
Change = apps.get_model("cotati_site", "ZoningMapChange")
words = [{"type": "paragraph", "text": "Wombat burrows are allowed."}]
kept = [{"type": "paragraph", "text": "Numbat tunnels are allowed."}]
common = {"code_title": 98, "source_url": "https://ecode360.com/CO4398"}
Section.objects.create(number="98.70.010", title="Moved", body=words,
                       retrieved_on=datetime.date(2025, 5, 1), sort_key="a", **common)
Section.objects.create(number="98.70.020", title="Held", body=kept, sort_key="b", **common)
Version.objects.create(section_id="98.70.020", status="adopted", source="Ord. 1", body=kept,
                       effective_on=datetime.date(2024, 1, 1))
Section.objects.create(number="98.70.030", title="Title only", body=[], sort_key="c", **common)
Version.objects.create(section_id="98.70.030", status="proposed", body=kept,
                       source="Spring 2026 code cleanup (proposed)")
Change.objects.create(apn="144-720-061", from_zone="CE", to_zone="NM",
                      source="Spring 2026 code cleanup (proposed)")

apps = migrate("0058_remove_codesection_body")
Section = apps.get_model("cotati_site", "CodeSection")
Version = apps.get_model("cotati_site", "SectionVersion")
History = apps.get_model("cotati_site", "HistoricalSectionVersion")
moved = Version.objects.get(section_id="98.70.010")
assert (moved.status, moved.body, moved.effective_on) == ("adopted", words, datetime.date(2025, 5, 1))
assert History.objects.filter(id=moved.pk, history_type="+").count() == 1
assert Version.objects.filter(section_id="98.70.020").count() == 1, "text already on a version"
assert not Version.objects.filter(section_id="98.70.030", status="adopted").exists()
proposed = Version.objects.get(section_id="98.70.030")
assert proposed.proposal_id == "spring-2026-cleanup"
assert apps.get_model("cotati_site", "ZoningMapChange").objects.get().proposal_id == "spring-2026-cleanup"
index = {s.number: (s.search_version_id, s.search_text) for s in Section.objects.all()}
assert index["98.70.010"] == (moved.pk, "Wombat burrows are allowed.")
assert index["98.70.030"] == (None, "")
assert "body" not in {f.name for f in Section._meta.get_fields()}

apps = migrate("0055_codesection_jurisdiction")
Section = apps.get_model("cotati_site", "CodeSection")
Version = apps.get_model("cotati_site", "SectionVersion")
assert Section.objects.get(number="98.70.010").body == words
assert Section.objects.get(number="98.70.020").body == kept
assert Section.objects.get(number="98.70.030").body == []
assert not Version.objects.filter(section_id="98.70.010").exists()
print("move ok")
"""


def test_section_text_moves_to_versions_and_back(tmp_path):
    url, drop = scratch_database_url(tmp_path)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "cotati_site.settings_test"}
    try:
        result = subprocess.run(
            [sys.executable, "-c", MOVE],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        drop()
    assert result.returncode == 0, result.stderr[-4000:]
    assert "move ok" in result.stdout
