"""Named proposals: the caller says which proposals apply and from which date; a
pending one is only mentioned, a withdrawn (left out) one is ignored."""

import dataclasses
import shutil
from datetime import date
from pathlib import Path

import pytest

from law.engine import Status, check_lot, load_standards
from law.engine.loader import DATA_DIR, law_files
from law.engine.plan import Plan
from law.engine.site import Lot, MainBuilding
from law.engine.standards import Standards

from .helpers import one

SPRING = "spring-2026-cleanup"
SECOND = "test-second-proposal"
ADOPTED_FROM = date(2027, 1, 1)
SECOND_FROM = date(2027, 6, 1)


def _front(front: float, as_of: date, proposals, standards=None):
    plan = Plan(building=MainBuilding(front_setback_ft=front))
    findings = check_lot(
        Lot(zone="NL"), plan, as_of=as_of, proposals=proposals, standards=standards
    )
    return one(findings, "setback.front")


@pytest.mark.parametrize(
    ("as_of", "percent", "proposed_percent"),
    [
        (date(2026, 12, 31), 25, 10),
        (date(2027, 1, 1), 10, None),
        (date(2027, 1, 2), 10, None),
    ],
    ids=[
        "the day before the proposal applies, 25% is in force and 10% is mentioned",
        "on the day it applies, 10% is in force",
        "the day after, 10% is in force",
    ],
)
def test_a_proposal_applies_from_the_date_its_caller_gives(as_of, percent, proposed_percent):
    mv = _front(18, as_of, {SPRING: ADOPTED_FROM}).minor_variance
    assert mv.percent == percent
    assert mv.proposed_percent == proposed_percent


def test_a_pending_proposal_is_only_mentioned():
    mv = _front(18, date(2027, 1, 1), {SPRING: None}).minor_variance
    assert (mv.percent, mv.proposed_percent) == (25, 10)


def test_a_proposal_left_out_is_neither_applied_nor_mentioned():
    mv = _front(18, date(2027, 1, 1), {}).minor_variance
    assert (mv.percent, mv.proposed_percent) == (25, None)


def test_a_previewed_proposal_applies_on_the_check_date():
    on = date(2026, 11, 1)
    mv = _front(18, on, load_standards().preview(on)).minor_variance
    assert (mv.percent, mv.status, mv.proposed_percent) == (10, "proposed", None)


def test_an_unknown_proposal_is_refused():
    with pytest.raises(ValueError, match="no-such-proposal"):
        _front(18, date(2027, 1, 1), {"no-such-proposal": date(2027, 1, 1)})


def test_an_adopted_record_taking_effect_after_the_proposal_supersedes_it(tmp_path):
    text = (DATA_DIR / "variance.toml").read_text(encoding="utf-8")
    text = text.replace(
        "effective = 2026-03-20\n", "effective = 2026-03-20\nuntil = 2028-01-01\n", 1
    )
    later = """
[[standard]]
id = "test-later-minor-variance"
rule = "minor_variance"
section = "17.62.060"
subsection = "C"
value = 20
unit = "percent"
comparison = "max"
effective = 2028-01-01
source = "code_text"
"""
    for file in law_files():
        shutil.copy(file, tmp_path / file.name)
    (tmp_path / "variance.toml").write_text(text + later, encoding="utf-8")
    standards = load_standards(tmp_path)
    proposals = {SPRING: ADOPTED_FROM}
    assert _front(18, date(2027, 12, 31), proposals, standards).minor_variance.percent == 10
    assert _front(16, date(2028, 1, 1), proposals, standards).minor_variance.percent == 20


@pytest.fixture
def two_proposals(tmp_path):
    for file in law_files():
        shutil.copy(file, tmp_path / file.name)
    fixture = Path(__file__).parent / "data" / "proposed_second_example.toml"
    shutil.copy(fixture, tmp_path / fixture.name)
    return load_standards(tmp_path)


def test_a_second_proposal_loads_beside_the_first(two_proposals):
    assert sorted(two_proposals.proposals) == [SPRING, SECOND]
    assert two_proposals.by_id("test-second-t2-4-toc-area").proposal == SECOND


@pytest.mark.parametrize(
    ("as_of", "limit"),
    [
        (date(2026, 12, 31), None),
        (date(2027, 1, 1), 2000),
        (date(2027, 5, 31), 2000),
        (date(2027, 6, 1), 1800),
    ],
    ids=[
        "before either proposal applies TOC has no lot-area row",
        "from the first proposal's date its 2,000 sq ft applies",
        "the day before the second proposal's date the first still applies",
        "from the second proposal's date its figure applies",
    ],
)
def test_two_proposals_for_the_same_rule_apply_each_from_its_own_date(two_proposals, as_of, limit):
    proposals = {SPRING: ADOPTED_FROM, SECOND: SECOND_FROM}
    findings = check_lot(
        Lot(zone="TOC", area_sqft=1900),
        Plan(),
        as_of=as_of,
        standards=two_proposals,
        proposals=proposals,
    )
    area = one(findings, "lot.area")
    # An existing lot: the row in force is shown, a lot under it is information (Table 2-4
    # binds new lots).
    if limit is None:
        assert area.note == "no_standard_for_zone"
    else:
        assert area.limit == limit
        assert area.status is (Status.INFO if limit > 1900 else Status.PASS)


def test_applying_one_proposal_leaves_the_other_out(two_proposals):
    findings = check_lot(
        Lot(zone="TOC", area_sqft=1900),
        Plan(),
        as_of=date(2027, 7, 1),
        standards=two_proposals,
        proposals={SECOND: SECOND_FROM},
    )
    assert one(findings, "lot.area").standard_id == "test-second-t2-4-toc-area"


def test_a_proposed_record_built_in_code_without_a_proposal_counts_as_pending():
    """The loader refuses a proposed record naming no proposal; one built in code (as tests
    and callers may) is pending whatever proposals the caller applies: never in force."""
    standards = load_standards()
    adopted = standards.view(date(2026, 12, 1), {}).get("minor_variance", "NL")
    stray = dataclasses.replace(
        adopted, id="built-in-code", value=5, status="proposed", effective=None
    )
    built = Standards([*standards.records, stray], standards.proposals.values())
    for proposals in ({}, {SPRING: None}, {SPRING: ADOPTED_FROM}, None):
        view = built.view(date(2027, 6, 1), proposals)
        assert view.get("minor_variance", "NL").value != 5, proposals
    pending = built.view(date(2027, 6, 1), {}).get_proposed("minor_variance", "NL")
    assert pending.id == "built-in-code"
