"""When a section gains its official text: summaries need review (and say why), secondary
standards are listed for re-checking, and re-checked summaries stop citing the peer site."""

import io
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone

from cotati_site.codebook import code_text, recheck
from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.official_text import parse_official_text
from cotati_site.guidance import review, services
from cotati_site.guidance.models import Summary
from tests.factories import summary_admin_form

PASTE = Path(__file__).parent / "pastes" / "17.30.030-table-3-2.txt"


def adopt_fence_text():
    return code_text.adopt_official_text(
        CodeSection.objects.get(pk="17.30.030"),
        parse_official_text(PASTE.read_text()).blocks,
        source="Ord. 935",
        effective_on=date(2026, 11, 1),
        retrieved_on=date(2026, 11, 2),
        source_url="https://ecode360.com/CO4398",
        history="(Ord. 766 § 2 Exh. A (part), 2004; Ord. 935, 6/24/2025)",
    )


@pytest.fixture
def superuser(client):
    user = User.objects.create_superuser("root", "root@example.org", "x")
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_secondary_fence_standards_are_listed_once_the_section_has_official_text(client, superuser):
    fence_ids = {r.standard.id for r in recheck.secondary_standards_to_recheck()}
    assert "t3-2-front-street-side-setback" not in fence_ids
    adopt_fence_text()
    listed = recheck.secondary_standards_to_recheck()
    fence = [r for r in listed if r.section.number == "17.30.030"]
    assert "t3-2-front-street-side-setback" in {r.standard.id for r in fence}
    assert all(r.standard.source == "secondary" for r in listed)
    page = client.get("/admin/codebook/codesection/recheck-secondary/").content.decode()
    assert 'data-standard="t3-2-front-street-side-setback"' in page
    out = io.StringIO()
    call_command("secondary_standards", stdout=out)
    assert "t3-2-front-street-side-setback" in out.getvalue()
    assert "fences.toml" in out.getvalue()


@pytest.mark.django_db
def test_before_the_official_text_no_fence_standard_is_listed():
    out = io.StringIO()
    call_command("secondary_standards", stdout=out)
    ids = out.getvalue()
    assert "t3-2-front-street-side-setback" not in ids


@pytest.mark.django_db
def test_needs_review_says_what_changed_and_links_the_redline(client, superuser):
    summary = Summary.objects.filter(sections="17.30.030").first()
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    assert "Nothing: every cited section" in client.get(url).content.decode()
    adopted = adopt_fence_text()
    html = client.get(url).content.decode()
    assert 'data-changed-section="17.30.030"' in html
    assert "Ord. 935, in force from November 1, 2026" in html
    link = f"/code/17.30.030/compare/?from={summary.checked_versions['17.30.030']}&amp;to={adopted.version.pk}"
    assert link in html
    assert client.get(link.replace("&amp;", "&")).status_code == 200
    assert "data-checked-today" in html  # the action is on the edit page too


@pytest.mark.django_db
def test_the_edit_pages_checked_today_button_records_the_check(client, superuser):
    adopt_fence_text()
    summary = Summary.objects.filter(sections="17.30.030", basis="secondary").first()
    assert summary.pk in review.summaries_needing_review(timezone.localdate())
    response = client.post(
        f"/admin/guidance/summary/{summary.pk}/change/",
        {**summary_admin_form(summary), "_checked_today": "1"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    summary.refresh_from_db()
    assert summary.checked_on == timezone.localdate()
    assert summary.pk not in review.summaries_needing_review(timezone.localdate())


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["list action", "edit page button"])
def test_checked_today_from_the_list_or_the_edit_page_records_the_same_check(
    client, superuser, where
):
    """Both ways of saying "checked against the current code today" do the same: the date,
    and a secondary summary whose sections now hold official text is checked against it."""
    adopt_fence_text()
    summary = next(
        s
        for s in Summary.objects.filter(sections="17.30.030", basis="secondary")
        if list(s.sections.values_list("pk", flat=True)) == ["17.30.030"]
    )
    if where == "list action":
        data = {"action": "mark_checked_today", "_selected_action": [summary.pk]}
        response = client.post("/admin/guidance/summary/", data)
    else:
        response = client.post(
            f"/admin/guidance/summary/{summary.pk}/change/",
            {**summary_admin_form(summary), "_checked_today": "1"},
        )
    assert response.status_code == 302
    summary.refresh_from_db()
    assert (summary.checked_on, summary.basis) == (timezone.localdate(), "code_text")


@pytest.mark.django_db
def test_public_pages_stop_citing_the_peer_website_once_summaries_are_rechecked(client):
    topic = "/topics/fences-and-walls/"
    summaries = list(Summary.objects.filter(sections="17.30.030", basis="secondary"))
    assert summaries and "peer website" in client.get(topic).content.decode()
    adopt_fence_text()
    # Official text alone is not enough: the summaries still say where they came from
    # until an editor has re-checked them against it.
    assert all(
        s.basis == "secondary" for s in Summary.objects.filter(pk__in=[s.pk for s in summaries])
    )
    for summary in Summary.objects.filter(sections="17.30.030"):
        services.mark_checked(summary, timezone.localdate())
    only_fence = [
        s for s in summaries if list(s.sections.values_list("pk", flat=True)) == ["17.30.030"]
    ]
    also_height = [s for s in summaries if s not in only_fence]  # also cites § 17.30.040
    assert only_fence and also_height
    html = client.get(topic).content.decode()
    for summary in only_fence:
        summary.refresh_from_db()
        assert summary.basis == Summary.Basis.CODE_TEXT and summary.basis_note == ""
    for summary in also_height:  # § 17.30.040 has no official text yet: the note stays
        summary.refresh_from_db()
        assert summary.basis == Summary.Basis.SECONDARY
        assert summary.basis_note in html
    # Each summary's own article on the page (FAQ answers are prose of their own).
    articles = {
        int(chunk.split('"', 1)[0]): chunk.split("</article>", 1)[0]
        for chunk in html.split('<article class="rule" id="summary-')[1:]
    }
    for summary in only_fence:
        assert "peer website" not in articles[summary.pk]
    for summary in also_height:
        assert "peer website" in articles[summary.pk]
