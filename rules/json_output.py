"""The JSON of ``/check-my-lot/result.json``, assembled from pieces encoded once.

A finding's JSON depends on nothing but the finding (a frozen, hashable dataclass), and a
person refining a plan changes one or two findings at a time: encoding ~25 findings was the
largest part of a new plan's answer after the engine itself, so each finding's text is kept
per process (bounded, like ``finding_card`` for the HTML cards) and the document is joined
from those texts. The output is exactly ``json.dumps`` of the whole document.
"""

from __future__ import annotations

import json

from law.engine.caches import process_cache

FINDINGS_KEPT = 4096


@process_cache(maxsize=FINDINGS_KEPT)
def _finding_json(finding) -> str:
    return json.dumps(finding.to_dict())


def result_json(document: dict, findings) -> str:
    """``json.dumps({**document, "findings": [f.to_dict() for f in findings]})``, with each
    finding's part encoded at most once per process. ``findings`` comes last in the text."""
    head = json.dumps({key: value for key, value in document.items() if key != "findings"})
    parts = ", ".join(_finding_json(finding) for finding in findings)
    separator = ", " if head != "{}" else ""
    return f'{head[:-1]}{separator}"findings": [{parts}]}}'


def with_ignored(text: bytes, ignored: list[str]) -> bytes:
    """The JSON object ``text`` with ``"ignored": ignored`` as its first member (``rules/ignored.py``
    adds it after the page cache, to the stored text)."""
    if text[:1] != b"{":
        raise ValueError("not the text of a JSON object as json.dumps writes it")
    separator = b"" if text[1:2] == b"}" else b", "
    # One copy of the (often 40 KB) answer, not one per slice.
    return b"".join(
        (b'{"ignored": ', json.dumps(ignored).encode(), separator, memoryview(text)[1:])
    )
