"""The golden file of Check my lot's JSON: the queries, how each is asked, how the file reads.

``queries.toml`` is the reviewed list (a query string and what it covers, per entry);
``check_my_lot.json`` holds, for each query in that order, the status, the content type and
the JSON the endpoint answered, pretty-printed with sorted keys so a change reads as a diff,
and the SHA-256 of the exact bytes, so a change of key order or spacing is caught too.

The capture (``python -m tests.golden.capture``) and the test (``test_golden_json.py``) both
ask through Django's test client here, against the shipped content, on the date ``AS_OF``.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUERIES = HERE / "queries.toml"
GOLDEN = HERE / "check_my_lot.json"
URL = "/check-my-lot/result.json"

# The date a query without ``as_of`` is checked on (settings.RULES_AS_OF), so the file does
# not change with the calendar: after every effective date in the standards data.
AS_OF = date(2026, 12, 1)

# How many differing values, and lines of the diff, a failure shows.
PATHS_SHOWN = 10
DIFF_LINES = 60


@dataclass(frozen=True, slots=True)
class Query:
    query: str
    covers: str


def load_queries(path: Path = QUERIES) -> list[Query]:
    """The reviewed queries, in file order; a duplicate or an entry without its comment is
    refused (the file is for review: each query says what it is there for)."""
    with path.open("rb") as handle:
        entries = tomllib.load(handle).get("query", [])
    queries, seen = [], set()
    for number, entry in enumerate(entries, start=1):
        query, covers = entry.get("query"), entry.get("covers", "").strip()
        if not isinstance(query, str) or not covers:
            raise ValueError(f"{path.name}: entry {number} needs a query and what it covers")
        if query in seen:
            raise ValueError(f"{path.name}: entry {number} repeats {query!r}")
        seen.add(query)
        queries.append(Query(query=query, covers=covers))
    return queries


def ask(client, query: str) -> dict:
    """The golden entry for one query: what the endpoint answered, as the file keeps it."""
    response = client.get(f"{URL}?{query}")
    body = response.content
    return {
        "query": query,
        "status": response.status_code,
        "content_type": response["Content-Type"],
        "sha256": hashlib.sha256(body).hexdigest(),
        "response": json.loads(body),
    }


def dumps(value) -> str:
    """The golden file's way of writing JSON: pretty, keys sorted, one trailing newline."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def read_golden(path: Path = GOLDEN) -> dict[str, dict]:
    """The captured entries, by query string."""
    entries = json.loads(path.read_text(encoding="utf-8"))
    return {entry["query"]: entry for entry in entries}


def difference(expected: dict, actual: dict) -> str:
    """What differs between two entries ('' when nothing): the paths of the first differing
    values (a finding named by its rule), then the first lines of a unified diff of the
    readable JSON. Only the SHA-256 differing means the same JSON in other bytes."""
    lines = list(
        difflib.unified_diff(
            dumps(expected).splitlines(),
            dumps(actual).splitlines(),
            fromfile="golden",
            tofile="now",
            lineterm="",
            n=4,
        )
    )
    if not lines:
        return ""
    paths = list(_differing_paths(expected, actual, ""))
    shown = [f"{path}: {old} -> {new}" for path, old, new in paths[:PATHS_SHOWN]]
    if len(paths) > PATHS_SHOWN:
        shown.append(f"... and {len(paths) - PATHS_SHOWN} more values")
    if [path for path, _old, _new in paths] == ["sha256"]:
        shown.append("(the same JSON in other bytes: key order, spacing or number format)")
    shown += ["", *lines[:DIFF_LINES]]
    if len(lines) > DIFF_LINES:
        shown.append(f"... {len(lines) - DIFF_LINES} more lines of difference")
    return "\n".join(shown)


def _differing_paths(old, new, path: str):
    """(path, old value, new value) for each leaf that differs, in document order; a list
    item holding a rule id is named by it (findings[5 setback.front])."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(old.keys() | new.keys()):
            where = f"{path}.{key}" if path else key
            if key not in new or key not in old:
                yield where, _short(old.get(key, "(absent)")), _short(new.get(key, "(absent)"))
            else:
                yield from _differing_paths(old[key], new[key], where)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            rule = a.get("rule") if isinstance(a, dict) else None
            yield from _differing_paths(a, b, f"{path}[{index}{' ' + rule if rule else ''}]")
    elif dumps(old) != dumps(new):
        yield path, _short(old), _short(new)


def _short(value) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."
