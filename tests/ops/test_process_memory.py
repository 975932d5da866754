"""What a server process keeps: nothing of a request once it is answered, and, once it is
prepared (cotati_site/warmup.py), what every answer needs out of the collector's walk."""

import gc

import pytest
from django.core.handlers.wsgi import WSGIRequest

from cotati_site.warmup import YOUNG_COLLECTION_THRESHOLD, prepare_process
from law.engine import load_standards
from tests.load.run import CHECK_QUERY

pytestmark = pytest.mark.django_db


@pytest.mark.usefixtures("page_cache")
def test_no_answer_keeps_its_request_alive(client):
    # Each per-process store (pages, cards, printed sheets, kept findings) is keyed by what
    # an answer is made of; one keyed by the request would keep every reader's request.
    for n in range(5):
        query = f"{CHECK_QUERY}&rear_setback_ft={10 + n}"
        assert (
            client.get(f"/check-my-lot/?{query}", headers={"HX-Request": "true"}).status_code == 200
        )
        assert client.get(f"/check-my-lot/?{query}").status_code == 200
        assert client.get(f"/check-my-lot/result.json?{query}").status_code == 200
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, WSGIRequest)]
    assert alive == []


@pytest.fixture
def unfrozen():
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()  # the rest of the suite runs as it did
    gc.set_threshold(*threshold)


def _walked(obj) -> bool:
    return any(o is obj for o in gc.get_objects())


def test_a_prepared_process_keeps_the_standards_out_of_the_collectors_walk(unfrozen):
    record = load_standards().records[0]
    assert gc.is_tracked(record)
    gc.unfreeze()
    assert _walked(record)
    prepare_process()
    assert gc.get_freeze_count() > 0
    assert not _walked(record)  # frozen: still alive, never walked
    assert load_standards().records[0] is record


def test_a_prepared_process_collects_its_young_generation_less_often(unfrozen):
    _young, middle, old = gc.get_threshold()
    prepare_process()
    assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, middle, old)
    assert YOUNG_COLLECTION_THRESHOLD > 700  # Python's default
