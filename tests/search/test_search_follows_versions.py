"""Search reads the text of each section's version in force: promoting a version or
reaching its effective date changes what is found and quoted."""

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command

from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.services import promote_version, reindex_sections
from cotati_site.search import search
from tests.factories import make_section, make_version, paragraph

pytestmark = pytest.mark.django_db


def found(word: str) -> set[str]:
    return {hit.key for hit in search.search(word).hits}


def test_a_section_is_found_by_the_words_of_its_version_in_force():
    make_section("98.60.010", title="Burrows", body=paragraph("Wombat burrows are allowed."))
    assert "section-98.60.010" in found("wombat")


def test_a_promoted_version_in_force_replaces_the_old_words_in_search(settings):
    settings.RULES_AS_OF = date(2027, 3, 3)
    section = make_section("98.60.020", title="Burrows", body=paragraph("Wombat burrows."))
    proposed = make_version(section, status="proposed", body=paragraph("Numbat burrows."))
    assert "section-98.60.020" in found("wombat")
    assert "section-98.60.020" not in found("numbat")  # a proposal is not searched
    promote_version(proposed, ordinance="Ord. 950", effective_on=date(2027, 3, 3))
    assert "section-98.60.020" in found("numbat")
    assert "section-98.60.020" not in found("wombat")


@pytest.mark.parametrize(
    ("as_of", "word", "other"),
    [(date(2027, 2, 28), "wombat", "numbat"), (date(2027, 3, 1), "numbat", "wombat")],
    ids=[
        "the day before an adopted version takes effect search finds the old words",
        "on its effective date search finds the new words, with no write in between",
    ],
)
def test_search_follows_the_version_in_force_when_its_date_arrives(settings, as_of, word, other):
    settings.RULES_AS_OF = date(2027, 1, 1)
    section = make_section("98.60.030", title="Burrows", body=paragraph("Wombat burrows."))
    make_version(section, body=paragraph("Numbat burrows."), effective_on=date(2027, 3, 1))
    assert "section-98.60.030" in found("wombat")
    settings.RULES_AS_OF = as_of  # the next day's first search checks the index
    assert "section-98.60.030" in found(word)
    assert "section-98.60.030" not in found(other)
    assert word.capitalize() in CodeSection.objects.get(number="98.60.030").search_text


def test_the_daily_command_reindexes_sections_whose_version_took_effect(settings):
    settings.RULES_AS_OF = date(2027, 1, 1)
    section = make_section("98.60.040", title="Burrows", body=paragraph("Wombat burrows."))
    later = make_version(section, body=paragraph("Numbat burrows."), effective_on=date(2027, 3, 1))
    out = StringIO()
    call_command("refresh_search_index", "--on", "2027-03-01", stdout=out)
    section.refresh_from_db()
    assert section.search_version == later
    assert "Numbat" in section.search_text
    assert "1 sections re-indexed" in out.getvalue()
    assert reindex_sections(on=date(2027, 3, 1)) == 0  # nothing left to do


def test_the_daily_command_rejects_a_date_it_cannot_read():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        call_command("refresh_search_index", "--on", "next week", stdout=StringIO())


def test_the_shipped_index_holds_the_version_in_force_of_every_section():
    today = date.today()
    for section in CodeSection.objects.with_text_on(today):
        assert section.search_version_id == section.in_force_id, section.number


def test_a_new_process_narrows_its_first_check_from_the_last_full_one(
    settings, django_capture_on_commit_callbacks
):
    from cotati_site.codebook.models import SectionVersion

    settings.RULES_AS_OF = date(2027, 1, 1)
    section = make_section("98.60.050", title="Burrows", body=paragraph("Wombat burrows."))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("refresh_search_index", stdout=StringIO())  # the daily full check
    # A version written without the services (e.g. restored), taking effect on 2027-03-01.
    SectionVersion.objects.create(
        section=section,
        status="adopted",
        source="Ord. 952",
        body=paragraph("Numbat burrows."),
        effective_on=date(2027, 3, 1),
    )
    search._index_checked_on[0] = None  # a process that has not checked yet
    settings.RULES_AS_OF = date(2027, 3, 1)
    assert "section-98.60.050" in found("numbat")
