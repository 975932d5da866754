"""Where a request's time goes, in-process: the WSGI application called directly, no server.

    python -m tests.benchmarks.request_profile [--runs 2000] [--profile partial|json|healthz]

Builds a scratch SQLite site (migrate, load content) with production settings (debug off,
page cache on, the local-memory cache), prepares the process as gunicorn's workers are
(``cotati_site.warmup``), then times ``/healthz``, the JSON endpoint and the Check my lot
partial, each with a new plan on every request (``rear_setback_ft`` changes, as in
``make bench``), and the JSON endpoint with the same plan each time (``json-same``, answered
from the page cache), interleaved, and prints the median, the fastest and the mean per request,
with the share ``make bench`` reports (the trivial view's time over each one's) for the
median and the fastest. ``--profile NAME`` adds a cProfile of that one, sorted by own time.
This is for finding where time goes; the targets are judged by ``make bench`` over HTTP.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _setup() -> None:
    from tests.load.server import production_variables

    scratch = Path(tempfile.mkdtemp(prefix="cotati-profile-"))
    os.environ.update(
        production_variables(f"sqlite:///{scratch / 'db.sqlite3'}", scratch / "static")
    )
    os.environ.pop("DJANGO_CACHE_URL", None)
    os.environ.pop("REDIS_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_content", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    from cotati_site.warmup import prepare_process

    prepare_process()  # as each gunicorn worker is prepared (gunicorn.conf.py)


def _environ(path: str, query: str, htmx: bool) -> dict:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "HTTP_HOST": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if htmx:
        environ["HTTP_HX_REQUEST"] = "true"
    return environ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--profile", choices=("healthz", "json", "json-same", "partial"))
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    _setup()
    from django.core.wsgi import get_wsgi_application

    from tests.load.run import CHECK_QUERY

    app = get_wsgi_application()
    counter = [0]

    def new_plan() -> str:
        counter[0] += 1
        return f"{CHECK_QUERY}&rear_setback_ft={10 + counter[0] / 10000:.4f}"

    cases = {
        "healthz": lambda: _environ("/healthz", "", False),
        "json": lambda: _environ("/check-my-lot/result.json", new_plan(), False),
        "json-same": lambda: _environ("/check-my-lot/result.json", CHECK_QUERY, False),
        "partial": lambda: _environ("/check-my-lot/", new_plan(), True),
    }

    def call(environ) -> None:
        statuses = []
        body = app(environ, lambda status, headers, exc_info=None: statuses.append(status))
        b"".join(body)
        if hasattr(body, "close"):
            body.close()
        assert statuses[0].startswith("200"), statuses[0]

    for make in cases.values():  # warm up
        for _ in range(200):
            call(make())
    # Interleaved, so a slower moment of the machine weighs on every case alike.
    timings: dict[str, list[int]] = {name: [] for name in cases}
    clock = time.perf_counter_ns
    for _ in range(args.runs):
        for name, make in cases.items():
            environ = make()
            started = clock()
            call(environ)
            timings[name].append(clock() - started)
    # The fastest run is the steadiest figure on a loaded machine; the median is what a
    # request meets. Each is given with /healthz's as a share of it (make bench's ratio).
    trivial = statistics.median(timings["healthz"])
    fastest_trivial = min(timings["healthz"])
    for name, values in timings.items():
        median, fastest = statistics.median(values), min(values)
        print(
            f"{name:<8} median {median / 1000:8.1f} µs ({trivial / median:5.1%})"
            f"   fastest {fastest / 1000:8.1f} µs ({fastest_trivial / fastest:5.1%})"
            f"   mean {statistics.fmean(values) / 1000:8.1f} µs"
        )
    if args.profile:
        make = cases[args.profile]
        environs = [make() for _ in range(args.runs)]
        profiler = cProfile.Profile()
        profiler.enable()
        for environ in environs:
            call(environ)
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
