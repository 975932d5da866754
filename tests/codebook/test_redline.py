"""The Spring 2026 redline on section pages: banner, <ins>/<del> redline, rezoning."""

import re

import pytest

from cotati_site.codebook.models import SectionVersion
from cotati_site.codebook.redline import redline
from cotati_site.core.word_diff import DELETED, INSERTED, SAME, word_diff
from tests.factories import make_section, make_summary, make_topic, make_version
from tests.factories import paragraph as para

pytestmark = pytest.mark.django_db

# Section → (words the proposal deletes, words it inserts), as we read the redline.
CHANGES = {
    "3.42.040": (["borne", "Hayward)", "February", "Index,"], ["necessary", "Jose)", "April"]),
    "17.22.020": (["project"], ["10+", "units(9)", "(9)", "(10)"]),
    "17.24.020": ([], ["TOC", "2,000", "35"]),
    "17.36.090": (["F.", "K.", "granted"], ["E.", "J.", "made"]),
    "17.36.100": ([], ["Driveway", "gated", "thirty"]),
    "17.39.030": (["dwellings,"], ["residences,"]),
    "17.39.040": (["dwellings,", "refuse", "landfill"], ["residences,", "trash", "garbage"]),
    "17.44.040": ([], ["FCC", "RF", "Exposure"]),
    "17.62.060": (["twenty-five"], ["ten"]),
}


def tag_text(html: str, tag: str) -> list[str]:
    """The words inside each <tag> of the page's redlines, without the screen-reader prefix."""
    redlines = " ".join(part.split("</div>")[0] for part in html.split("data-redline>")[1:])
    found = re.findall(
        rf"<{tag}><span class=\"visually-hidden\">\[\w+: </span>(.*?)<span", redlines
    )
    return [word for text in found for word in text.split()]


@pytest.mark.parametrize("number", sorted(CHANGES), ids=lambda n: f"§ {n} redline")
def test_each_imported_section_shows_its_proposed_change_as_a_redline(client, number):
    deleted, inserted = CHANGES[number]
    html = client.get(f"/code/{number}/").content.decode()
    assert "Proposed change" in html and "not law yet" in html
    assert "data-proposed-version=" in html
    for word in deleted:
        assert word in tag_text(html, "del"), word
    for word in inserted:
        assert word in tag_text(html, "ins"), word


def test_minor_variance_redline_strikes_twenty_five_and_inserts_ten(client):
    html = client.get("/code/17.62.060/").content.decode()
    assert tag_text(html, "del") == ["twenty-five"]
    assert tag_text(html, "ins") == ["ten"]
    assert "[deleted: </span>twenty-five" in html  # announced in words, not colour alone
    assert "[inserted: </span>ten" in html


def test_fence_table_changes_cannot_be_separated_so_the_redline_says_so(client):
    html = client.get("/code/17.30.030/").content.decode()
    assert "Proposed change" in html
    # Not "no differences": the front-setback row changes, and the page says it cannot
    # show how (issue 13); no word is struck or inserted by guesswork.
    assert "No differences in wording" not in html
    assert 'data-unseparated="1"' in html
    assert html.count("data-unseparated-line") == 1
    line = html.split("data-unseparated-line>")[1].split("</p>")[0]
    assert "Within front or street side setback" in line
    assert tag_text(html, "ins") == [] and tag_text(html, "del") == []
    assert "cannot show which" in html  # the judgement is shown to readers


def test_compare_page_redlines_any_two_versions_of_the_section(client):
    versions = list(SectionVersion.objects.filter(section="17.62.060").order_by("pk"))
    adopted, proposed = versions
    url = f"/code/17.62.060/compare/?from={adopted.pk}&to={proposed.pk}"
    html = client.get(url).content.decode()
    assert tag_text(html, "del") == ["twenty-five"]
    backwards = client.get(
        f"/code/17.62.060/compare/?from={proposed.pk}&to={adopted.pk}"
    ).content.decode()
    assert tag_text(backwards, "del") == ["ten"]
    default = client.get("/code/17.62.060/compare/").content.decode()
    assert tag_text(default, "ins") == ["ten"]


def test_compare_refuses_a_version_of_another_section(client):
    other = SectionVersion.objects.filter(section="17.24.020").first()
    assert client.get(f"/code/17.62.060/compare/?from={other.pk}&to=").status_code == 404


def test_rezoning_of_apn_144_720_061_is_shown_on_both_district_pages_and_the_changes_page(client):
    for url in ("/zoning-districts/CE/", "/zoning-districts/NM/", "/proposed-changes/"):
        html = client.get(url).content.decode()
        assert 'data-apn="144-720-061"' in html, url
        assert "proposed, not law yet" in html, url
    assert 'data-apn="144-720-061"' not in client.get("/zoning-districts/NL/").content.decode()


def test_proposed_changes_page_lists_every_proposed_section(client):
    html = client.get("/proposed-changes/").content.decode()
    for number in [*CHANGES, "17.30.030"]:
        assert f'data-section="{number}"' in html


def test_topic_page_says_when_a_cited_section_has_a_proposed_change(client):
    topic = make_topic(slug="proposal-topic")
    section = make_section()
    quiet = make_section("99.99.020")
    make_version(section, status="proposed")
    cited = make_summary(topic, section, headline="Cites a section being amended.")
    make_summary(topic, quiet, headline="Cites a quiet section.")
    html = client.get(topic.get_absolute_url()).content.decode()
    article = html.split(f'id="summary-{cited.pk}"')[1].split("</article>")[0]
    assert "data-proposed-change" in article
    assert html.count("data-proposed-change") == 1


def test_word_diff_separates_struck_and_inserted_words():
    segments = word_diff("a reduction of twenty-five percent:", "a reduction of ten percent:")
    assert [(s.kind, s.text) for s in segments] == [
        (SAME, "a reduction of"),
        (DELETED, "twenty-five"),
        (INSERTED, "ten"),
        (SAME, "percent:"),
    ]


def test_redline_marks_whole_lines_added_and_removed():
    result = redline(
        para("Kept.") + para("Removed line."), para("Kept.") + para("A wholly new line here.")
    )
    assert [line.kind for line in result.lines] == ["same", "deleted", "inserted"]
    assert redline(para("Same."), para("Same.")).has_changes is False
