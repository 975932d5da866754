"""The hung-database figure of issue 19: a cached page's throughput while PostgreSQL is frozen
(SIGSTOP, mid-run) and clients keep asking for pages that need it, against the same page's
throughput with PostgreSQL healthy (alone, and with the same clients asking uncached pages).
Goal: at least 80 %.

The site runs as the fault suite runs it (gunicorn with the checked-in config, production
settings, a PostgreSQL and a redis-server of its own); wrk drives the cached topic page while
``--uncached`` threads ask for searches never asked before. Not a test (timings are not
asserted in the suite): a measurement to run by hand and quote.

    python -m tests.faults.hung_database_figures [--seconds 10] [--connections 16]
"""

from __future__ import annotations

import argparse
import threading
import time
from collections import Counter
from itertools import count

from tests.faults.postgres import postgres_server
from tests.faults.processes import get, gunicorn_site, prepared_files, redis_server, site_env
from tests.load.server import wrk

CACHED = "/topics/fences-and-walls/"


NUMBERS = count()  # every search a new one, in both measurements


def ask_uncached(base: str, clients: int, stop: threading.Event) -> list:
    """``clients`` threads asking for pages that need the database until ``stop``."""
    answers = []

    def client():
        while not stop.is_set():
            answers.append(get(f"{base}/search/?q=hung{next(NUMBERS)}x", timeout=30))

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    return answers


def measure(base: str, seconds: int, connections: int, uncached: int):
    stop = threading.Event()
    answers = ask_uncached(base, uncached, stop)
    try:
        cached = wrk(base + CACHED, duration=seconds, connections=connections)
    finally:
        stop.set()
        time.sleep(0.5)
    return cached, answers


def describe(name: str, cached, answers) -> str:
    statuses = Counter(answer.status for answer in answers)
    slowest = max((answer.seconds for answer in answers), default=0)
    return (
        f"{name}: cached page {cached.rps:,.0f} req/s (p99 {cached.p99_ms:.0f} ms, "
        f"{cached.non_2xx + cached.socket_errors} errors); uncached {len(answers)} answers "
        f"{dict(sorted(statuses.items()))}, slowest {slowest:.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--uncached", type=int, default=4, help="clients asking uncached pages")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args(argv)
    with prepared_files() as prepared, redis_server() as redis, postgres_server() as database:
        env = site_env(database.url, redis.url, static_root=prepared.static_root)
        with gunicorn_site(env, workers=args.workers, threads=args.threads) as site:
            for _ in range(20):
                assert get(site.base + CACHED).status == 200
            wrk(site.base + CACHED, duration=2, connections=args.connections)  # warm up
            alone = measure(site.base, args.seconds, args.connections, 0)
            healthy = measure(site.base, args.seconds, args.connections, args.uncached)
            database.freeze()
            try:
                hung = measure(site.base, args.seconds, args.connections, args.uncached)
            finally:
                database.thaw()
            log = site.log()
    print(describe("PostgreSQL healthy, the cached page alone", *alone))
    print(describe("PostgreSQL healthy", *healthy))
    print(describe("PostgreSQL hung", *hung))
    for name, baseline in [("alone", alone), ("with the same uncached clients", healthy)]:
        ratio = hung[0].rps / baseline[0].rps
        print(f"cached throughput hung / healthy {name}: {ratio:.0%} (goal ≥ 80 %)")
    print(f"log lines: {len(log.splitlines())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
