"""The JSON names every query parameter it did not read, so a misspelt name is not silently
dropped (issue 19, finding 9)."""

import json

import pytest
from django.http import JsonResponse

from cotati_site.core.cache import cache_for_anonymous
from rules.ignored import reports_ignored
from rules.json_output import with_ignored
from rules.numbers import whole_number_param

pytestmark = pytest.mark.django_db

JSON_URL = "/check-my-lot/result.json"


def ignored(client, query: str, status: int = 200) -> list[str]:
    response = client.get(f"{JSON_URL}?{query}")
    assert response.status_code == status
    return response.json()["ignored"]


def test_a_misspelt_parameter_is_named_in_ignored(client):
    assert ignored(client, "zone=NL&project=fence&fence_hieght_ft=7") == ["fence_hieght_ft"]


def test_every_parameter_read_gives_an_empty_list(client):
    query = "zone=NL&project=fence&project=adu&fence_height_ft=7&as_of=2026-06-01&corner_lot=on"
    assert ignored(client, query) == []
    assert ignored(client, "", status=400) == []  # no zone: a 400, which lists them too


def test_ignored_is_sorted_and_names_each_parameter_once(client):
    query = "zone=NL&utm_source=x&b=1&a=1&b=2&show=fence&lot_area_sqft=6000"
    # ``show`` opens a section of the page; the JSON does not read it.
    assert ignored(client, query) == ["a", "b", "show", "utm_source"]


def test_a_bad_answer_still_names_what_was_ignored(client):
    query = "zone=NL&front_setback_ft=-1&frontsetback_ft=5"
    assert ignored(client, query, status=400) == ["frontsetback_ft"]


def test_names_are_read_as_django_decodes_them(client):
    assert ignored(client, "zone=NL&fence%5Fhieght+ft=7&caf%C3%A9=1") == ["café", "fence_hieght ft"]


@pytest.mark.usefixtures("page_cache")
def test_urls_differing_only_by_an_unread_parameter_each_get_their_own_list(client):
    answers = {}
    for query in ("zone=NL&colour=red", "zone=NL", "zone=NL&size=big", "zone=NL&colour=red"):
        response = client.get(f"{JSON_URL}?{query}")
        document = response.json()
        answers.setdefault("rest", []).append({k: v for k, v in document.items() if k != "ignored"})
        answers.setdefault("ignored", []).append(document["ignored"])
    assert answers["ignored"] == [["colour"], [], ["size"], ["colour"]]
    # Everything else is the one cached answer.
    assert all(rest == answers["rest"][0] for rest in answers["rest"])


@pytest.mark.parametrize(
    "document", [{}, {"zone": "NL", "findings": [{"a": None}]}], ids=["empty", "members"]
)
def test_ignored_joins_the_document_as_its_first_member(document):
    text = with_ignored(json.dumps(document).encode(), ["x", "y"])
    assert json.loads(text) == {"ignored": ["x", "y"], **document}
    assert next(iter(json.loads(text))) == "ignored"


def test_a_value_the_cache_cannot_read_is_named_too(rf):
    # A parameter declared with a canonical form (here a whole number) whose value has none
    # is not handed to the view: the view did not read it either.
    @reports_ignored
    @cache_for_anonymous(reads={"n": whole_number_param, "m": None}, shared=False)
    def view(request):
        return JsonResponse({"n": request.GET.get("n"), "m": request.GET.get("m")})

    assert json.loads(view(rf.get("/v?n=7&m=x")).content) == {"ignored": [], "n": "7", "m": "x"}
    assert json.loads(view(rf.get("/v?n=seven&m=x&o=1")).content)["ignored"] == ["n", "o"]
