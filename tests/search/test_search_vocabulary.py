"""Search that understands people: everyday words, uncovered subjects, typos, addresses.

One case table, run on whichever database the suite runs on (SQLite by default,
PostgreSQL with DATABASE_URL): the same words must lead to the same place on both.
"""

import pytest
from django.core.exceptions import ValidationError

from cotati_site.core.cache import bump_content_generation
from cotati_site.guidance.models import Topic
from cotati_site.search import search, suggestions, vocabulary
from cotati_site.search.models import SearchPhrase, SearchWord

ADU = "adding-a-home-adus-jadus-sb9"  # the ADU topic (branch adu); absent, its cases skip

LEADS_WITH_TOPIC = [
    ("shed", "sheds-garages-and-accessory-structures"),
    ("sheds", "sheds-garages-and-accessory-structures"),
    ("workshop", "sheds-garages-and-accessory-structures"),
    ("Can I build a WORKSHOP?", "sheds-garages-and-accessory-structures"),
    ("pool house", "sheds-garages-and-accessory-structures"),
    ("hair salon", "home-business"),
    ("home office", "home-business"),
    ("Etsy shop", "home-business"),
    ("etsy-shop", "home-business"),
    ("chickens", "pets-chickens-and-bees"),
    ("keeping chickens", "pets-chickens-and-bees"),
    ("ADU", ADU),
    ("granny unit", ADU),
    ("in-law unit", ADU),
]


@pytest.fixture(autouse=True)
def fresh_vocabulary():
    vocabulary.forget_vocabulary()
    suggestions.forget_words()
    yield
    vocabulary.forget_vocabulary()
    suggestions.forget_words()


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "slug"), LEADS_WITH_TOPIC)
def test_everyday_words_lead_with_their_topic(query, slug):
    if not Topic.objects.filter(slug=slug).exists():
        pytest.skip(f"topic {slug} is not on this branch")
    outcome = search.search(query)
    assert outcome.hits[0].key == f"topic-{slug}"
    assert outcome.hits[0].url == f"/topics/{slug}/"
    assert not outcome.not_covered
    # The topic is listed once, not again lower down.
    assert [hit.url for hit in outcome.hits].count(f"/topics/{slug}/") == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "subject"),
    [
        ("pool", "Swimming pools and spas"),
        ("swimming pools", "Swimming pools and spas"),
        ("deck", "Decks"),
        ("Patio", "Patios"),
        ("patios", "Patios"),
    ],
)
def test_subjects_not_covered_say_so_with_who_to_ask(client, query, subject):
    outcome = search.search(query)
    assert outcome.not_covered == (subject,)
    html = client.get("/search/", {"q": query}).content.decode()
    assert "data-not-covered" in html
    assert f"{subject} are not covered on this site yet" in html
    assert 'data-site-info="planning_contact"' in html  # who to ask
    assert "No results" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    # Whole words only: these contain a phrase's letters but are not the phrase.
    ["spool", "decking", "patiox", "whipped", "sheddings"],
)
def test_phrases_match_whole_words_only(query):
    topics, not_covered = vocabulary.vocabulary_matches(query)
    assert topics == [] and not_covered == ()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "suggestion"),
    [
        ("fense", "fence"),
        ("acessory", "accessory"),
        ("setbak", "setback"),
        ("fense heigth", "fence height"),
        ("acessory structre", "accessory structure"),
    ],
)
def test_typos_get_did_you_mean(client, query, suggestion):
    outcome = search.search(query)
    assert outcome.hits == []
    assert outcome.suggestion == suggestion
    html = client.get("/search/", {"q": query}).content.decode()
    assert f'data-suggestion="{suggestion}"' in html
    assert f"?q={suggestion.replace(' ', '%20')}" in html
    # The suggestion finds things.
    assert search.search(suggestion).hits


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "fence",  # a known word with results: nothing to suggest
        "zyzzyva",  # nothing near enough
        "qqqq",
        "abc",  # too short to guess at
    ],
)
def test_no_suggestion_when_nothing_is_near_or_the_word_is_known(query):
    assert search.search(query).suggestion == ""


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("fense", "fence", 1),
        ("setbak", "setback", 1),
        ("heigth", "height", 1),  # a swap counts as one edit
        ("acessory", "accessory", 1),
        ("fence", "fence", 0),
        ("shed", "sheds", 1),
        ("kitten", "sitting", 3),
    ],
)
def test_edit_distance(a, b, distance):
    assert suggestions.distance(a, b) == distance


@pytest.mark.django_db
def test_near_ties_go_to_the_same_first_letter_then_the_more_used_word():
    SearchWord.objects.bulk_create(
        [SearchWord(word="sense", uses=900), SearchWord(word="dense", uses=900)]
    )
    suggestions.forget_words()
    # "sense" and "dense" are one edit from "fense" too; "fence" starts with its letter.
    assert suggestions.nearest_word("fense") == "fence"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "place"),
    [
        ("7901 Old Redwood Hwy", "address"),
        ("201 W Sierra Ave", "address"),
        ("201 West Sierra Avenue, Cotati, CA 94931", "address"),
        ("55 E Cotati Ave.", "address"),
        ("8 Myrtle St", "address"),
        ("046-123-045", "parcel"),
        ("046123045", "parcel"),
        ("APN 046-123-045", "parcel"),
        ("apn: 046 123 045", "parcel"),
        ("046-123-045-000", "parcel"),
    ],
)
def test_an_address_or_parcel_number_gets_the_find_your_zone_help(client, query, place):
    outcome = search.search(query)
    assert outcome.place == place
    html = client.get("/search/", {"q": query}).content.decode()
    assert f'data-place="{place}"' in html
    assert 'data-site-info="find_your_zone"' in html
    assert "No results" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "6 ft fence",  # a measurement, not a house number
        "12 foot setback",
        "17.30.030",  # a section number
        "46-123-045",  # one digit short of an APN
        "0461230451",  # ten digits: not an APN shape
        "fence on street",  # no house number
    ],
)
def test_near_misses_are_searched_as_words(query):
    assert search.search(query).place == ""


@pytest.mark.django_db
def test_editors_extend_the_vocabulary_in_the_admin(client):
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user("ed", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    topic = "topic-sheds-garages-and-accessory-structures"
    assert all(hit.key != topic for hit in search.search("gazebos").hits)
    response = client.post(
        "/admin/search/searchphrase/add/",
        {
            "phrase": "  GAZEBO ",
            "language": "en",  # the form's choice, English by default, as a browser sends it
            "topic": "sheds-garages-and-accessory-structures",
            "not_covered": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert SearchPhrase.objects.filter(phrase="gazebo").exists()
    bump_content_generation()  # as the admin's save does once its transaction commits
    assert search.search("gazebos").hits[0].key == topic


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "error_field"),
    [
        ({"phrase": "gazebo"}, "topic"),  # neither a topic nor a subject
        (
            {"phrase": "gazebo", "topic_id": "home-business", "not_covered": "Gazebos"},
            "not_covered",
        ),
        ({"phrase": "--", "not_covered": "Gazebos"}, "phrase"),
    ],
)
def test_a_phrase_leads_to_a_topic_or_names_an_uncovered_subject(fields, error_field):
    with pytest.raises(ValidationError) as error:
        SearchPhrase(**fields).full_clean()
    assert error_field in error.value.message_dict


@pytest.mark.django_db
def test_the_word_list_is_rebuilt_from_the_content():
    count = suggestions.refresh_words()
    assert count == SearchWord.objects.count() > 100
    assert SearchWord.objects.filter(word="fence").exists()
