"""/proposed-changes/: each change in a plain sentence built from the standards data (old and
new figures, never typed), its status and hearing, and a link to its redline."""

import re
from datetime import date

import pytest

from law.engine import load_standards
from law.engine.standards import Standard, Standards
from law.reports.presentation import StandardChange, standard_changes
from rules.wording.records import std

AS_OF = date(2026, 12, 1)


def record(id_, value, *, zones=(), status="adopted", unit="percent", comparison="max", **kw):
    return Standard(
        id=id_,
        rule=kw.pop("rule", "minor_variance"),
        value=value,
        unit=unit,
        comparison=comparison,
        zones=tuple(zones),
        cases=("default",),
        status=status,
        section="17.62.060",
        subsection="C",
        source="code_text",
        effective=date(2026, 1, 1) if status == "adopted" else None,
        **kw,
    )


@pytest.mark.parametrize(
    ("old", "new", "direction"),
    [
        (25, 10, "fall"),
        (10, 25, "rise"),
        (25, 25, "same"),
        (None, 10, "new"),
        (25, None, "change"),
    ],
    ids=lambda v: str(v),
)
def test_a_proposed_figure_is_compared_with_the_figure_in_force(old, new, direction):
    adopted = record("adopted", old)
    proposed = record("proposed", new, status="proposed")
    assert StandardChange(proposed, adopted, ()).direction == direction


def test_a_figure_in_another_unit_is_converted_before_it_is_compared():
    adopted = record("a", 1, unit="acre", comparison="min", rule="lot.area")
    proposed = record(
        "p", 40_000, unit="sqft", comparison="min", rule="lot.area", status="proposed"
    )
    assert StandardChange(proposed, adopted, ()).direction == "fall"  # 43,560 sq ft → 40,000


def test_a_proposal_with_no_figure_in_force_is_a_new_figure():
    assert StandardChange(record("p", 10, status="proposed"), None, ()).direction == "new"


def test_districts_sharing_the_figure_in_force_share_one_sentence():
    a = record("a", 20, zones=["NL", "NM"], unit="ft", comparison="min", rule="setback.rear")
    b = record("b", 15, zones=["NU"], unit="ft", comparison="min", rule="setback.rear")
    p = record(
        "p",
        10,
        zones=["NL", "NM", "NU"],
        unit="ft",
        comparison="min",
        rule="setback.rear",
        status="proposed",
        proposal="spring-2026-cleanup",
    )
    changes = standard_changes(AS_OF, [p], Standards([a, b, p]).view(AS_OF))
    assert [(c.old.id, c.zones, c.direction) for c in changes] == [
        ("a", ("NL", "NM"), "fall"),
        ("b", ("NU",), "fall"),
    ]


def _amendment(html: str, number: str) -> str:
    return html.split(f'data-section="{number}" id="amendment-')[1].split("</li>\n      \n")[0]


@pytest.mark.django_db
def test_the_minor_variance_sentence_states_the_old_and_new_figures_from_the_standards(client):
    standards = load_standards()
    adopted = standards.get("minor_variance", "*", as_of=AS_OF)
    proposed = next(r for r in standards if r.rule == "minor_variance" and r.status == "proposed")
    html = client.get("/proposed-changes/").content.decode()
    item = html.split(f'data-change="{proposed.id}"')[1].split("</li>")[0]
    assert 'data-direction="fall"' in item
    words = " ".join(re.sub(r"<[^>]+>", "", item).split())
    assert f"would fall from {std(adopted)} to {std(proposed)}" in words
    assert words.startswith(
        'data-direction="fall">The minor variance limit would fall from 25% to 10%'
    )
    assert 'href="/code/17.62.060/#sub-c"' in item


@pytest.mark.django_db
def test_every_proposed_figure_gets_a_sentence_under_its_section(client):
    html = client.get("/proposed-changes/").content.decode()
    proposed = [r for r in load_standards() if r.status == "proposed"]
    assert proposed
    for r in proposed:
        section = html.split(f'data-section="{r.section}"')[1].split('class="proposed-amendment"')[
            0
        ]
        assert f'data-change="{r.id}"' in section, r.id
    toc = html.split('data-change="redline-2026-t2-4-toc-area"')[1].split("</li>")[0]
    assert 'data-direction="new"' in toc and "TOC" in toc and "2,000 sq ft" in toc


@pytest.mark.django_db
def test_each_change_has_its_status_its_hearing_and_a_redline_that_exists(client):
    html = client.get("/proposed-changes/").content.decode()
    items = html.split('class="proposed-amendment"')[1:]
    assert len(items) >= 10
    for item in items:
        assert "data-status=" in item and "data-hearing>" in item
        link = re.search(r'href="(/code/[^"#]+/)#(proposal-\d+)" data-redline-link', item)
        assert link, item[:200]
        target = client.get(link.group(1)).content.decode()
        assert f'id="{link.group(2)}"' in target


@pytest.mark.django_db
def test_the_fence_table_change_says_the_source_cannot_separate_it(client):
    html = client.get("/proposed-changes/").content.decode()
    item = html.split('data-section="17.30.030"')[1].split('class="proposed-amendment"')[0]
    wording = item.split("data-wording>")[1].split("</p>")[0]
    assert "cannot separate" in wording
    assert "matches the text in force" not in wording
