"""The code library reads like the code: topic and chapter indexes, anchors every citation
lands on, cross-references as links, district families and canonical addresses (issue 13)."""

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.queries import rule_changes
from cotati_site.core.as_of import default_as_of, rules_period_start
from cotati_site.guidance.models import Topic
from law.engine import ZONES
from law.engine.findings import Finding, Status
from rules.wording.cards import finding_cards
from tests.factories import make_section, make_summary, make_topic, make_version

pytestmark = pytest.mark.django_db

HREF_RE = re.compile(r'href="(/code/[^"#]+/)(?:#([^"]+))?"')
ID_RE = re.compile(r'\bid="([^"]+)"')


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def ids_on(client, url) -> list[str]:
    return ID_RE.findall(page(client, url))


# /topics/ and /code/<chapter>/ ------------------------------------------------------------


def test_topics_index_lists_every_topic_and_every_breadcrumb_leads_there(client):
    html = page(client, "/topics/")
    assert html.count("<h1") == 1
    for topic in Topic.objects.all():
        assert f'data-topic="{topic.slug}"' in html
        assert f'href="{topic.get_absolute_url()}"' in html
    topic_page = page(client, Topic.objects.first().get_absolute_url())
    assert '<li><a href="/topics/">Topics</a></li>' in topic_page  # the breadcrumb
    assert '<a href="/topics/" aria-current="page">Topics</a>' in topic_page  # the nav


def test_chapter_page_lists_its_sections_in_the_code_order(client):
    html = page(client, "/code/17.24/")
    listed = re.findall(r'<li data-section="([^"]+)"', html)
    expected = list(
        CodeSection.objects.filter(chapter="17.24")
        .order_by("sort_key")
        .values_list("number", flat=True)
    )
    assert listed == expected
    assert listed[:5] == ["17.24.010", "17.24.020", "17.24.030", "17.24.040", "17.24.050"]
    assert html.count("<h1") == 1


def test_chapter_with_no_section_on_the_site_is_not_found(client):
    assert client.get("/code/99.99/").status_code == 404
    make_section("99.99.010")
    assert client.get("/code/99.99/").status_code == 200


def test_section_page_links_to_its_chapter(client):
    html = page(client, "/code/17.24.030/")
    assert 'href="/code/17.24/"' in html


# Anchors ---------------------------------------------------------------------------------


def test_every_table_and_lettered_subsection_of_17_24_030_has_an_anchor_once(client):
    ids = ids_on(client, "/code/17.24.030/")
    tables = [f"table-2-{n}" for n in range(5, 19) if n != 16]  # 2-16 is not in our copy
    for anchor in [*tables, "sub-a", "sub-b", "sub-c", "sub-d", "sub-e"]:
        assert anchor in ids, anchor
    assert "table-2-16" not in ids
    assert not [i for i, n in Counter(ids).items() if n > 1]


@pytest.mark.parametrize(
    "number", ["17.24.020", "17.24.040", "17.24.050", "17.22.020", "17.30.030", "17.36.090"]
)
def test_section_pages_print_each_id_once(client, number):
    ids = ids_on(client, f"/code/{number}/")
    assert not [i for i, n in Counter(ids).items() if n > 1]


def test_numbered_items_nest_under_their_lettered_subsection(client):
    ids = ids_on(client, "/code/17.24.040/")
    assert {"sub-a", "sub-a-1", "sub-a-6", "sub-b"} <= set(ids)
    ids = ids_on(client, "/code/17.36.090/")
    assert {"sub-a-3-a", "sub-a-3-b", "table-3-8", "table-3-9"} <= set(ids)


def test_long_section_gets_a_contents_list_and_a_short_one_does_not(client):
    html = page(client, "/code/17.24.030/")
    nav = html.split("data-contents>")[1].split("</nav>")[0]
    assert 'href="#table-2-10"' in nav and 'href="#sub-a"' in nav
    assert "data-contents" not in page(client, "/code/17.24.010/")


def _citation_pages():
    yield from (t.get_absolute_url() for t in Topic.objects.all())
    yield "/zoning-districts/"
    yield from (f"/zoning-districts/{code}/" for code in ZONES)
    yield "/zoning-districts/RR/"
    yield (
        "/check-my-lot/?zone=NM&lot_area_sqft=5000&lot_width_ft=50&lot_depth_ft=100"
        "&front_setback_ft=14&rear_setback_ft=20&building_height_ft=30"
        "&fence_height_in=80&fence_location=front_or_street_side_setback&fence_type=solid"
    )


def test_every_citation_anchor_on_the_site_lands_on_an_element_of_that_section(client):
    """Walks every page that cites the code: each #anchor is an id on the cited page."""
    seen_ids: dict[str, set[str]] = {}
    anchored = 0
    for url in _citation_pages():
        for target, anchor in HREF_RE.findall(page(client, url)):
            if not anchor:
                continue
            if target not in seen_ids:
                seen_ids[target] = set(ids_on(client, target))
            assert anchor in seen_ids[target], f"{url} links {target}#{anchor}"
            anchored += 1
    assert anchored > 100  # the shipped content cites tables and subsections throughout


@pytest.mark.parametrize(
    ("zone", "table"),
    [("NL", "table-2-9"), ("NM", "table-2-10"), ("CD", "table-2-14"), ("TOC", "table-2-18")],
)
def test_a_district_figure_citing_its_table_lands_at_that_table(client, zone, table):
    html = page(client, f"/zoning-districts/{zone}/")
    assert f'href="/code/17.24.030/#{table}"' in html
    assert 'href="/code/17.24.020/#table-2-4' in html or zone == "TOC"


def test_a_citation_of_a_table_not_in_our_copy_links_the_section_itself(client):
    html = page(client, "/zoning-districts/PF/")
    assert "#table-2-16" not in html
    assert 'href="/code/17.24.030/"' in html


def test_summary_citation_lands_on_the_table_in_the_text_in_force(client):
    topic = make_topic(slug="anchored")
    section = make_section("99.99.030")
    make_version(
        section,
        body=[{"type": "table", "caption": "Table 9-1 Things", "rows": [["a", "b"]]}],
    )
    make_summary(topic, section, citation_text="Table 9-1", headline="Cites a table.")
    make_summary(topic, section, citation_text="Table 9-2", headline="Cites a missing table.")
    html = page(client, topic.get_absolute_url())
    assert html.count('href="/code/99.99.030/#table-9-1"') == 1
    assert html.count('href="/code/99.99.030/"') >= 1
    assert "#table-9-2" not in html


CHECKER = "/check-my-lot/"
NM_LOT = {
    "zone": "NM",
    "lot_area_sqft": "5000",
    "lot_width_ft": "50",
    "lot_depth_ft": "100",
    "front_setback_ft": "17",  # within a minor variance of 20 ft
    "rear_setback_ft": "20",
    "building_height_ft": "30",
    "fence_height_in": "80",
    "fence_location": "front_or_street_side_setback",
    "fence_type": "solid",
}


def _cited(html: str) -> set[tuple[str, str]]:
    return set(HREF_RE.findall(html))


def test_check_my_lot_sources_land_on_their_tables(client):
    html = page(client, next(u for u in _citation_pages() if u.startswith("/check-my-lot/")))
    assert 'href="/code/17.24.030/#table-2-10"' in html
    assert 'href="/code/17.30.030/#table-3-2' in html


def _other_rules(html: str) -> str:
    return html.split('<details class="other-rules" id="other-rules">')[1].split("</details>")[0]


def test_the_other_rules_for_a_lot_link_their_tables(client):
    html = page(
        client, CHECKER + "?" + "&".join(f"{k}={v}" for k, v in NM_LOT.items()) + "&project=fence"
    )
    other = _other_rules(html)
    assert 'data-rule="setback.front"' in other
    assert ("/code/17.24.030/", "table-2-10") in _cited(other)
    assert ("/code/17.24.020/", "table-2-4") in _cited(other)
    assert ("/code/17.24.030/", "") not in _cited(other)  # every NM row is in Table 2-10


def test_a_project_answer_links_its_findings_table_and_minor_variance_subsection(client):
    query = {**NM_LOT, "project": "main_building"}
    html = client.get(CHECKER, query).content.decode()
    # The answer's own section: the answer bar (issue 22, 0717b0a) also names the project with
    # data-project, above it, and cites nothing.
    answer = html.split('id="answer-main_building"')[1].split('id="other-rules"')[0]
    cited = _cited(answer)
    assert ("/code/17.24.030/", "table-2-10") in cited
    assert ("/code/17.62.060/", "sub-c") in cited  # "§ 17.62.060(C)" of the variance hint
    assert ("/code/17.62.060/", "") not in cited


def finding_card(context, finding) -> str:
    return finding_cards(context, (finding,))


def test_a_cached_finding_card_is_keyed_on_the_anchors_of_the_text_in_force():
    """Cards are cached per finding: the same finding under a text that prints no Table 2-10
    must not reuse the card that links it."""
    finding = Finding(
        rule="setback.front",
        status=Status.FAIL,
        topic="setbacks",
        section="17.24.030",
        subsection="Table 2-10",
    )
    anchored = finding_card({"section_anchors": {"17.24.030": frozenset({"table-2-10"})}}, finding)
    bare = finding_card({"section_anchors": {}}, finding)
    assert 'href="/code/17.24.030/#table-2-10"' in anchored
    assert 'href="/code/17.24.030/"' in bare and "#table-2-10" not in bare


# Cross-references --------------------------------------------------------------------------


def test_references_in_17_24_030_link_every_mention_of_17_30_020(client):
    html = page(client, "/code/17.24.030/")
    law = html.split('class="law-text"')[1].split('id="versions-title"')[0]
    text = re.sub(r"<[^>]+>", "", law)
    mentions = len(re.findall(r"(?<![\d.])17\.30\.020(?!\d)", text))
    assert mentions == 30
    assert law.count('<a href="/code/17.30.020/" data-xref="17.30.020">') == mentions


def test_references_link_only_sections_on_the_site(client):
    html = page(client, "/code/17.24.030/")
    for target in set(re.findall(r'data-xref="([^"]+)"', html)):
        number = urlsplit(target).path
        if number.count(".") == 1:
            assert CodeSection.objects.filter(chapter=number).exists(), number
        else:
            assert CodeSection.objects.filter(number=number).exists(), number
    section = make_section("99.99.040")
    make_version(
        section,
        body=[{"type": "paragraph", "text": "See Section 99.99.050 and Section 99.99.040."}],
    )
    assert "data-xref" not in page(client, "/code/99.99.040/")  # absent and itself
    make_section("99.99.050")
    assert 'data-xref="99.99.050"' in page(client, "/code/99.99.040/?as_of=2026-02-01")


# Zoning districts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "canonical"),
    [
        ("nl", "NL"),
        ("Nl", "NL"),
        ("rr-1.5", "RR-1.5"),
        ("rr", "RR"),
        ("rvl", "RVL"),
        ("toc", "TOC"),
    ],
)
def test_a_district_code_in_another_case_redirects_permanently_to_the_canonical_page(
    client, asked, canonical
):
    response = client.get(f"/zoning-districts/{asked}/")
    assert response.status_code == 301
    assert response["Location"] == reverse("district_detail", args=[canonical])


def test_the_redirect_keeps_the_date_the_page_was_asked_for(client):
    # A date the rules changed on before today's period, so a page of its own (core/as_of.py).
    today = rules_period_start(default_as_of())
    day = [day for day in rule_changes() if day < today][-1].isoformat()
    response = client.get(f"/zoning-districts/nl/?as_of={day}&utm_source=x")
    assert response.status_code == 301
    assert response["Location"] == f"/zoning-districts/NL/?as_of={day}"


@pytest.mark.parametrize(
    ("family", "members"), [("RR", ["RR-1.5", "RR-1.0"]), ("RVL", ["RVL-0.66", "RVL-0.5"])]
)
def test_a_family_the_code_names_lists_its_districts(client, family, members):
    html = page(client, f"/zoning-districts/{family}/")
    assert html.count("<h1") == 1
    listed = re.findall(r'<li data-zone="([^"]+)"><a href="/zoning-districts/', html)
    assert listed == members
    assert re.findall(r'<tr data-zone="([^"]+)"', html) == members
    for zone in members:
        assert f'href="/zoning-districts/{zone}/"' in html


def test_unknown_district_is_not_found(client):
    for code in ("XX", "R", "RR-2", "N"):
        assert client.get(f"/zoning-districts/{code}/").status_code == 404, code


# Proposed changes --------------------------------------------------------------------------


def test_proposed_changes_page_prints_no_doubled_brackets(client):
    html = page(client, "/proposed-changes/")
    assert "((" not in html and "))" not in html
    compare = page(client, "/code/3.42.040/compare/")
    assert "((" not in compare
