"""The content the site ships with: loads repeatably, cites real sections, keeps drafts out."""

import json
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from cotati_site.codebook.models import CodeSection
from cotati_site.core.section_numbers import (
    SECTION_NUMBER_RE,
    STATE_SECTION_NUMBER_RE,
    section_sort_key,
)
from cotati_site.guidance.models import FAQ, Summary, Topic

pytestmark = pytest.mark.django_db
FIXTURES = Path(settings.BASE_DIR) / "fixtures"


def counts():
    return (
        CodeSection.objects.count(),
        Topic.objects.count(),
        Summary.objects.count(),
        FAQ.objects.count(),
    )


def test_loading_the_content_twice_changes_nothing():
    before = counts()
    titles = list(Summary.objects.order_by("pk").values_list("headline", flat=True))
    call_command("load_content", verbosity=0)
    assert counts() == before
    assert list(Summary.objects.order_by("pk").values_list("headline", flat=True)) == titles


def test_loading_keeps_staff_edits_unless_asked_to_update():
    summary = Summary.objects.order_by("pk").first()
    Summary.objects.filter(pk=summary.pk).update(headline="Edited by staff.")
    call_command("load_content", verbosity=0)
    assert Summary.objects.get(pk=summary.pk).headline == "Edited by staff."
    call_command("load_content", "--update", verbosity=0)
    assert Summary.objects.get(pk=summary.pk).headline == summary.headline


def test_fixture_counts_match_the_database():
    for name, model in (
        ("sections", CodeSection),
        ("topics", Topic),
        ("summaries", Summary),
        ("faqs", FAQ),
    ):
        records = json.loads((FIXTURES / f"{name}.json").read_text())
        assert model.objects.count() >= len(records)


def test_every_summary_cites_a_section_or_a_statute():
    for summary in Summary.objects.prefetch_related("sections"):
        assert summary.sections.exists() or summary.citation_text, summary.headline
        if summary.source_kind == Summary.SourceKind.STATE_LAW:
            assert summary.citation_text, summary.headline


def test_every_section_a_summary_cites_is_in_the_fixtures():
    sections = {r["pk"] for r in json.loads((FIXTURES / "sections.json").read_text())}
    for record in json.loads((FIXTURES / "summaries.json").read_text()):
        assert set(record["fields"].get("sections", [])) <= sections, record["pk"]


def test_every_section_a_standard_cites_exists():
    from law.engine import load_standards

    numbers = set(CodeSection.objects.values_list("number", flat=True))
    for standard in load_standards():
        if SECTION_NUMBER_RE.match(standard.section) or STATE_SECTION_NUMBER_RE.match(
            standard.section
        ):
            assert standard.section in numbers, standard.id
        else:
            # Only a rule known from a secondary source may lack a section number.
            assert standard.source == "secondary", standard.id


def test_secondary_summaries_say_where_they_come_from():
    for summary in Summary.objects.filter(basis=Summary.Basis.SECONDARY):
        assert summary.basis_note, summary.headline


def test_the_required_sections_are_present_with_text():
    with_text = [
        "17.24.020",
        "17.24.030",
        "17.24.040",
        "17.24.050",
        "10.30.170",
        "14.30.070",
        "14.38.060",
        "15.04.150",
        "15.04.170",
        "15.04.220",
        "17.31.020",
        "17.31.050",
        "17.36.050",
        "17.54.080",
        "7.12.020",
        "9.60.140",
    ]
    for number in with_text:
        assert CodeSection.objects.get(number=number).version_in_force(date.today()), number
    for number in ["17.30.030", "17.30.040", "17.42.080", "17.42.160", "17.62.060"]:
        assert CodeSection.objects.filter(number=number).exists(), number


def test_every_district_table_of_17_24_030_is_a_real_table():
    body = CodeSection.objects.get(number="17.24.030").version_in_force(date.today()).body
    captions = " ".join(block.get("caption", "") for block in body if block["type"] == "table")
    for table in [
        "2-5",
        "2-6",
        "2-7",
        "2-8",
        "2-9",
        "2-10",
        "2-11",
        "2-12",
        "2-13",
        "2-14",
        "2-15",
        "2-17",
        "2-18",
    ]:
        assert f"Table {table} " in captions + " ", table


def test_every_peer_page_topic_is_present():
    slugs = set(Topic.objects.values_list("slug", flat=True))
    assert len(slugs) >= 18
    assert "zoning-districts" in slugs


@pytest.mark.parametrize(
    ("smaller", "larger"),
    [
        ("17.24.9", "17.24.10"),
        ("7.12.020", "17.24.020"),
        ("17.24.050", "17.30.020"),
        ("15.04.150", "15.04.170"),
    ],
)
def test_sections_sort_as_the_code_does(smaller, larger):
    assert section_sort_key(smaller) < section_sort_key(larger)
