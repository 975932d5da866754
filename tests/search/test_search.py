"""Search: section numbers, ranking on both databases, highlighting, and calm odd input."""

import re

import pytest
from django.db import connection, transaction
from django.urls import reverse

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import FAQ, Summary
from cotati_site.search import hits, search, vocabulary
from cotati_site.search import query as parsing
from cotati_site.search.backends import postgresql
from cotati_site.search.languages import ENGLISH
from tests.factories import (
    make_faq,
    make_section,
    make_summary,
    make_topic,
    make_version,
)

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="full-text search runs on PostgreSQL only"
)


def keys(outcome) -> list[str]:
    return [hit.key for hit in outcome.hits]


def result_keys(html: str) -> list[str]:
    return re.findall(r'data-result="([^"]+)"', html)


# The query itself -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        pytest.param("17.30.030", "17.30.030", id="a section number as the code writes it"),
        pytest.param("§ 17.30.030", "17.30.030", id="with a section sign"),
        pytest.param("§17.30.030", "17.30.030", id="with a section sign and no space"),
        pytest.param(" 17.30.030 ", "17.30.030", id="with spaces around it"),
        pytest.param("17.30.030(B)", "17.30.030", id="with a subsection"),
        pytest.param("Section 17.30.030", "17.30.030", id="after the word section"),
        pytest.param("17.30", "17.30", id="a chapter"),
        pytest.param("§ 17", "17", id="a code title with a section sign"),
        pytest.param("12", None, id="a bare number is a measurement, not a title"),
        pytest.param("fence", None, id="a word"),
        pytest.param("17.30.030 fence", None, id="a number with words is a word search"),
    ],
)
def test_section_numbers_are_recognised_as_the_code_writes_them(typed, number):
    assert parsing.section_number_in(typed) == number


def test_long_queries_are_cut_to_a_sane_length():
    query, truncated = parsing.clean_query("fence " * 2000)
    assert truncated
    assert len(query) <= parsing.MAX_QUERY_LENGTH


def test_control_characters_and_runs_of_space_are_dropped_from_the_query():
    assert parsing.clean_query("fence\x00\x07   height\n\t") == ("fence height", False)


def test_query_words_are_distinct_lower_case_and_few():
    assert parsing.query_terms("Fence FENCE height, § 17.30.030!") == [
        "fence",
        "height",
        "17.30.030",
    ]
    assert len(parsing.query_terms(" ".join(f"w{n}" for n in range(50)))) == parsing.MAX_TERMS


def test_headline_markers_become_mark_tags_and_everything_else_is_escaped():
    start, stop = "\ue000", "\ue001"
    text = f"<script>x</script> a {start}fence{stop} & {start}<b>{stop} {stop}{start}"
    html = hits.marked(text)
    assert html == (
        "&lt;script&gt;x&lt;/script&gt; a <mark>fence</mark> &amp; <mark>&lt;b&gt;</mark> "
    )


@pytest.mark.django_db
def test_matched_words_are_marked_whole_and_everything_else_is_escaped():
    # Both databases mark the whole word found ("Fences" for "fence"); the hand-written
    # SQLite search marked only the typed start of it (<mark>Fence</mark>s).
    topic = make_topic()
    faq = make_faq(topic, question="<i>Fences</i> & established sheds?", answer="Yes.")
    hit = next(hit for hit in search.search("fence shed").hits if hit.key == f"faq-{faq.pk}")
    assert hit.title == (
        "&lt;i&gt;<mark>Fences</mark>&lt;/i&gt; &amp; established <mark>sheds</mark>?"
    )


# Section numbers ----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["17.30.030", "§ 17.30.030", "17.30.030(B)"])
def test_a_section_number_goes_straight_to_the_section(client, typed):
    response = client.get(reverse("search"), {"q": typed})
    assert response.status_code == 302
    assert response["Location"] == reverse("section_detail", args=["17.30.030"])


@pytest.mark.django_db
def test_while_typing_a_section_number_the_section_is_listed_not_jumped_to(client):
    response = client.get(reverse("search"), {"q": "17.30.030"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert result_keys(response.content.decode()) == ["section-17.30.030"]


@pytest.mark.django_db
def test_a_chapter_number_lists_the_chapters_sections_in_code_order(client):
    response = client.get(reverse("search"), {"q": "17.30"})
    assert response.status_code == 200
    expected = [
        f"section-{number}"
        for number in CodeSection.objects.filter(chapter="17.30")
        .order_by("sort_key")
        .values_list("number", flat=True)
    ]
    assert len(expected) >= 3
    assert result_keys(response.content.decode()) == expected


@pytest.mark.django_db
def test_a_chapter_lists_in_code_order_not_text_order():
    for number in ("98.10.100", "98.10.20", "98.10.9"):
        make_section(number, title=f"Section {number}")
    assert keys(search.search("98.10")) == [
        "section-98.10.9",
        "section-98.10.20",
        "section-98.10.100",
    ]


@pytest.mark.django_db
def test_a_number_with_no_sections_is_answered_calmly(client):
    response = client.get(reverse("search"), {"q": "99.98.010"})
    assert response.status_code == 200
    assert result_keys(response.content.decode()) == []


# Ranking (both databases) -------------------------------------------------------------------


@pytest.mark.django_db
def test_fence_height_ranks_the_fence_summaries_and_17_30_030_above_unrelated_sections():
    outcome = search.search("fence height")
    found = keys(outcome)
    fence_summaries = [
        f"summary-{s.pk}"
        for s in Summary.objects.published().filter(topic__slug="fences-and-walls")
        if re.search(r"\bfence", s.headline, re.IGNORECASE)
    ]
    assert len(fence_summaries) >= 5
    wanted = ["section-17.30.030", *fence_summaries]
    assert set(wanted) <= set(found)
    # Sections other than the fence and height sections are unrelated to this question.
    unrelated = [
        index
        for index, hit in enumerate(outcome.hits)
        if hit.kind == "section" and hit.key not in {"section-17.30.030", "section-17.30.040"}
    ]
    last_wanted = max(found.index(key) for key in wanted)
    assert not unrelated or last_wanted < min(unrelated)
    assert found.index("section-17.30.030") < 3


@pytest.mark.django_db
def test_shed_finds_the_accessory_structure_summaries():
    outcome = search.search("shed")
    topic = "sheds-garages-and-accessory-structures"
    shed_summaries = {
        f"summary-{s.pk}"
        for s in Summary.objects.published().filter(topic__slug=topic)
        if re.search(r"\bshed", s.headline, re.IGNORECASE)
    }
    assert len(shed_summaries) >= 2
    assert shed_summaries <= set(keys(outcome))
    # "shed" is in the search vocabulary: the topic itself leads, then its summaries.
    assert outcome.hits[0].key == f"topic-{topic}"
    assert outcome.hits[1].context == "Sheds, garages and other accessory structures"
    # "established" and "published" contain "shed" but do not mean it.
    assert not any("established" in hit.title.lower() for hit in outcome.hits)


@pytest.mark.django_db
def test_flood_finds_the_flood_topic_and_the_15_04_sections():
    outcome = search.search("flood")
    found = keys(outcome)
    flood_summaries = {
        f"summary-{pk}"
        for pk in Summary.objects.published()
        .filter(topic__slug="flood-zones")
        .values_list("pk", flat=True)
    }
    flood_sections = {
        f"section-{number}"
        for number in CodeSection.objects.filter(chapter="15.04").values_list("number", flat=True)
    }
    assert flood_summaries <= set(found)
    assert {"section-15.04.070", "section-15.04.140", "section-15.04.220"} <= set(found)
    # The first results are all about floods: a 15.04 section or the flood topic.
    for hit in outcome.hits[:10]:
        assert hit.key in flood_sections or hit.context == "Building in a flood zone", hit.key


@pytest.mark.django_db
def test_a_title_hit_ranks_above_a_summary_hit_above_a_body_hit():
    word = "quokkas"
    topic = make_topic()
    make_section("98.20.010", title="Body only", body=[{"type": "paragraph", "text": word}])
    make_section("98.20.020", title=f"About {word}")
    summary = make_summary(topic, headline=f"A rule about {word}.", body="")
    order = keys(search.search(word))
    assert order == ["section-98.20.020", f"summary-{summary.pk}", "section-98.20.010"]


@pytest.mark.django_db
def test_drafts_and_unpublished_questions_are_never_found():
    topic = make_topic()
    make_summary(topic, headline="A secret zyzzyva draft.", is_published=False)
    make_faq(topic, question="A hidden zyzzyva question?", is_published=False)
    assert search.search("zyzzyva").hits == []


@pytest.mark.django_db
def test_summary_and_faq_results_link_to_their_anchor_on_the_topic_page(client):
    topic = make_topic()
    summary = make_summary(topic, headline="Wombat burrows need no permit.")
    faq = make_faq(topic, question="May a wombat burrow under my fence?")
    html = client.get(reverse("search"), {"q": "wombat"}).content.decode()
    assert f'href="{summary.get_absolute_url()}"' in html
    assert f'href="{faq.get_absolute_url()}"' in html
    assert summary.get_absolute_url().endswith(f"#summary-{summary.pk}")
    assert faq.get_absolute_url().endswith(f"#faq-{faq.pk}")


@pytest.mark.django_db
def test_matched_words_are_marked_and_content_markup_is_escaped(client):
    topic = make_topic()
    make_faq(topic, question="Can I <script>alert(1)</script> keep a numbat?", answer="Yes.")
    html = client.get(reverse("search"), {"q": "numbat"}).content.decode()
    assert "<mark>numbat</mark>" in html
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)" in html


# The page -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_full_page_and_the_htmx_partial_show_the_same_results(client):
    url = reverse("search")
    page = client.get(url, {"q": "fence height"})
    partial = client.get(url, {"q": "fence height"}, headers={"HX-Request": "true"})
    page_html, partial_html = page.content.decode(), partial.content.decode()
    assert page.status_code == partial.status_code == 200
    assert page_html.count("<h1") == 1
    assert "<h1" not in partial_html and "<html" not in partial_html
    assert result_keys(page_html) == result_keys(partial_html) != []
    assert "HX-Request" in page["Vary"] and "HX-Request" in partial["Vary"]


@pytest.mark.django_db
def test_the_result_count_is_announced_in_a_live_region(client):
    page = client.get(reverse("search"), {"q": "flood"}).content.decode()
    partial = client.get(
        reverse("search"), {"q": "flood"}, headers={"HX-Request": "true"}
    ).content.decode()
    count = len(result_keys(page))
    for html in (page, partial):
        status = re.search(r'<p id="search-status"[^>]*role="status"[^>]*>(.*?)</p>', html, re.S)
        assert status is not None
        assert str(count) in status.group(1)
    assert 'hx-swap-oob="true"' in partial


@pytest.mark.django_db
def test_the_search_form_works_without_javascript_and_updates_as_you_type(client):
    html = client.get(reverse("search"), {"q": "shed"}).content.decode()
    form = re.search(r'<form method="get" action="/search/"[^>]*>', html, re.S).group(0)
    assert 'hx-get="/search/"' in form
    assert "delay:" in form
    assert 'hx-push-url="true"' in form
    assert re.search(r'<input type="search" id="search-q" name="q" value="shed"', html)
    assert '<label for="search-q">' in html


@pytest.mark.django_db
@pytest.mark.parametrize("params", [{}, {"q": ""}, {"q": "   "}], ids=["no q", "empty", "spaces"])
def test_an_empty_search_gives_a_calm_page_with_guidance(client, params):
    response = client.get(reverse("search"), params)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="search-guidance"' in html
    assert result_keys(html) == []


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["", "zzzqqq"], ids=["empty search", "nothing found"])
def test_the_guidance_leads_to_the_topics_index_and_the_code_library(client, query):
    html = client.get(reverse("search"), {"q": query}).content.decode()
    guidance = html.split('class="search-guidance"')[1]
    assert f'href="{reverse("topic_list")}"' in guidance  # /topics/, not the home page
    assert f'href="{reverse("section_list")}"' in guidance
    assert "#topics" not in guidance


@pytest.mark.django_db
def test_a_very_long_query_is_truncated_not_an_error(client):
    response = client.get(reverse("search"), {"q": "fence height " * 800})
    assert response.status_code == 200
    html = response.content.decode()
    assert "data-truncated" in html
    value = re.search(r'id="search-q" name="q" value="([^"]*)"', html).group(1)
    assert len(value) <= parsing.MAX_QUERY_LENGTH


ODD_QUERIES = [
    '"fence height',
    "fence's height",
    "fence & height | !shed",
    "<script>alert('x')</script>",
    "fence\x00height",
    "\x00",
    "café ½ 日本語 🏠",
    "fence:* & (height",
    "'); DROP TABLE cotati_site_summary; --",
    "\\",
    "%_%",
    "the and of",
    "17.30.030'",
    "§",
    "a.b..c...",
    "....",
    "_",
]


@pytest.mark.django_db
@pytest.mark.parametrize("query", ODD_QUERIES)
def test_odd_characters_never_cause_an_error_or_reflect_markup(client, query):
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get(reverse("search"), {"q": query}, headers=headers)
        assert response.status_code in (200, 302)
        html = response.content.decode()
        assert "<script>alert" not in html
        assert "\x00" not in html
    assert Summary.objects.exists()


@pytest.mark.django_db
def test_every_page_has_a_labelled_search_box_in_its_header(client):
    for url in (reverse("home"), reverse("section_list"), reverse("check_my_lot")):
        html = client.get(url).content.decode()
        header = html.split("<header", 1)[1].split("</header>", 1)[0]
        assert re.search(r'<form class="site-search" role="search"[^>]*action="/search/"', header)
        assert '<label for="site-search-q"' in header
        assert 'id="site-search-q" name="q"' in header


# Both databases: what matches, how the index follows edits -------------------------------


@pytest.mark.django_db
def test_the_index_of_summaries_and_faqs_follows_their_text():
    topic = make_topic()
    summary = make_summary(topic, headline="Wombat burrows need no permit.", body="")
    faq = make_faq(topic, question="May a wombat burrow here?", answer="Yes.")
    assert {f"summary-{summary.pk}", f"faq-{faq.pk}"} <= set(keys(search.search("wombat")))
    summary.headline = "Numbat burrows need no permit."
    summary.save()
    faq.question = "May a numbat burrow here?"
    faq.answer = "Quolls may too."
    faq.save()
    assert not set(keys(search.search("wombat"))) & {f"summary-{summary.pk}", f"faq-{faq.pk}"}
    assert {f"summary-{summary.pk}", f"faq-{faq.pk}"} <= set(keys(search.search("numbat")))
    assert f"faq-{faq.pk}" in keys(search.search("quoll"))


@pytest.mark.django_db
def test_the_index_of_a_section_follows_its_title_and_text():
    section = make_section("98.40.010", title="Wombat crossings")
    assert "section-98.40.010" in keys(search.search("wombat"))
    section.title = "Numbat crossings"
    section.save()
    make_version(section, body=[{"type": "paragraph", "text": "Quoll tunnels are allowed."}])
    assert "section-98.40.010" not in keys(search.search("wombat"))
    assert "section-98.40.010" in keys(search.search("numbat"))
    assert "section-98.40.010" in keys(search.search("quoll"))


@pytest.mark.django_db
def test_section_snippets_come_from_the_section_text_with_matches_marked():
    hit = next(h for h in search.search("elevation lowest floor").hits if h.kind == "section")
    assert "<mark>" in hit.snippet
    assert hit.score > 0


@pytest.mark.django_db
def test_the_last_word_may_be_the_start_of_a_word_in_summaries_while_typing():
    summary = Summary.objects.published().get(headline__contains="floodplain development")
    assert f"summary-{summary.pk}" in keys(search.search("floodpl"))


@pytest.mark.django_db
def test_sections_rank_from_any_word_in_the_title_and_all_words_in_the_text():
    make_section("98.50.010", title="Wombat crossings")
    make_section("98.50.020", body=[{"type": "paragraph", "text": "A wombat may dig here."}])
    make_section("98.50.030", body=[{"type": "paragraph", "text": "Crossings for numbats."}])
    found = keys(search.search("wombat crossings"))
    assert "section-98.50.010" in found  # one word in the title
    assert "section-98.50.020" not in found  # one word of two in the text
    assert "section-98.50.030" not in found


@pytest.mark.django_db
def test_words_match_whole_words_and_their_stems_not_the_inside_of_others():
    make_section("98.30.010", title="Established uses")
    assert "section-98.30.010" not in keys(search.search("shed"))
    assert "section-98.30.010" in keys(search.search("establish"))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "finds"),
    [
        pytest.param("care", True, id="four letters while typing find the word they start"),
        pytest.param("car", False, id="three letters do not: car is not care"),
        pytest.param("en", False, id="two letters do not: en is not entry"),
        pytest.param("care taker", False, id="only the last word is the start of one"),
    ],
)
def test_the_last_word_is_the_start_of_a_longer_one_only_from_four_letters(typed, finds):
    faq = make_faq(make_topic(), question="Caretakers and entry gates?", answer="Yes.")
    assert (f"faq-{faq.pk}" in keys(search.search(typed))) is finds


@pytest.mark.django_db
def test_search_takes_the_same_few_queries_however_many_results(
    django_assert_num_queries, page_cache
):
    # One statement on either database (backends/postgresql.py, backends/sqlite.py; the
    # hand-written SQLite search took three). The vocabulary is read once per content
    # generation (as in production, with the page cache on: core.cache.per_generation).
    # A query that finds nothing looks its unknown word up for "Did you mean" (SQLite: the
    # word list, once per content generation).
    expected = 1
    search.ensure_index_current()  # the day's check of the index, once per process
    search.search("zyzzyvb")  # reads the vocabulary and, on SQLite, the word list
    for query in ("fence height", "flood"):
        with django_assert_num_queries(expected):
            search.search(query)
    with django_assert_num_queries(expected + (1 if connection.vendor == "postgresql" else 0)):
        search.search("zyzzyva")
    assert FAQ.objects.exists()


# PostgreSQL only ----------------------------------------------------------------------------


@on_postgresql
@pytest.mark.django_db
@pytest.mark.parametrize(
    "index",
    [
        "codesection_search_gin",
        "codesection_title_search_gin",
        "summary_search_gin",
        "faq_search_gin",
    ],
)
def test_full_text_queries_are_served_by_the_gin_indexes(index):
    # On a few dozen rows the planner rightly prefers a scan; forbidding scans shows that
    # the index *can* serve the query, i.e. it indexes exactly what we query.
    sql, params = postgresql.full_text_sql(["fence", "height"], ENGLISH)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert index in plan


@on_postgresql
@pytest.mark.django_db
def test_a_common_word_ranks_a_bounded_set_of_sections(monkeypatch):
    assert len([hit for hit in search.search("permit").hits if hit.kind == "section"]) > 3
    monkeypatch.setattr(postgresql, "SECTION_CANDIDATES", 2)
    monkeypatch.setattr(postgresql, "TITLE_CANDIDATES", 1)
    assert len([hit for hit in search.search("permit").hits if hit.kind == "section"]) <= 3


# Everyday names for a topic -----------------------------------------------------------------

ADU_TOPIC = "topic-adding-a-home-adus-jadus-sb9"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "typed",
    [
        "ADU",
        "adu",
        "ADUs",
        "JADU",
        "accessory dwelling unit",
        "Accessory Dwelling Units",
        "granny unit",
        "in-law unit",
        "in law unit",
        "backyard cottage",
        "garage conversion",
        "SB 9",
        "sb9",
        "SB-9",
        "lot split",
        "can I build an ADU in my backyard",
    ],
)
def test_everyday_names_for_a_second_home_lead_to_the_adu_topic(client, typed):
    outcome = search.search(typed)
    assert keys(outcome)[0] == ADU_TOPIC, typed
    assert outcome.hits[0].url == reverse("topic_detail", args=["adding-a-home-adus-jadus-sb9"])
    # The page shows it first too, on whichever database runs the suite.
    html = client.get(reverse("search"), {"q": typed}).content.decode()
    assert result_keys(html)[0] == ADU_TOPIC


@pytest.mark.django_db
@pytest.mark.parametrize(
    "typed",
    [
        "fence height",
        "flood",
        "shed",
        "aduana",  # a word that starts like a keyword is not the keyword
        "sb 90",
        "split level",
        "accessory structure",
    ],
)
def test_other_queries_do_not_lead_with_the_adu_topic(typed):
    assert ADU_TOPIC not in keys(search.search(typed))


@pytest.mark.django_db
def test_topic_keywords_match_whole_words_in_any_case_and_punctuation():
    # The everyday names now live in the staff-editable vocabulary (SearchPhrase).
    vocabulary.forget_vocabulary()

    def named(query):
        return [hit.key.removeprefix("topic-") for hit in vocabulary.vocabulary_matches(query)[0]]

    assert named("In-Law Units?") == ["adding-a-home-adus-jadus-sb9"]
    assert named("SB-9 lot splits") == ["adding-a-home-adus-jadus-sb9"]
    assert named("gradual") == []
    assert named("") == []


@pytest.mark.django_db
def test_every_topic_keyword_names_a_topic_that_exists():
    from cotati_site.guidance.models import Topic
    from cotati_site.search.models import SearchPhrase

    slugs = set(SearchPhrase.objects.exclude(topic=None).values_list("topic_id", flat=True))
    assert "adding-a-home-adus-jadus-sb9" in slugs
    assert slugs <= set(Topic.objects.values_list("slug", flat=True))
