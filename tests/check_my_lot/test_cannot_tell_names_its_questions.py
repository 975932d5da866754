"""Every "We can't tell yet" names a question whose answer changes the verdict (issue 21).

Walked over the plans the site ships: every row of every family's case table (its zone and
answers, for each project its rule bears on), every golden query of the JSON
(tests/golden/queries.toml), and each project with nothing entered in each district. An answer
that waits (``cannot_tell``) must list in ``missing`` at least one question, each a field the
page asks for that project (so the link beside it lands on a field). A project whose rules are
not built yet says "not checked yet" instead. (A question already answered may be asked again
where two answers disagree: a plex of one home.)
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from django.http import QueryDict

from law.engine.answers import CANNOT_TELL, Answer, answers_for
from law.engine.cases import every_case
from law.engine.check import check_lot
from law.engine.registry import registry
from law.engine.zones import ZONES
from rules.forms import CheckForm
from tests.golden.golden import AS_OF  # the golden queries' date: every adopted record in force

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "queries.toml"


def faults(answer: Answer, form: CheckForm) -> list[str]:
    """What is wrong with a waiting answer: no question named, or a question the page does not
    ask for the project. Empty for any other answer."""
    if answer.outcome != CANNOT_TELL or not answer.covered:
        return []
    if not answer.missing:
        return [f"{answer.project}: cannot_tell names no question"]
    asked = {name for section in _layout(form, answer.project) for name in section["asked"]}
    return [
        f"{answer.project}: {name!r} is not asked on the page"
        for name in answer.missing
        if name not in asked
    ]


def _layout(form: CheckForm, project: str):
    chosen = CheckForm({"zone": form.cleaned_data["zone"], "project": [project]})
    chosen.is_valid()
    return chosen.layout()


def answers_to(query: str) -> tuple[CheckForm, list[Answer]]:
    """The form and the answer for each project a query string chooses (every project it
    checks when it chooses none)."""
    data = QueryDict(query, mutable=True)
    form = CheckForm(data)
    assert form.is_valid(), (query, form.errors)
    projects = tuple(p for p in form.projects() if p in registry().projects)
    projects = projects or tuple(registry().projects)
    lot, plan = form.to_engine()
    findings = check_lot(lot, plan, as_of=form.cleaned_data.get("as_of") or AS_OF)
    return form, answers_for(findings, projects)


def case_queries() -> list[tuple[str, str]]:
    """(name, query string) for every case-table row, for each project its rule bears on."""
    reg = registry()
    out = []
    for case in every_case():
        projects = [key for key, rules in reg.project_rules.items() if case.rule in rules]
        for project in projects:
            pairs = [("zone", case.zone), ("project", project)]
            pairs += [(name, _text(value)) for name, value in case.inputs.items()]
            out.append((f"{case.name} [{project}]", "&".join(f"{k}={v}" for k, v in pairs)))
    return out


def golden_queries() -> list[tuple[str, str]]:
    with GOLDEN.open("rb") as fh:
        queries = tomllib.load(fh)["query"]
    return [(entry["covers"], entry["query"]) for entry in queries]


def empty_queries() -> list[tuple[str, str]]:
    return [
        (f"{zone}: {project} with nothing entered", f"zone={zone}&project={project}")
        for zone in ZONES
        for project in registry().projects
    ]


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


PLANS = case_queries() + golden_queries() + empty_queries()


@pytest.mark.parametrize(("name", "query"), PLANS, ids=[name for name, _query in PLANS])
def test_every_cannot_tell_names_a_question(name, query):
    if _bad(query):
        pytest.skip("a query the form refuses (its 400 is pinned by the golden file)")
    form, answers = answers_to(query)
    silent = [
        a.project for a in answers if a.outcome == CANNOT_TELL and a.covered and not a.missing
    ]
    assert not silent, f"cannot_tell with no question: {silent}"


@pytest.mark.parametrize(("name", "query"), PLANS, ids=[name for name, _query in PLANS])
def test_every_question_named_is_asked_on_the_page(name, query):
    if _bad(query):
        pytest.skip("a query the form refuses (its 400 is pinned by the golden file)")
    form, answers = answers_to(query)
    found = [fault for answer in answers for fault in faults(answer, form)]
    assert not found, found


def _bad(query: str) -> bool:
    if "zone=" not in query:
        return True
    form = CheckForm(QueryDict(query))
    return not form.is_valid() or not form.cleaned_data.get("zone")


def test_the_check_fails_on_an_answer_that_waits_without_a_question():
    form = CheckForm(QueryDict("zone=NL&project=fence&fence_height_ft=7"))
    assert form.is_valid()
    silent = Answer(project="fence", outcome=CANNOT_TELL)
    assert faults(silent, form) == ["fence: cannot_tell names no question"]
    asked = Answer(project="fence", outcome=CANNOT_TELL, missing=("fence_type",))
    assert faults(asked, form) == []
    elsewhere = Answer(project="fence", outcome=CANNOT_TELL, missing=("adu_type",))
    assert faults(elsewhere, form) == ["fence: 'adu_type' is not asked on the page"]


def test_the_walk_covers_waiting_answers():
    # The walk is worth something only if it meets answers that wait.
    waiting = 0
    for _name, query in empty_queries()[:20]:
        _form, answers = answers_to(query)
        waiting += sum(a.outcome == CANNOT_TELL for a in answers)
    assert waiting > 0
    assert len(PLANS) > 300
    assert parse_qs(PLANS[0][1])["zone"]
