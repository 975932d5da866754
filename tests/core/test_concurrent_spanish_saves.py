"""Two editors saving the Spanish of the same summary at the same moment (issue 23): the
Spanish is part of the record, so the revision that guards its English guards it too;
exactly one save goes through, the other editor is told and keeps what they typed, and
each version in the history holds the Spanish it saved. Real threads and connections, as
tests/core/test_concurrent_saves.py."""

import pytest

from cotati_site.core import translated
from tests.core.test_concurrent_saves import CONFLICT, at_once, editor_client
from tests.factories import make_section, make_summary, make_topic, summary_admin_form

pytestmark = pytest.mark.django_db(transaction=True)

TRIALS = 12


def spanish_form(summary, headline_es: str) -> dict:
    return {
        **summary_admin_form(summary),
        "headline_es": headline_es,
        "body_es": "Un cuerpo de prueba.",
        "applies_when_es": "",
    }


def test_two_editors_saving_one_summarys_spanish_at_once_never_lose_an_edit():
    first, second = editor_client("primera"), editor_client("segunda")
    topic, section = make_topic(slug="concurrent-es"), make_section()
    outcomes = []
    for trial in range(TRIALS):
        summary = make_summary(topic, section, headline=f"Trial {trial}.", body="A test body.")
        url = f"/admin/guidance/summary/{summary.pk}/change/"
        typed = {
            "primera": spanish_form(summary, f"Prueba {trial}, de la primera."),
            "segunda": spanish_form(summary, f"Prueba {trial}, de la segunda."),
        }
        responses = at_once(
            lambda url=url, data=typed["primera"]: first.post(url, data),
            lambda url=url, data=typed["segunda"]: second.post(url, data),
        )
        for response in responses:
            assert not isinstance(response, Exception), response
        saved = [who for who, r in zip(typed, responses, strict=True) if r.status_code == 302]
        refused = [
            (who, r) for who, r in zip(typed, responses, strict=True) if r.status_code == 200
        ]
        assert len(saved) == 1, (trial, [r.status_code for r in responses])
        ((loser, page),) = refused
        html = page.content.decode()
        assert CONFLICT in html
        assert typed[loser]["headline_es"] in html  # what they typed, kept
        assert typed[saved[0]]["headline_es"] in html  # the Spanish saved meanwhile, shown
        summary.refresh_from_db()
        assert summary.headline_es == typed[saved[0]]["headline_es"]
        assert translated.state(summary, "es") == translated.CURRENT
        versions = list(summary.history.values_list("revision", "headline_es"))
        assert len({revision for revision, _ in versions}) == len(versions) == 2
        assert versions[0][1] == summary.headline_es
        outcomes.append(saved[0])
    assert set(outcomes) == {"primera", "segunda"} or len(outcomes) == TRIALS
