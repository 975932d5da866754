"""law/engine/variance.py's ``adopted``: a minor-variance hint whose figure comes from an
adopted proposal says "adopted"; one from a proposal only previewed stays "proposed"; the
code's own figure is untouched (issue 21)."""

from law.engine import load_standards, variance
from law.engine.site import MainBuilding

from .helpers import check, one

SPRING = "spring-2026-cleanup"


def front(**kw):
    return one(check("NL", building=MainBuilding(front_setback_ft=18), **kw), "setback.front")


def test_a_previewed_proposals_figure_is_proposed_until_the_proposal_is_adopted():
    findings = check("NL", preview=True, building=MainBuilding(front_setback_ft=18))
    hint = one(findings, "setback.front").minor_variance
    assert (hint.percent, hint.status) == (10, "proposed")
    restated = one(variance.adopted(findings, {SPRING}, load_standards()), "setback.front")
    assert (restated.minor_variance.percent, restated.minor_variance.status) == (10, "adopted")
    # Everything else about the finding and its hint is kept.
    assert restated.minor_variance.limit == hint.limit
    assert restated.status is one(findings, "setback.front").status


def test_another_proposal_adopted_leaves_this_one_proposed():
    findings = check("NL", preview=True, building=MainBuilding(front_setback_ft=18))
    same = variance.adopted(findings, {"some-other-proposal"}, load_standards())
    assert one(same, "setback.front").minor_variance.status == "proposed"


def test_the_codes_own_figure_is_left_alone_and_nothing_adopted_changes_nothing():
    findings = check("NL", building=MainBuilding(front_setback_ft=16))
    assert variance.adopted(findings, {SPRING}, load_standards()) == findings
    assert variance.adopted(findings, set(), load_standards()) is findings
    assert one(findings, "setback.front").minor_variance.status == "adopted"
