"""Versions of a section: "in force" is a query for a date; a proposal is never in force."""

from datetime import date

import pytest
from django.contrib.auth.models import Group, User

from cotati_site.codebook.models import CodeSection, Proposal, SectionVersion, VersionStatus
from cotati_site.codebook.redline import text_to_blocks
from tests.factories import make_section, make_version, paragraph

pytestmark = pytest.mark.django_db


def test_the_version_in_force_is_the_latest_adopted_version_in_effect_on_the_date():
    section = make_section()
    old = make_version(section, effective_on=date(2024, 1, 1), body=paragraph("Old."))
    new = make_version(section, effective_on=date(2027, 1, 1), body=paragraph("New."))
    assert section.version_in_force(date(2023, 12, 31)) is None
    assert section.version_in_force(date(2024, 1, 1)) == old
    assert section.version_in_force(date(2026, 12, 31)) == old
    assert section.version_in_force(date(2027, 1, 1)) == new


def test_in_force_gives_one_version_per_section_the_later_entered_on_a_tie():
    section = make_section()
    make_version(section, effective_on=date(2024, 1, 1), body=paragraph("First."))
    second = make_version(section, effective_on=date(2024, 1, 1), body=paragraph("Second."))
    in_force = SectionVersion.objects.in_force(date(2024, 1, 1)).filter(section=section)
    assert list(in_force) == [second]


def test_a_proposed_version_never_counts_as_in_force_whatever_the_date():
    section = make_section()
    adopted = make_version(section, effective_on=date(2024, 1, 1))
    make_version(section, status="proposed", effective_on=date(2025, 1, 1))
    for on in (date(2024, 6, 1), date(2030, 1, 1), date(2100, 1, 1)):
        assert section.version_in_force(on) == adopted
    assert not SectionVersion.objects.in_force(date(2100, 1, 1)).filter(status="proposed")


def test_every_section_with_text_on_the_site_has_a_version_in_force_holding_it():
    # The shipped sections with their whole text (formerly also on CodeSection.body).
    whole = SectionVersion.objects.filter(source__startswith="Municipal Code as", part="")
    assert whole.count() >= 17
    for version in whole:
        assert version.section.version_in_force(date.today()) == version, version.section_id


def test_every_section_the_redline_touches_has_a_proposed_version():
    touched = {
        "3.42.040",
        "17.22.020",
        "17.24.020",
        "17.30.030",
        "17.36.090",
        "17.36.100",
        "17.39.030",
        "17.39.040",
        "17.44.040",
        "17.62.060",
    }
    proposed = set(
        SectionVersion.objects.proposed().values_list("section_id", flat=True).distinct()
    )
    assert proposed == touched
    assert all(v.effective_on is None for v in SectionVersion.objects.proposed())


def test_redline_before_texts_are_marked_as_printed_in_the_redline():
    before = SectionVersion.objects.adopted().filter(source__icontains="Spring 2026 redline")
    assert set(before.values_list("section_id", flat=True)) == {
        "3.42.040",
        "17.22.020",
        "17.30.030",
        "17.36.090",
        "17.39.030",
        "17.39.040",
        "17.44.040",
        "17.62.060",
    }
    assert all(v.effective_on == date(2026, 6, 20) for v in before)


def test_the_transit_use_table_is_a_real_table_with_the_new_multifamily_rows():
    version = SectionVersion.objects.proposed().get(section="17.22.020")
    table = next(block for block in version.body if block["type"] == "table")
    assert table["head"][0][1:7] == ["HC", "LP", "NG", "CA", "TOC", "SW"]
    uses = [row[0] for row in table["rows"] if isinstance(row, list)]
    assert "Multifamily housing 10+ units(9)" in uses
    assert "Multifamily plex housing" not in uses
    assert all(len(row) == 8 for row in table["rows"] if isinstance(row, list))


def test_the_proposed_table_2_4_adds_only_the_toc_row():
    proposed = SectionVersion.objects.proposed().get(section="17.24.020")
    adopted = CodeSection.objects.get(number="17.24.020").version_in_force(date.today()).body
    rows = next(b for b in proposed.body if b["type"] == "table")["rows"]
    adopted_rows = next(b for b in adopted if b["type"] == "table")["rows"]
    assert [r for r in rows if r not in adopted_rows] == [
        ["TOC", "2,000 sq. ft.(4)", "20 ft.", "25 units per acre(3)", "35 units per acre"]
    ]


def test_section_page_shows_the_text_in_force_and_lists_versions(client):
    section = make_section()
    make_version(section, effective_on=date(2020, 1, 1), body=paragraph("The older words."))
    current = make_version(section, effective_on=date(2024, 1, 1), body=paragraph("Words now."))
    html = client.get(section.get_absolute_url()).content.decode()
    assert f'data-version="{current.pk}"' in html
    assert "Words now." in html
    assert html.count('data-status="adopted"') == 2
    # As of an earlier date, the older text is in force.
    earlier = client.get(section.get_absolute_url(), {"as_of": "2021-06-01"}).content.decode()
    assert "The older words." in earlier


def test_pasted_text_becomes_labelled_paragraph_blocks():
    blocks = text_to_blocks(
        "A. Purpose. The variance provides\na process.\n\n1. Setbacks;\n\n(a) Detail.\n\nClosing words."
    )
    assert blocks == [
        {
            "type": "paragraph",
            "label": "A.",
            "level": 1,
            "text": "Purpose. The variance provides a process.",
        },
        {"type": "paragraph", "label": "1.", "level": 2, "text": "Setbacks;"},
        {"type": "paragraph", "label": "(a)", "level": 3, "text": "Detail."},
        {"type": "paragraph", "text": "Closing words."},
    ]
    assert text_to_blocks("One line.\nAnother line.") == [
        {"type": "paragraph", "text": "One line."},
        {"type": "paragraph", "text": "Another line."},
    ]


@pytest.fixture
def superuser_client(client):
    client.force_login(User.objects.create_superuser("root", password="a-long-test-password"))
    return client


def _pasted_version(section, **fields) -> dict:
    return {
        "section": section.pk,
        "status": "proposed",
        "source": "Summer 2027 cleanup (proposed)",
        "pasted_text": "A. First rule.\n\nB. Second rule.",
        "body": "[]",
        **fields,
    }


def test_superuser_adds_a_version_by_pasting_the_official_text(superuser_client):
    section = make_section()
    summer = Proposal.objects.create(
        id="summer-2027-cleanup", title="Summer 2027 cleanup", source_document="A test redline"
    )
    response = superuser_client.post(
        "/admin/codebook/sectionversion/add/", _pasted_version(section, proposal=summer.pk)
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    version = section.versions.get()
    assert [block["label"] for block in version.body] == ["A.", "B."]
    assert version.status == VersionStatus.PROPOSED
    assert version.proposal == summer


def test_a_proposed_version_without_its_proposal_is_refused_in_the_admin(superuser_client):
    section = make_section()
    response = superuser_client.post(
        "/admin/codebook/sectionversion/add/", _pasted_version(section)
    )
    assert response.status_code == 200
    assert "belongs to a proposal" in response.content.decode()
    assert not section.versions.exists()


def test_an_adopted_version_needs_its_effective_date(superuser_client):
    section = make_section()
    response = superuser_client.post(
        "/admin/codebook/sectionversion/add/",
        {"section": section.pk, "status": "adopted", "source": "Ord. 1", "pasted_text": "A. X."},
    )
    assert response.status_code == 200
    assert not section.versions.exists()


def test_promoting_a_proposed_version_makes_it_adopted_from_its_effective_date(superuser_client):
    section = make_section()
    make_version(section, effective_on=date(2024, 1, 1))
    proposal = make_version(section, status="proposed", body=paragraph("Proposed words."))
    url = "/admin/codebook/sectionversion/"
    form_page = superuser_client.post(
        url, {"action": "promote_to_adopted", "_selected_action": [proposal.pk]}
    )
    assert form_page.status_code == 200
    assert 'name="ordinance"' in form_page.content.decode()
    response = superuser_client.post(
        url,
        {
            "action": "promote_to_adopted",
            "_selected_action": [proposal.pk],
            "apply": "1",
            "ordinance": "Ord. 950",
            "adopted_on": "2027-02-01",
            "effective_on": "2027-03-03",
        },
    )
    assert response.status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == "adopted"
    assert proposal.source == "Ord. 950"
    assert proposal.proposed_as == "A test proposal (proposed)"
    assert section.version_in_force(date(2027, 3, 2)) != proposal
    assert section.version_in_force(date(2027, 3, 3)) == proposal


def test_editors_may_read_versions_but_not_add_or_change_them(client):
    editor = User.objects.create_user("ed", password="a-long-test-password", is_staff=True)
    editor.groups.add(Group.objects.get(name="Editors"))
    client.force_login(editor)
    version = SectionVersion.objects.first()
    assert client.get(f"/admin/codebook/sectionversion/{version.pk}/change/").status_code == 200
    assert client.get("/admin/codebook/sectionversion/add/").status_code == 403
    response = client.post(
        f"/admin/codebook/sectionversion/{version.pk}/change/",
        {"section": version.section_id, "status": "adopted", "source": "Tampered"},
    )
    assert response.status_code == 403
    version.refresh_from_db()
    assert version.source != "Tampered"
