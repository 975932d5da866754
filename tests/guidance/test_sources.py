"""Sources are labelled as honestly as they are known: a summary or FAQ answer "checked against
code text" cites only official text, quoted text never claims a retrieval from the official code,
and the standards data and the summaries agree on what is secondary."""

import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command

from cotati_site.codebook.models import CodeSection, SectionVersion, TextSource
from cotati_site.guidance.models import FAQ, Summary
from cotati_site.guidance.sources import basis_problem
from law.engine.loader import load_standards
from tests.factories import (
    make_section,
    make_summary,
    make_topic,
    summary_admin_form,
)

pytestmark = pytest.mark.django_db

SECONDARY = Summary.Basis.SECONDARY
CODE_TEXT = Summary.Basis.CODE_TEXT


# ---- the rule itself, case by case ----


@pytest.mark.parametrize(
    ("basis", "kinds", "allowed"),
    [
        pytest.param(CODE_TEXT, ["official"], True, id="code text citing official text stands"),
        pytest.param(
            CODE_TEXT,
            ["official", "official"],
            True,
            id="code text citing two official texts stands",
        ),
        pytest.param(
            CODE_TEXT, ["secondary_quote"], False, id="code text citing a peer quotation is refused"
        ),
        pytest.param(
            CODE_TEXT,
            ["official", "secondary_quote"],
            False,
            id="code text with one quoted section among official ones is refused",
        ),
        pytest.param(
            CODE_TEXT, ["redline"], False, id="code text citing redline-printed text is refused"
        ),
        pytest.param(
            CODE_TEXT, [""], False, id="code text citing a section with no text is refused"
        ),
        pytest.param(CODE_TEXT, [], False, id="code text citing no section is refused"),
        pytest.param(
            SECONDARY, ["secondary_quote"], True, id="secondary citing a quotation stands"
        ),
        pytest.param(SECONDARY, [], True, id="secondary citing nothing stands"),
        pytest.param(Summary.Basis.STATE_STATUTE, [], True, id="state statute stands"),
    ],
)
def test_a_code_text_basis_needs_official_text_in_every_cited_section(basis, kinds, allowed):
    sections = [CodeSection(number=f"99.99.{n}", text_source=kind) for n, kind in enumerate(kinds)]
    assert (basis_problem(basis, sections) is None) is allowed


# ---- the shipped content ----


def test_no_shipped_summary_or_faq_claims_code_text_its_sections_cannot_back():
    problems = {
        f"{type(item).__name__} {item.pk}": basis_problem(item.basis, item.sections.all())
        for model in (Summary, FAQ)
        for item in model.objects.prefetch_related("sections")
    }
    assert {key: problem for key, problem in problems.items() if problem} == {}


def test_the_sixteen_summaries_of_peer_quoted_sections_are_secondary_with_a_note():
    quoted = Summary.objects.filter(
        pk__in=[19, 20, 21, 22, 26, 27, 28, 29, 30, 31, 32, 33, 47, 48, 50, 52]
    )
    assert quoted.count() == 16
    for summary in quoted:
        assert summary.basis == SECONDARY, summary.pk
        assert "peer website" in summary.basis_note, summary.pk


def test_summaries_agree_with_the_standards_data_on_secondary_sources():
    # flood.toml, fences.toml, ... say "secondary" for rules known only from secondary sources;
    # a summary of the same section cannot say it was checked against code text.
    secondary_sections = {s.section for s in load_standards() if s.source == "secondary"}
    disagreeing = [
        (summary.pk, number)
        for summary in Summary.objects.filter(basis=CODE_TEXT).prefetch_related("sections")
        for number in summary.sections.values_list("number", flat=True)
        if number in secondary_sections
    ]
    assert disagreeing == []


def test_standards_marked_code_text_never_rest_on_quoted_text():
    quoted = set(
        CodeSection.objects.filter(text_source=TextSource.SECONDARY_QUOTE).values_list(
            "number", flat=True
        )
    )
    assert quoted, "the peer page's quoted sections are shipped"
    assert [s.id for s in load_standards() if s.source == "code_text" and s.section in quoted] == []


def test_every_faq_stating_a_figure_says_what_it_rests_on():
    unlabelled = [
        faq.pk for faq in FAQ.objects.published() if re.search(r"\d", faq.answer) and not faq.basis
    ]
    assert unlabelled == []


def test_a_secondary_faq_shows_its_caveat_on_the_topic_page(client):
    faq = FAQ.objects.select_related("topic").get(pk=22)  # lowest floor in a flood zone
    assert faq.basis == SECONDARY
    html = client.get(faq.topic.get_absolute_url()).content.decode()
    block = html.split(f'id="faq-{faq.pk}"', 1)[1].split('class="faq"', 1)[0]
    assert 'data-basis="secondary"' in html
    assert faq.basis_note in block


def test_quoted_sections_claim_no_retrieval_from_the_official_code():
    quoted = CodeSection.objects.filter(text_source=TextSource.SECONDARY_QUOTE)
    assert quoted.count() == 12
    for section in quoted:
        assert section.retrieved_on is None, section.number
        assert "peer website" in section.text_source_note, section.number
        for version in section.versions.all():
            assert version.text_source == TextSource.SECONDARY_QUOTE, section.number
            assert version.retrieved_on is None and version.source_url == "", section.number


def test_a_section_records_where_its_text_came_from_exactly_when_it_has_text():
    for section in CodeSection.objects.with_text_on(date.today()):
        assert bool(section.text_source) == (section.in_force_id is not None), section.number


def test_a_section_and_its_version_in_force_name_the_same_source():
    for version in SectionVersion.objects.in_force(date.today()).select_related("section"):
        assert version.text_source == version.section.text_source, version.section_id


def test_a_quoted_section_page_does_not_call_its_text_official(client):
    html = client.get("/code/15.04.170/").content.decode()
    assert 'data-text-source="secondary_quote"' in html
    source_line = html.split('data-text-source="secondary_quote">', 1)[1].split("</dd>", 1)[0]
    assert "Official code text" not in source_line
    assert "October 1, 2026</time>" not in source_line


def test_an_official_section_page_still_links_and_dates_its_official_text(client):
    html = client.get("/code/17.24.030/").content.decode()
    source_line = html.split('data-text-source="official">', 1)[1].split("</dd>", 1)[0]
    assert "Official code text" in source_line and "2026-05-11" in source_line


# ---- the admin refuses the mismatch ----


@pytest.fixture
def editor_client(client):
    user = User.objects.create_user(
        "sources-editor", password="a-long-test-password", is_staff=True
    )
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return client


def test_the_admin_refuses_code_text_for_a_summary_citing_a_quoted_section(editor_client):
    quoted = make_section("99.99.020", text_source=TextSource.SECONDARY_QUOTE)
    summary = make_summary(make_topic(), quoted, basis=SECONDARY, basis_note="From a peer page.")
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    refused = editor_client.post(url, summary_admin_form(summary, basis=CODE_TEXT))
    assert refused.status_code == 200
    assert "§ 99.99.020" in refused.content.decode()
    summary.refresh_from_db()
    assert summary.basis == SECONDARY
    accepted = editor_client.post(
        url, summary_admin_form(summary, headline="Edited, still secondary.")
    )
    assert accepted.status_code == 302


# ---- existing databases and re-loads ----


def test_load_content_update_restores_the_corrected_sources():
    section = CodeSection.objects.get(pk="15.04.170")
    version = section.versions.get(status="adopted")
    CodeSection.objects.filter(pk=section.pk).update(text_source="official")
    SectionVersion.objects.filter(pk=version.pk).update(
        notes="How we transcribed it: see law/families/flood/flood.toml."
    )
    Summary.objects.filter(pk=29).update(basis=CODE_TEXT)

    call_command("load_content", verbosity=0)  # without --update, staff edits are kept
    assert Summary.objects.get(pk=29).basis == CODE_TEXT

    call_command("load_content", "--update", verbosity=0)
    section.refresh_from_db()
    version.refresh_from_db()
    assert section.text_source == TextSource.SECONDARY_QUOTE
    assert "law/data" not in version.notes and "law/data" not in version.staff_note
    assert Summary.objects.get(pk=29).basis == SECONDARY
