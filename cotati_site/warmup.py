"""Readying a server process before it takes requests: what every answer needs is loaded,
then put out of the garbage collector's reach.

A process keeps for its whole life the objects it makes while loading: Django's apps and
URLs, the rule standards (thousands of records), the compiled templates. Python's collector
walks every such object on each full collection, and a Check my lot answer allocates enough
to trigger one every second or so: measured in-process, collections took about a fifth of a
new plan's JSON answer and a tenth of its partial (docs/decisions/project-answers.md, "Fourth
round"). ``gc.freeze()`` moves what exists to a generation the collector never walks; the
objects are still freed when nothing refers to them. Loaded lazily, these would be made by
the first requests and walked for ever after, so they are loaded here first.

Then the youngest generation is collected less often: an htmx answer allocates some tens of
thousands of objects, nearly all freed by reference counting when it is sent, yet Python's
default (a young collection every 700 net allocations) ran dozens of collections during each
one and, through them, the older generations' collections too (docs/performance.md, "The
collector's young generation").
"""

from __future__ import annotations

import gc

# Net container allocations between young collections (Python's default is 700); the older
# generations keep their default ratios to it.
YOUNG_COLLECTION_THRESHOLD = 10_000


def prepare_process() -> None:
    """Load what every Check my lot answer and page needs, then freeze the heap (gunicorn
    calls this in each worker once the site is loaded: gunicorn.conf.py)."""
    from django.conf import settings
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import translation

    from law.engine import load_standards
    from law.engine.registry import registry

    load_standards()
    registry()
    get_resolver().url_patterns  # noqa: B018 (imports every app's URLs and views)
    for name in ("rules/check.html", "base.html"):
        engines["django"].get_template(name)
    for language, _name in settings.LANGUAGES:  # each language's catalogs, Django's and ours
        with translation.override(language):
            translation.gettext("Topics")
    checker = engines["checker"].env  # Check my lot's Jinja2 templates
    for name in checker.list_templates(extensions=["jinja"]):
        checker.get_template(name)
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, middle, old)
