"""The page cache parses and rewrites every query itself (cotati_site/core/query_strings.py):
what it reads must be what Django's own parser reads, and the canonical query string it writes
must be what ``urlencode`` writes, for any query a browser or a script may send."""

from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cotati_site.core.query_strings import (
    _PLAIN_QUERY,
    MULTIPLE,
    canonical_query,
    parse_query,
)

# Characters that matter to a query string's parsing and quoting, and a few that do not.
QUERY_TEXT = st.text(alphabet="ab_z09.~-=&+%;é /?#AF", max_size=60)
READS = {"a": None, "b": None, "ab": MULTIPLE, "z": lambda value: value.upper() or None}


def _reference_lists(text: str) -> dict[str, list[str]]:
    lists: dict[str, list[str]] = {}
    for name, value in parse_qsl(text, keep_blank_values=True, encoding="utf-8"):
        lists.setdefault(name, []).append(value)
    return lists


@settings(max_examples=3000, deadline=None)
@given(QUERY_TEXT)
@example("a=1&&b=&=x&c")
@example("a=%4E%4C+x&a=%ff&b=a=b")
def test_the_query_is_read_as_parse_qsl_reads_it(text):
    assert parse_query(text, "utf-8", None) == _reference_lists(text)


@settings(max_examples=3000, deadline=None)
@given(QUERY_TEXT)
@example("a=b=c&z=x y")
@example("ab=2&ab=1&ab=2&a=1")
def test_the_canonical_string_is_urlencode_of_what_the_view_reads(text):
    lists = parse_query(text, "utf-8", None)
    plain = _PLAIN_QUERY.fullmatch(text) is not None
    kept = canonical_query(lists, READS, plain=plain)
    expected = urlencode([(name, value) for name in sorted(kept) for value in kept.getlist(name)])
    assert kept.canonical_string == expected
    assert canonical_query(lists, READS, plain=False).canonical_string == expected


@pytest.mark.parametrize(
    ("fields", "limit", "refused"),
    [
        ("&".join(["x=1"] * 9), 10, False),
        ("&".join(["x=1"] * 10), 10, False),
        ("&".join(["x=1"] * 11), 10, True),
    ],
)
def test_more_fields_than_the_limit_are_refused_as_parse_qsl_refuses_them(fields, limit, refused):
    if refused:
        with pytest.raises(ValueError):
            parse_query(fields, "utf-8", limit)
        with pytest.raises(ValueError):
            parse_qsl(fields, keep_blank_values=True, max_num_fields=limit)
    else:
        assert parse_query(fields, "utf-8", limit) == {"x": ["1"] * fields.count("x")}
