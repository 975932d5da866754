"""Prose and rules cannot drift apart: summaries stating numbers the standards do not hold."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.checks import summary_numbers_match_standards
from cotati_site.guidance.number_drift import (
    content_with_drift,
    stated_numbers,
    summaries_with_drift,
)
from tests.factories import make_faq, make_section, make_summary, make_topic


def test_numbers_with_units_are_read_and_others_are_not():
    text = (
        "A fence can be 42 inches tall, or 6 ft. in RR; 25% of the floor area; 2,000 sq. ft.; "
        "12 vehicle trips a day; 35 units per acre. See § 17.30.040 within 10 days, by 2026, "
        "or 15 business days; open 8 hours; $500."
    )
    assert [(n.value, n.unit) for n in stated_numbers(text)] == [
        (42, "in"),
        (6, "ft"),
        (25, "percent"),
        (2000, "sqft"),
        (12, "trips_per_day"),
        (35, "units_per_acre"),
        (10, "days"),
        (15, "business_days"),
    ]


def test_distances_saying_where_a_rule_applies_are_not_limits():
    text = "Within 20 feet of the street line it is 42 inches; 20 feet or more from a front line, 7 feet."
    assert [n.text for n in stated_numbers(text)] == ["42 inches", "7 feet"]


@pytest.mark.django_db
def test_the_shipped_summaries_and_faqs_state_only_numbers_the_standards_hold():
    assert content_with_drift() == []
    assert summary_numbers_match_standards() == []


@pytest.mark.django_db
def test_a_summary_drifting_from_the_fence_table_is_flagged_by_check_and_command():
    fences = CodeSection.objects.get(number="17.30.030")
    drifting = make_summary(
        make_topic(slug="drift"),
        fences,
        headline="Near the street, a solid fence can be at most 48 inches tall.",
    )
    drifts = summaries_with_drift()
    assert [(d.summary_id, [n.text for n in d.numbers]) for d in drifts] == [
        (drifting.pk, ["48 inches"])
    ]
    warnings = summary_numbers_match_standards()
    assert [w.id for w in warnings] == ["cotati_site.W001"]
    assert "48 inches" in warnings[0].msg
    with pytest.raises(CommandError):
        call_command("check_summary_numbers")


@pytest.mark.django_db
def test_four_feet_matches_a_limit_held_in_inches_only_if_the_data_has_it():
    fences = CodeSection.objects.get(number="17.30.030")
    topic = make_topic(slug="units")
    make_summary(topic, fences, headline="A fence by the street: 3.5 feet.")  # = 42 in.
    assert summaries_with_drift() == []
    make_summary(topic, fences, headline="A fence by the street: 4 ft.")  # 48 in.
    assert len(summaries_with_drift()) == 1


@pytest.mark.django_db
def test_a_summary_citing_a_section_without_standards_is_not_checked():
    make_summary(make_topic(slug="no-data"), make_section(), headline="Up to 99 feet.")
    assert summaries_with_drift() == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("headline", "flagged"),
    [
        ("The city must decide a complete ADU application within 59 days.", ["59 days"]),
        ("The city must decide a complete ADU application within 60 days.", []),
        ("The city must decide a complete ADU application within 61 days.", ["61 days"]),
        # Gov. Code 66317(a)(2)(A) gives 15 business days to say an application is complete.
        ("It has 15 business days to say whether the application is complete.", []),
        ("It has 15 days to say whether the application is complete.", ["15 days"]),
    ],
)
def test_a_day_count_is_checked_against_the_deadlines_the_data_holds(headline, flagged):
    review = CodeSection.objects.get(number="Gov. Code 66317")
    make_summary(make_topic(slug="deadline"), review, headline=headline)
    assert [n.text for d in summaries_with_drift() for n in d.numbers] == flagged


@pytest.mark.django_db
def test_an_faq_drifting_from_the_fence_table_is_flagged_by_check_and_command():
    fences = CodeSection.objects.get(number="17.30.030")
    faq = make_faq(
        make_topic(slug="faq-drift"),
        question="How tall can a solid fence by the street be?",
        answer="At most 48 inches.",
    )
    faq.sections.add(fences)
    drifts = content_with_drift()
    assert [(d.label, [n.text for n in d.numbers]) for d in drifts] == [
        (f"FAQ {faq.pk}", ["48 inches"])
    ]
    warnings = summary_numbers_match_standards()
    assert [(w.id, w.obj) for w in warnings] == [("cotati_site.W001", f"FAQ {faq.pk}")]
    with pytest.raises(CommandError, match="summaries or FAQs"):
        call_command("check_summary_numbers")
    faq.answer = "At most 42 inches (3.5 feet)."
    faq.save()
    assert content_with_drift() == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("headline", "flagged"),
    [
        (
            "A shed over 120 square feet needs a building permit (California Residential Code "
            "§ R105.2).",
            [],
        ),
        (
            "A shed over 121 square feet needs a building permit (California Residential Code "
            "§ R105.2).",
            ["121 square feet"],
        ),
        ("A shed over 120 square feet needs a building permit.", ["120 square feet"]),
    ],
    ids=["the state code cited in the text holds it", "a figure it does not hold", "not cited"],
)
def test_a_state_code_section_cited_in_the_prose_lends_its_figures(headline, flagged):
    # § 17.42.160 (the height) holds no square feet; the California Residential Code's R105.2,
    # filed as the record section "CRC R105.2" with no page of its own, does when cited.
    accessory = CodeSection.objects.get(number="17.42.160")
    make_summary(make_topic(slug="permit"), accessory, headline=headline)
    assert [n.text for d in summaries_with_drift() for n in d.numbers] == flagged
