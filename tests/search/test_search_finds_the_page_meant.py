"""Search leads with the page a person means (issue 23), on whichever database runs the
suite: a query that names a topic leads with the topic's page, a subject the site does not
cover says so, short words never match inside longer ones, and the vocabulary is data per
language."""

import re

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection

from cotati_site.guidance.models import Topic
from cotati_site.search import search, suggestions, vocabulary
from cotati_site.search.models import SearchPhrase
from tests.factories import make_faq, make_topic

pytestmark = pytest.mark.django_db

FENCES = "topic-fences-and-walls"
HOME_BUSINESS = "topic-home-business"
ADU = "topic-adding-a-home-adus-jadus-sb9"

# (what a person types, the first result)
FIRST_RESULT = [
    ("fence height", FENCES),
    ("fence", FENCES),
    ("Fences", FENCES),
    ("retaining wall", FENCES),
    ("how tall can my hedge be", FENCES),
    ("salon", HOME_BUSINESS),
    ("hair salon", HOME_BUSINESS),
    ("nail salon in my garage", HOME_BUSINESS),
    ("barber", HOME_BUSINESS),
    ("flood", "topic-flood-zones"),
    ("floodplain permit", "topic-flood-zones"),
    ("grading permit", "topic-grading-and-erosion-control"),
    ("hillside", "topic-hillside-lots"),
    ("outdoor lighting", "topic-outdoor-lighting"),
    ("daycare", "topic-family-child-care-homes"),
    ("affordable housing", "topic-affordable-units-in-new-housing"),
    ("parking", "topic-parking-spaces-for-homes"),
    ("burglar alarm", "topic-home-alarm-permits"),
    ("yard sign", "topic-signs-on-homes"),
    ("garbage cans", "topic-trash-and-recycling-carts"),
    ("what zone am I in", "topic-zoning-districts"),
    ("setback", "topic-zoning-districts"),
    ("fence setback", FENCES),  # two topics named: in the order the query names them
    ("trees", "topic-tree-removal"),
    ("solar", "topic-solar-panels-and-ev-chargers"),
    ("dog", "topic-pets-chickens-and-bees"),
    ("pool fence", FENCES),  # pools are not covered, fences are
]


@pytest.fixture(autouse=True)
def fresh_vocabulary():
    vocabulary.forget_vocabulary()
    suggestions.forget_words()
    yield
    vocabulary.forget_vocabulary()


def keys(query: str, language: str = "en") -> list[str]:
    return [hit.key for hit in search.search(query, language).hits]


@pytest.mark.parametrize(("query", "first"), FIRST_RESULT, ids=[q for q, _ in FIRST_RESULT])
def test_a_query_that_names_a_topic_leads_with_its_page(query, first):
    assert keys(query)[0] == first


def test_after_the_topic_fence_height_lists_the_fence_section_and_rules():
    found = keys("fence height")
    assert found[0] == FENCES
    assert found.index("section-17.30.030") < 3


def test_every_topic_can_be_named_by_an_everyday_word():
    named = set(
        SearchPhrase.objects.filter(language="en")
        .exclude(topic=None)
        .values_list("topic_id", flat=True)
    )
    assert set(Topic.objects.values_list("slug", flat=True)) <= named


@pytest.mark.parametrize("query", ["pool", "pools", "swimming pool"])
def test_pool_says_pools_are_not_covered_yet_and_shows_no_parking_rule(client, query):
    outcome = search.search(query)
    assert outcome.not_covered == ("Swimming pools and spas",)
    assert outcome.hits == []  # "Car pool and compact stalls" (§ 17.36.090) is no answer
    html = client.get("/search/", {"q": query}).content.decode()
    assert "Swimming pools and spas are not covered on this site yet" in html


def test_a_subject_not_covered_still_lets_the_rest_of_the_query_search():
    outcome = search.search("pool fence")
    assert outcome.not_covered == ("Swimming pools and spas",)
    assert "section-17.30.030" in [hit.key for hit in outcome.hits]


@pytest.mark.parametrize("query", ["en", "ayuda en español", "de la"])
def test_short_words_never_match_inside_longer_ones(query):
    make_faq(make_topic(), question="Entry gates and the engineer's delay?", answer="Yes.")
    short = [word for word in re.findall(r"\w+", query.lower()) if len(word) < 4]
    for hit in search.search(query).hits:
        # The whole word around each mark: "Entry" for "<mark>En</mark>try".
        words = [
            "".join(parts).lower()
            for parts in re.findall(r"(\w*)<mark>(.*?)</mark>(\w*)", f"{hit.title} {hit.snippet}")
        ]
        assert words, hit.key  # found for a word it shows
        for word in words:
            assert not any(word.startswith(s) and word != s for s in short), (hit.key, word)


@pytest.mark.skipif(
    connection.vendor != "sqlite", reason="FTS5's remove_diacritics; PostgreSQL keeps accents"
)
@pytest.mark.parametrize(("typed", "written"), [("cafe", "café"), ("café", "cafe")])
def test_accents_are_ignored_in_the_embedded_search(typed, written):
    faq = make_faq(make_topic(), question=f"May a {written} put tables outside?")
    assert f"faq-{faq.pk}" in keys(typed)


# Spanish: the vocabulary is data per language ------------------------------------------------

SPANISH_FIRST_RESULT = [
    ("cerca", FENCES),
    ("altura de la valla", FENCES),
    ("muro", FENCES),
    ("cobertizo", "topic-sheds-garages-and-accessory-structures"),
    ("casita", ADU),
    ("vivienda accesoria", ADU),
    ("unidad de vivienda accesoria", ADU),
]


@pytest.mark.parametrize(
    ("query", "first"), SPANISH_FIRST_RESULT, ids=[q for q, _ in SPANISH_FIRST_RESULT]
)
def test_spanish_words_lead_with_their_topic_in_a_spanish_search(query, first):
    assert keys(query, "es")[0] == first
    assert keys(query, "es-MX")[0] == first  # a regional variant searches as its language


def test_spanish_words_are_not_english_ones():
    assert FENCES not in keys("muro")
    assert search.search("piscina").not_covered == ()
    assert search.search("piscina", "es").not_covered == ("Piscinas y spas",)


def test_a_spanish_word_typed_without_its_accent_still_leads_to_its_topic():
    SearchPhrase.objects.create(phrase="diseño de uñas", topic_id="home-business", language="es")
    vocabulary.forget_vocabulary()
    assert keys("diseno de unas", "es")[0] == HOME_BUSINESS
    assert keys("Diseño de Uñas", "es")[0] == HOME_BUSINESS


def test_editors_add_words_in_spanish_in_the_admin(client):
    user = User.objects.create_user("ed", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    response = client.post(
        "/admin/search/searchphrase/add/",
        {"phrase": "Manicurista", "language": "es", "topic": "home-business", "not_covered": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert SearchPhrase.objects.get(phrase="manicurista").language == "es"
    vocabulary.forget_vocabulary()
    assert keys("manicurista a domicilio", "es")[0] == HOME_BUSINESS
    assert HOME_BUSINESS not in keys("manicurista")
