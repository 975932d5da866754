"""Check my lot's JSON is byte for byte what the golden file holds, query by query.

The golden file (``check_my_lot.json``) guards refactors: a difference is either a bug fix,
named in the commit that re-captures the file (``python -m tests.golden.capture``), or a
regression. Each query is asked through Django's test client against the shipped content,
on the pinned date, and the whole entry (status, content type, the JSON and the SHA-256 of
its bytes) is compared; a failure shows the first lines of the difference.
"""

import pytest

from tests.golden.golden import AS_OF, GOLDEN, ask, difference, load_queries, read_golden

QUERIES = load_queries()
CAPTURED = read_golden() if GOLDEN.exists() else {}
CAPTURE = "python -m tests.golden.capture"


def _name(index: int, covers: str) -> str:
    return f"{index:03d} {covers[:70]}"


@pytest.fixture(autouse=True)
def _rules_as_of_pinned(settings):
    settings.RULES_AS_OF = AS_OF


def test_the_golden_file_holds_every_query_in_the_order_of_the_list():
    assert GOLDEN.exists(), f"{GOLDEN.name} is missing: run {CAPTURE}"
    assert list(CAPTURED) == [q.query for q in QUERIES], (
        f"{GOLDEN.name} does not hold the queries of queries.toml in order: run {CAPTURE}"
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", QUERIES, ids=[_name(i, q.covers) for i, q in enumerate(QUERIES, start=1)]
)
def test_the_json_is_what_the_golden_file_holds(client, query):
    expected = CAPTURED.get(query.query)
    if expected is None:
        pytest.fail(f"not captured yet: run {CAPTURE}\n{query.query}", pytrace=False)
    diff = difference(expected, ask(client, query.query))
    if diff:
        pytest.fail(
            f"{query.covers}\n?{query.query}\n\n{diff}\n\n"
            f"A bug fix? Re-capture ({CAPTURE}), review the diff and name the fix in the commit.",
            pytrace=False,
        )
