"""Every out-of-band target an update of the results sends is on the page (issue 22's error
slots and "read as" lines, the answer bar, the status line): htmx logs htmx:oobErrorNoTarget
for one that is not.

The page's questions are those of the projects they were drawn for; an update reads the boxes
when its turn in the form's queue comes, so it may carry a project just ticked whose questions
are still queued behind it. It names the projects the page's questions were drawn for
(``questions_for``, static/js/checker.js), and its slots are theirs (rules/wording/slots.py).
Before, ticking fence and shed at once sent the shed's and the flood's slots to a page showing
the fence's questions (#error-work_kind first, 25 in all; tests/e2e/test_check_my_lot_on_a_phone.py
met it under load)."""

import itertools
import re

import pytest

from law.engine.registry import registry
from rules.forms import PROJECT_KEYS, SOMETHING_ELSE, CheckForm, _layout

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
ALL = (*PROJECT_KEYS, SOMETHING_ELSE)
ID = re.compile(r'\bid="([^"]+)"')
OOB = re.compile(r'<[^>]*\bhx-swap-oob="[^"]*"[^>]*>')


def _combinations(keys):
    return itertools.chain.from_iterable(
        itertools.combinations(keys, size) for size in range(len(keys) + 1)
    )


def _gates(projects) -> tuple[str, ...]:
    """The site conditions' yes/no boxes the page asks for these projects."""
    chosen = tuple(key for key in projects if key in PROJECT_KEYS)
    return tuple(
        condition["gate"]
        for section in _layout(projects if SOMETHING_ELSE in projects else chosen)
        for condition in section.get("conditions", ())
    )


def _query(projects, boxes=(), **more) -> list[tuple[str, str]]:
    return (
        [("zone", "NL")]
        + [("project", key) for key in projects]
        + [(box, "on") for box in boxes]
        + list(more.items())
    )


def _ids_on_page(client, query) -> set[str]:
    return set(ID.findall(client.get(URL, query).content.decode()))


def _targets(client, query) -> set[str]:
    html = client.get(URL, query, HTTP_HX_REQUEST="true").content.decode()
    return {ID.search(tag).group(1) for tag in OOB.findall(html)}


def test_every_update_sends_only_targets_the_page_holds_for_every_projects_and_boxes(client):
    """For every set of projects (with "something else"), the page whose questions were drawn
    for it, with none and with all of its site-condition boxes ticked (the same targets: a
    closed yes/no's questions are drawn hidden, not left out). Against it, each update it can
    send: the same answers with each combination of its boxes ticked; every project and box
    ticked, or none, while its questions are still these (fails without questions_for); and
    the same answers not naming its questions (the server's fallback: the form's own)."""
    states = 0
    for projects in _combinations(ALL):
        page = _ids_on_page(client, _query(projects))
        gates = _gates(projects)
        if gates:
            assert _ids_on_page(client, _query(projects, gates)) == page, projects
        drawn = " ".join(projects)
        updates = [_query(projects, boxes, questions_for=drawn) for boxes in _combinations(gates)]
        updates += [
            _query(ALL, _gates(PROJECT_KEYS), questions_for=drawn),
            _query((), questions_for=drawn),
            _query(projects),
        ]
        for query in updates:
            sent = _targets(client, query)
            assert "answer-bar" in sent and "result-status" in sent, query
            assert sent <= page, (projects, query, sorted(sent - page))
            states += 1
    print(f"{states} updates against {2 ** len(ALL)} pages")
    assert states > 3 * 2 ** len(ALL)


def test_the_fence_page_gets_no_slot_of_the_shed_or_the_flood_ticked_with_it(client):
    """The race as it happened: fence's questions on the page, fence and shed ticked."""
    page = _ids_on_page(client, _query(("fence",)))
    assert "error-work_kind" not in page
    sent = _targets(client, _query(("fence", "accessory_structure"), questions_for="fence"))
    assert "error-fence_type" in sent and "error-work_kind" not in sent
    assert sent <= page


def test_an_error_on_a_question_not_drawn_yet_waits_for_its_slot_and_is_summarised(client):
    """An answer the page does not ask yet (the shed's footprint, typed into a link) gets no
    slot on the fence's page; the results' error summary still names it."""
    query = _query(
        ("fence", "accessory_structure"), questions_for="fence", accessory_footprint_sqft="lots"
    )
    html = client.get(URL, query, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="error-accessory_footprint_sqft"' not in html
    assert 'href="#id_accessory_footprint_sqft"' in html  # the error summary's link
    drawn = client.get(
        URL,
        _query(("fence", "accessory_structure"), accessory_footprint_sqft="lots"),
        HTTP_HX_REQUEST="true",
    ).content.decode()
    slot = re.search(r'id="error-accessory_footprint_sqft"[^>]*>([^<]+)<', drawn)
    assert slot and slot.group(1).strip()


@pytest.mark.parametrize(
    ("value", "canonical"),
    [
        ("fence accessory_structure", "fence accessory_structure"),
        ("accessory_structure fence fence", "fence accessory_structure"),
        ("other", "other"),
        ("", ""),
        ("pool", None),
    ],
    ids=[
        "as sent",
        "the form's order, once each",
        "something else",
        "none: the whole form",
        "unknown",
    ],
)
def test_questions_for_is_read_canonically(value, canonical):
    from rules.forms import questions_for

    assert questions_for(value) == canonical


def test_every_project_is_offered():
    assert set(PROJECT_KEYS) == set(registry().projects)
    assert CheckForm.shown_names_for(()) == CheckForm(initial={}).shown_names()
