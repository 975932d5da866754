"""The OpenAPI document of the JSON is valid, served, and derived from the engine's declarations:
a parameter, project, outcome or status the engine gains is in it with nothing edited."""

import re

import jsonschema
import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import OpenAPIV31SpecValidator

from law.engine.answers import OUTCOMES, REASONS, answers_for
from law.engine.findings import APPROVAL_ORDER, Finding, Status
from law.engine.registry import registry
from rules.forms import SOMETHING_ELSE, CheckForm
from rules.openapi import RESULT_PATH, document

URL = "/check-my-lot/openapi.json"


def operation() -> dict:
    return document()["paths"][RESULT_PATH]["get"]


def parameters() -> dict[str, dict]:
    return {p["name"]: p for p in operation()["parameters"]}


def component(name: str) -> dict:
    return document()["components"]["schemas"][name]["properties"]


def test_the_document_is_valid_openapi_3_1():
    OpenAPIV31SpecValidator(document()).validate()
    assert document()["openapi"] == "3.1.0"


@pytest.mark.django_db
def test_it_is_served_as_json_at_its_address(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == document()


def test_its_parameters_are_the_form_fields_in_order():
    assert list(parameters()) == list(CheckForm.base_fields)


def test_every_registry_input_is_a_parameter_with_its_unit_kind_and_range_or_choices():
    listed = parameters()
    for name, entry in registry().inputs.items():
        spec, parameter = entry.spec, listed[name]
        schema = parameter["schema"]
        assert parameter["required"] is spec.required, name
        assert schema["x-kind"] == spec.kind, name
        assert schema.get("x-unit", "") == spec.unit, name
        if spec.kind in ("number", "whole"):
            # A string as people type it ("8,000", "3 ft"), its range beside it (issue 22).
            assert schema["type"] == "string" and schema["pattern"], name
            assert (schema["x-minimum"], schema["x-maximum"]) == (spec.minimum, spec.maximum)
        elif spec.kind == "choice":
            assert schema["enum"] == [code for code, _label in spec.choices], name
        else:
            assert schema["type"] == "boolean", name


def test_only_zone_is_required():
    assert [name for name, p in parameters().items() if p["required"]] == ["zone"]


def test_projects_outcomes_statuses_rules_and_approvals_are_the_engines():
    project = parameters()["project"]
    assert project["schema"]["items"]["enum"] == [*registry().projects, SOMETHING_ELSE]
    assert project["explode"] is True  # ?project=fence&project=adu
    answer, finding = component("Answer"), component("Finding")
    assert answer["project"]["enum"] == list(registry().projects)
    assert answer["outcome"]["enum"] == list(OUTCOMES)
    assert answer["approvals"]["items"]["enum"] == list(APPROVAL_ORDER)
    assert finding["status"]["enum"] == [status.value for status in Status]
    assert finding["rule"]["enum"] == list(registry().rule_order)
    assert finding["topic"]["enum"] == list(registry().topics)
    assert finding["note"]["enum"] == [*sorted(registry().notes), None]
    counts = operation()["responses"]["200"]["content"]["application/json"]["schema"]
    assert counts["properties"]["counts"]["propertyNames"]["enum"] == [s.value for s in Status]


def test_the_version_changes_with_the_contract():
    version = document()["info"]["version"]
    assert len(version) == 12 and int(version, 16) >= 0


# Real answers against the document's own response schemas: every member the JSON writes is
# declared, and every one declared is written (``additionalProperties`` is false).
FAILING = "zone=NL&lot_width_ft=60&front_setback_ft=18&covered_area_sqft=2900&lot_area_sqft=6000"
PROJECTS = (
    "zone=NL&project=home_business&project=fence&project=other&business_kind=office"
    "&home_floor_area_sqft=2000&business_floor_area_sqft=520&fence_height_ft=7&fence_height_extra_in=6"
    "&fence_location=front_or_street_side_setback&include_proposed=true&colour=red"
)


def validator(status: str):
    schema = operation()["responses"][status]["content"]["application/json"]["schema"]
    return jsonschema.Draft202012Validator({**schema, "components": document()["components"]})


# Issue 21's outcomes: the City decides (the shed), every question at once, state routes offered.
CITY_DECIDES = (
    "zone=NL&project=accessory_structure&accessory_type=shed&accessory_footprint_sqft=120"
    "&accessory_height_ft=10&accessory_stories=1"
)
ALTERNATIVES = (
    "zone=NM&project=main_building&lot_area_sqft=8000&dwelling_units=4&building_type=plex"
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "status"),
    [
        (FAILING, "200"),
        (PROJECTS, "200"),
        (CITY_DECIDES, "200"),
        (ALTERNATIVES, "200"),
        ("zone=XX&front_setback_ft=-1", "400"),
    ],
    ids=["a failing plan", "projects", "the city decides", "alternatives", "bad answers"],
)
def test_real_answers_match_the_documented_schema(client, query, status):
    response = client.get(f"{RESULT_PATH}?{query}")
    assert str(response.status_code) == status
    validator(status).validate(response.json())


@pytest.mark.django_db
def test_the_answers_shapes_are_exercised_by_the_real_answers(client):
    # The answers above carry every kind of object the schema declares.
    failing = client.get(f"{RESULT_PATH}?{FAILING}").json()
    projects = client.get(f"{RESULT_PATH}?{PROJECTS}").json()
    assert any(f["minor_variance"] for f in failing["findings"])
    assert any(f["share"] for f in failing["findings"])
    assert any(a["what_would_pass"] for a in projects["answers"])
    assert projects["ignored"] == ["colour"]
    routes = client.get(f"{RESULT_PATH}?{ALTERNATIVES}").json()
    assert any(a["alternatives"] for a in routes["answers"])
    city = client.get(f"{RESULT_PATH}?{CITY_DECIDES}").json()
    assert [a["outcome"] for a in city["answers"]] == ["city_decides"]


def test_an_answer_with_conditions_and_alternatives_matches_the_answer_schema():
    # Conditions come from findings of status "condition" (no shipped plan is needed for the
    # shape): the Answer schema takes them, with their figures, and the alternatives' reasons.
    rules = registry().project_rules["adu"]
    findings = [
        Finding(rule=rules[-1], status=Status.CONDITION, topic="adu", limit=60, unit="days"),
        Finding(rule=rules[-2], status=Status.PASS, topic="adu"),
    ]
    (answer,) = answers_for(findings, ["adu"])
    data = answer.to_dict()
    assert data["conditions"] and data["conditions"][0]["limit"] == 60
    schema = {"$ref": "#/components/schemas/Answer", "components": document()["components"]}
    jsonschema.Draft202012Validator(schema).validate(data)
    reason = document()["components"]["schemas"]["Alternative"]["properties"]["reason"]
    assert reason["enum"] == list(REASONS)


# Numbers as people type them (issue 22): the document says strings, each with the pattern of
# what rules/numbers.py reads in its unit, and examples the endpoint takes.
NUMBERS = {
    name: p["schema"]
    for name, p in parameters().items()
    if p["schema"].get("x-minimum") is not None
}
TYPED = {
    "lot_area_sqft": ["8,000", "8000", "120 sq ft", "0.2 acre", "10x12", "10 × 12 ft", "2e3"],
    "fence_height_ft": ["3 ft", "3 feet", "7'", "6'6\"", "6 ft 6 in", "6’6”", "84 in"],
    "fence_height_extra_in": ["6", "6 in", '6"', "11.5"],
    "accessory_side_line_ft": ["3", " 3 ft ", "3.5'", "5 FT"],
    "dwelling_units": ["4", "1,200", "2.0"],
    "visitor_trips_per_day": ["8", "1,200"],
}
NOT_READ = {
    "lot_area_sqft": ["6,5", "3 m", "10x12x3", "ten", "８０００"],
    "fence_height_ft": ["6'13\"", "10x12", "3 m", "1e999"],
    "dwelling_units": ["2.5", "4 homes", "1e3"],
}


def test_every_number_parameter_is_a_string_with_a_pattern_examples_and_its_range():
    whole = {name for name, e in registry().inputs.items() if e.spec.kind == "whole"}
    numbers = {name for name, e in registry().inputs.items() if e.spec.kind in ("number", "whole")}
    assert numbers <= set(NUMBERS)
    for name, schema in NUMBERS.items():
        assert schema["type"] == "string" and schema["maxLength"] == 40, name
        assert schema["examples"], name
        field = CheckForm.base_fields[name]
        for example in schema["examples"]:
            assert re.fullmatch(schema["pattern"], example), (name, example)
            assert field.min_value <= field.clean(example) <= field.max_value, (name, example)
        if name in whole:
            assert "1,200" in schema["examples"] or field.max_value < 1200, name


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "typed"), [(n, t) for n, ts in TYPED.items() for t in ts], ids=lambda v: str(v)
)
def test_what_the_endpoint_reads_the_pattern_allows(client, name, typed):
    assert re.search(NUMBERS[name]["pattern"], typed), typed
    response = client.get(RESULT_PATH, {"zone": "NL", name: typed})
    assert response.status_code == 200, response.json()["errors"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "typed"), [(n, t) for n, ts in NOT_READ.items() for t in ts], ids=lambda v: str(v)
)
def test_what_the_endpoint_cannot_read_the_pattern_refuses(client, name, typed):
    assert not re.search(NUMBERS[name]["pattern"], typed), typed
    response = client.get(RESULT_PATH, {"zone": "NL", name: typed})
    assert response.status_code == 400 and name in response.json()["errors"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_string_the_pattern_allows_is_read(data):
    """Generated from each unit's pattern (as schemathesis does): every one is read, none
    is a field error but for its range."""
    name = data.draw(st.sampled_from(sorted(NUMBERS)))
    schema = NUMBERS[name]
    text = data.draw(
        st.from_regex(schema["pattern"], fullmatch=True).filter(lambda t: len(t) <= 40)
    )
    field = CheckForm.base_fields[name]
    try:
        field.clean(text)
    except ValidationError as error:
        codes = {e.code for e in error.error_list}
        assert codes <= {"min_value", "max_value"}, (name, text, error)
