"""``manage.py startfamily NAME`` writes a working skeleton family in its own folder and
nothing else; found by the registry as it is, it offers its project, asks for its input,
answers "not checked: no record" for its rule, and its case table passes."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

import law.families
from law.engine.answers import CANNOT_TELL, answers_for
from law.engine.caches import clear_caches
from law.engine.cases import AS_OF, family_cases, run
from law.engine.check import check_lot
from law.engine.findings import Status
from law.engine.registry import registry
from law.engine.words import words
from rules.management.commands.startfamily import refused

# The name the skeleton is written under: "pools", unless a family has taken it since.
NAME = next(name for name in ("pools", "pool_decks", "pool_skeleton") if not refused(name))
FILES = {"__init__.py", "part.py", "check.py", f"{NAME}.toml", "words.toml", "cases.toml"}


def _files(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*") if path.is_file()}


def test_startfamily_writes_its_folder_and_nothing_else(tmp_path):
    call_command("startfamily", NAME, into=tmp_path)
    assert _files(tmp_path) == {f"{NAME}/{name}" for name in FILES}


@pytest.mark.parametrize("name", ["fences", "lot", "Pools", "pool-side", "class", "x"])
def test_a_name_taken_or_not_a_name_is_refused(tmp_path, name):
    with pytest.raises(CommandError):
        call_command("startfamily", name, into=tmp_path)
    assert _files(tmp_path) == set()


@pytest.fixture
def pools(tmp_path, monkeypatch):
    """The skeleton written beside the shipped families, as law.families finds it."""
    call_command("startfamily", NAME, into=tmp_path)
    monkeypatch.setattr(law.families, "__path__", [*law.families.__path__, str(tmp_path)])
    clear_caches()
    yield registry()
    monkeypatch.undo()
    clear_caches()


def test_the_skeleton_offers_its_project_and_asks_for_its_input(pools):
    assert NAME in pools.projects and pools.covered(NAME)
    assert pools.inputs[f"{NAME}_size_sqft"].spec.kind == "number"
    lot, plan = pools.inputs_from({"zone": "NL"})
    (answer,) = answers_for(check_lot(lot, plan, as_of=AS_OF), [NAME])
    assert answer.outcome == CANNOT_TELL and answer.missing == (f"{NAME}_size_sqft",)


def test_the_skeleton_rule_is_not_checked_for_want_of_a_record(pools):
    lot, plan = pools.inputs_from({"zone": "NL", f"{NAME}_size_sqft": 100})
    (finding,) = [f for f in check_lot(lot, plan, as_of=AS_OF) if f.rule == f"{NAME}.size"]
    assert finding.status is Status.NOT_CHECKED and finding.note == "no_standard_for_zone"
    assert words().rules[f"{NAME}.size"].endswith(": size")


def test_the_skeleton_case_table_passes(pools):
    (case,) = family_cases(NAME)
    finding = run(case)
    assert finding.status is case.status and finding.note == case.note
