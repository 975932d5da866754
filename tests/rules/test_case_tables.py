"""Every family's case table (law/families/<name>/cases.toml, law/engine/cases.py): each row's
plan gives its rule the status the row says, citing the section it names."""

import pytest

from law.engine.cases import every_case, run
from law.engine.registry import registry

CASES = every_case()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_a_case_table_row_gets_the_status_and_section_it_names(case):
    finding = run(case)
    assert finding is not None, f"no {case.rule} finding"
    assert finding.status is case.status
    assert (finding.section or "") == case.section
    if case.subsection is not None:
        assert finding.subsection == case.subsection
    if case.note is not None:
        assert finding.note == case.note
    if case.missing is not None:
        assert finding.missing == case.missing
    if case.exception is not None:
        assert finding.exception == case.exception


def test_every_family_has_a_case_table():
    with_cases = {case.family for case in CASES}
    assert with_cases == {family.name for family in registry().families}
