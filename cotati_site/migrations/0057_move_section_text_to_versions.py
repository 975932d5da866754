"""A section's text moves onto its versions; proposed records join their proposal.

- ``Proposal`` (with history) owns proposed section versions and map changes
  (``proposal`` foreign keys). Proposed records whose source names the Spring 2026 code
  cleanup are linked to a ``spring-2026-cleanup`` proposal, created when needed.
- Every section holding text in ``body`` that no adopted version of it holds gets an
  adopted version with that text (effective from the day the text was taken, else
  today), with a history record, so 0058 can drop ``CodeSection.body``.
- ``search_text`` becomes the search index's copy of the version in force
  (``search_version``), filled here for today; a section whose text the site now holds
  only on versions names their source (``text_source``), as one with a body did.

Backwards: the versions made here give their text back to ``body`` and are deleted; a
section without one gets the text of its latest whole-section adopted version in force.
Functions are written out here, not imported, so the migration keeps meaning what it
meant when it ran.
"""

from django.db import migrations
from django.utils import timezone

MOVED_SOURCE = "Code text held on the section record"
MOVED_NOTE = (
    "The text this site held for the section as a whole before its versions held all text; "
    "dated from the day it was taken from its source."
)
SPRING = {
    "id": "spring-2026-cleanup",
    "title": "Spring 2026 code cleanup",
    "source_document": "Attachment A: Redline of proposed code updates for Spring 2026 Code cleanup",
}


def _lines(blocks):
    lines = []
    for block in blocks or []:
        if block.get("type") == "table":
            if block.get("caption"):
                lines.append(block["caption"])
            for row in list(block.get("head", [])) + list(block.get("rows", [])):
                if isinstance(row, dict):
                    lines.append(row.get("group", ""))
                else:
                    lines.append(" | ".join(str(cell) for cell in row))
            lines.extend(block.get("notes", []))
        else:
            lines.append(" ".join(filter(None, [block.get("label", ""), block.get("text", "")])))
    return "\n".join(" ".join(line.split()) for line in lines if line and line.strip())


def _in_force(versions, on):
    adopted = [
        v for v in versions if v.status == "adopted" and v.effective_on and v.effective_on <= on
    ]
    return max(adopted, key=lambda v: (v.effective_on, v.pk), default=None)


_VERSION_FIELDS = (
    "text_source",
    "section_id",
    "status",
    "source",
    "proposed_as",
    "proposal_id",
    "part",
    "body",
    "adopted_on",
    "effective_on",
    "notes",
    "source_url",
    "retrieved_on",
)


def forward(apps, schema_editor):
    CodeSection = apps.get_model("cotati_site", "CodeSection")
    SectionVersion = apps.get_model("cotati_site", "SectionVersion")
    History = apps.get_model("cotati_site", "HistoricalSectionVersion")
    Proposal = apps.get_model("cotati_site", "Proposal")
    ZoningMapChange = apps.get_model("cotati_site", "ZoningMapChange")
    today = timezone.localdate()
    now = timezone.now()

    for model in (SectionVersion, ZoningMapChange):
        legacy = model.objects.filter(
            status="proposed", proposal__isnull=True, source__startswith=SPRING["title"]
        )
        if legacy.exists():
            spring, _created = Proposal.objects.get_or_create(
                id=SPRING["id"],
                defaults={"title": SPRING["title"], "source_document": SPRING["source_document"]},
            )
            legacy.update(proposal=spring)

    for section in CodeSection.objects.all():
        if not section.body:
            continue
        adopted = SectionVersion.objects.filter(section=section, status="adopted")
        if any(version.body == section.body for version in adopted):
            continue
        version = SectionVersion.objects.create(
            section=section,
            status="adopted",
            source=MOVED_SOURCE,
            body=section.body,
            effective_on=section.retrieved_on or today,
            notes=MOVED_NOTE,
            source_url=section.source_url,
            retrieved_on=section.retrieved_on,
            text_source=section.text_source or "official",
        )
        History.objects.create(
            id=version.pk,
            **{name: getattr(version, name) for name in _VERSION_FIELDS},
            history_date=now,
            history_type="+",
            history_change_reason="Text moved from the section record",
        )

    for section in CodeSection.objects.all():
        current = _in_force(list(SectionVersion.objects.filter(section=section)), today)
        section.search_version = current
        section.search_text = _lines(current.body) if current else ""
        if current and not section.text_source:  # where the site's text of it came from
            section.text_source = current.text_source
        section.save(update_fields=["search_version", "search_text", "text_source"])


def backward(apps, schema_editor):
    CodeSection = apps.get_model("cotati_site", "CodeSection")
    SectionVersion = apps.get_model("cotati_site", "SectionVersion")
    today = timezone.localdate()
    for section in CodeSection.objects.all():
        versions = list(SectionVersion.objects.filter(section=section))
        moved = [v for v in versions if v.source == MOVED_SOURCE and v.notes == MOVED_NOTE]
        whole = [v for v in versions if not v.part and v not in moved]
        source = moved[0] if moved else _in_force(whole, today)
        section.body = source.body if source else []
        section.search_text = _lines(section.body)
        section.search_version = None
        section.save(update_fields=["body", "search_text", "search_version"])
        for version in moved:
            version.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0056_proposals_and_text_on_versions"),
    ]

    operations = [
        migrations.RunPython(forward, backward),
    ]
