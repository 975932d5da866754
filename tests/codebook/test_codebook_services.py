"""Domain writes go through codebook_services: each keeps the revision counter and the
history, refuses what the law does not allow, and expires the page cache."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from cotati_site.codebook.models import Proposal, ProposalStatus, SectionVersion
from cotati_site.codebook.queries import engine_dates
from cotati_site.codebook.services import adopt_proposal, promote_version
from cotati_site.guidance.models import Summary
from cotati_site.guidance.services import record_check
from tests.factories import (
    make_section,
    make_summary,
    make_topic,
    make_version,
    paragraph,
)

pytestmark = pytest.mark.django_db

SPRING = "spring-2026-cleanup"


def spring() -> Proposal:
    return Proposal.objects.get(pk=SPRING)


def test_adopting_a_proposal_adopts_its_versions_and_map_changes_with_history():
    proposal = spring()
    versions = list(proposal.versions.all())
    assert versions and all(v.status == "proposed" for v in versions)
    before = {v.pk: v.history.count() for v in versions}
    adopt_proposal(
        proposal, ordinance="Ord. 950", adopted_on=date(2026, 12, 1), effective_on=date(2027, 1, 1)
    )
    proposal.refresh_from_db()
    assert (proposal.status, proposal.ordinance, proposal.effective_on) == (
        "adopted",
        "Ord. 950",
        date(2027, 1, 1),
    )
    assert proposal.history.first().status == "adopted"
    for version in proposal.versions.all():
        assert (version.status, version.source, version.effective_on) == (
            "adopted",
            "Ord. 950",
            date(2027, 1, 1),
        )
        assert version.proposed_as == "Spring 2026 code cleanup (proposed)"
        assert version.history.count() == before[version.pk] + 1
    assert all(c.status == "adopted" for c in proposal.map_changes.all())


def test_adopting_again_corrects_the_effective_date():
    adopt_proposal(spring(), ordinance="Ord. 950", effective_on=date(2027, 1, 1))
    adopt_proposal(spring(), ordinance="Ord. 950", effective_on=date(2027, 2, 1))
    assert {v.effective_on for v in spring().versions.all()} == {date(2027, 2, 1)}
    assert spring().versions.first().proposed_as == "Spring 2026 code cleanup (proposed)"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"ordinance": "Ord. 950", "adopted_on": date(2027, 1, 2)}, "effective_on"),
        ({"ordinance": " "}, "ordinance"),
    ],
    ids=[
        "a proposal cannot take effect before it is adopted",
        "a proposal is adopted by a named ordinance",
    ],
)
def test_adoption_refuses_what_the_law_does_not_allow(fields, field):
    with pytest.raises(ValidationError) as caught:
        adopt_proposal(spring(), effective_on=date(2027, 1, 1), **fields)
    assert field in caught.value.message_dict
    assert spring().status == ProposalStatus.PROPOSED


def test_a_withdrawn_proposal_cannot_be_adopted():
    Proposal.objects.filter(pk=SPRING).update(status=ProposalStatus.WITHDRAWN)
    with pytest.raises(ValidationError, match="withdrawn"):
        adopt_proposal(spring(), ordinance="Ord. 950", effective_on=date(2027, 1, 1))


def test_a_version_of_a_proposal_is_not_promoted_on_its_own():
    version = spring().versions.get(section="17.62.060")
    with pytest.raises(ValidationError, match="adopt the proposal"):
        promote_version(version, ordinance="Ord. 950", effective_on=date(2027, 1, 1))
    version.refresh_from_db()
    assert version.status == "proposed"


def test_promoting_a_version_keeps_its_history_and_what_it_was_proposed_as():
    section = make_section()
    version = make_version(section, status="proposed", body=paragraph("New words."))
    promote_version(version, ordinance="Ord. 951", effective_on=date(2027, 5, 1))
    version.refresh_from_db()
    assert (version.status, version.source, version.proposed_as) == (
        "adopted",
        "Ord. 951",
        "A test proposal (proposed)",
    )
    assert [h.status for h in version.history.all()] == ["adopted", "proposed"]


def test_recording_a_check_bumps_the_revision_and_keeps_history():
    section = make_section()
    version = make_version(section)
    summary = make_summary(make_topic(), section)
    revision, history = summary.revision, summary.history.count()
    record_check(summary, date(2026, 11, 30))
    summary = Summary.objects.get(pk=summary.pk)
    assert summary.checked_versions == {section.number: version.pk}
    assert summary.checked_on == date(2026, 11, 30)
    assert summary.revision == revision + 1
    assert summary.history.count() == history + 1


def test_the_shipped_proposed_versions_all_belong_to_the_spring_proposal():
    proposed = SectionVersion.objects.proposed()
    assert proposed.exists()
    assert set(proposed.values_list("proposal", flat=True)) == {SPRING}


def test_every_proposal_of_the_standards_data_ships_its_proposal_record():
    from law.engine import load_standards

    declared = set(load_standards().proposals)
    assert declared == {SPRING}
    assert declared <= set(Proposal.objects.values_list("pk", flat=True))


@pytest.mark.parametrize(
    ("status", "effective_on", "preview", "expected"),
    [
        ("proposed", None, False, None),
        ("proposed", None, True, date(2026, 12, 1)),
        ("adopted", date(2027, 1, 1), False, date(2027, 1, 1)),
        ("adopted", date(2027, 1, 1), True, date(2026, 12, 1)),
        ("adopted", date(2026, 6, 1), True, date(2026, 6, 1)),
        ("withdrawn", None, True, "left out"),
    ],
    ids=[
        "a pending proposal is passed as pending",
        "a preview applies a pending proposal from the check date",
        "an adopted proposal applies from its effective date",
        "a preview applies an adopted proposal not yet in effect from the check date",
        "a preview keeps an adopted proposal's earlier effective date",
        "a withdrawn proposal is left out",
    ],
)
def test_the_engine_gets_each_proposal_from_the_date_its_status_says(
    status, effective_on, preview, expected
):
    Proposal.objects.filter(pk=SPRING).update(
        status=status, effective_on=effective_on, ordinance="Ord. 950" if effective_on else ""
    )
    given = engine_dates(
        [SPRING], Proposal.objects.engine_rows(), on=date(2026, 12, 1), preview=preview
    )
    assert given == ({} if expected == "left out" else {SPRING: expected})
