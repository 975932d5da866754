"""A database that hangs or refuses: the site answers the friendly 503 within a few seconds,
and what needs no database (/healthz, cached pages, the 404 page) keeps answering.

The site runs in gunicorn processes with production settings; its DATABASE_URL names a
listener that accepts connections and never says a word (hung), or a port nobody listens on
(refused). Every request has a client timeout, so a regression fails instead of hanging.
"""

from concurrent.futures import ThreadPoolExecutor

from tests.faults.processes import get, gunicorn_site, refused_port, silent_listener, site_env

CONNECT_TIMEOUT = 3  # seconds (DJANGO_DB_CONNECT_TIMEOUT, the default)
PROMPT = CONNECT_TIMEOUT + 2.0  # "within a few seconds": the timeout plus rendering slack
AT_ONCE = 1.5  # well under the connect timeout, with slack for a loaded CI machine


def postgres_at(port: int) -> str:
    return f"postgres://postgres@127.0.0.1:{port}/cotati_faults"


def faulty_site(prepared, port: int, cache_url: str | None = None, workers: int = 2):
    env = site_env(
        postgres_at(port),
        cache_url,
        static_root=prepared.static_root,
        DJANGO_DB_CONNECT_TIMEOUT=str(CONNECT_TIMEOUT),
        DJANGO_DB_RETRY_SECONDS="30",  # longer than a test: no retry in the middle of one
    )
    return gunicorn_site(env, workers=workers, threads=4)


def assert_friendly_503(answer):
    assert answer.status == 503
    assert answer.headers["Retry-After"].isdigit()
    assert b'data-unavailable="database"' in answer.body


def test_a_hung_database_answers_the_friendly_503_within_a_few_seconds(prepared):
    with silent_listener() as port, faulty_site(prepared, port) as site:
        answer = get(site.base + "/topics/fences-and-walls/", timeout=PROMPT + 5)
        assert_friendly_503(answer)
        assert answer.seconds < PROMPT


PAGES = ["/", "/topics/fences-and-walls/", "/code/17.30.030/", "/code/", "/zoning-districts/"]


def wave(site, count: int = 6):
    """``count`` requests for pages that need the database at once, and /healthz among them."""
    with ThreadPoolExecutor(max_workers=count) as pool:
        waiting = [
            pool.submit(get, site.base + PAGES[i % len(PAGES)], timeout=PROMPT + 5)
            for i in range(count)
        ]
        health = get(site.base + "/healthz", timeout=PROMPT + 5)
        return health, [future.result() for future in waiting]


def test_healthz_keeps_answering_while_six_requests_meet_a_hung_database(prepared):
    """One worker of four threads: of the first six requests two take the database's slots
    and wait the connect timeout, one waits for a slot and the rest answer 503 at once, and a
    /healthz queued behind them waits at most that long; after it the process stops trying
    for a while, so the next six answer 503 at once and /healthz does not wait."""
    with silent_listener() as port, faulty_site(prepared, port, workers=1) as site:
        health, answers = wave(site)
        assert health.status == 200
        assert health.seconds < PROMPT
        for answer in answers:
            assert_friendly_503(answer)
            assert answer.seconds < PROMPT
        health, answers = wave(site)
        assert health.status == 200
        assert health.seconds < AT_ONCE
        for answer in answers:
            assert_friendly_503(answer)
            assert answer.seconds < AT_ONCE
        # One line for the outage (begun by the breaker or, when the slots filled first,
        # the bulkhead), none per request, no traceback.
        log = site.log()
        assert log.count(" unavailable (") + log.count(": requests refused, ") == 1, log
        assert "Service Unavailable" not in log
        assert "Traceback" not in log


def test_an_unknown_address_answers_404_while_the_database_hangs(prepared):
    with silent_listener() as port, faulty_site(prepared, port) as site:
        answer = get(site.base + "/no-such-page/", timeout=PROMPT + 5)
        assert answer.status == 404
        assert b"We could not find that page" in answer.body
        assert answer.seconds < AT_ONCE  # the 404 page asks the database nothing


def test_a_refused_database_answers_the_friendly_503_at_once(prepared):
    with faulty_site(prepared, refused_port()) as site:
        for path in ["/", "/topics/fences-and-walls/", "/sitemap.xml"]:
            answer = get(site.base + path, timeout=5)
            assert_friendly_503(answer)
            assert answer.seconds < AT_ONCE
        assert get(site.base + "/no-such-page/", timeout=5).status == 404
        assert get(site.base + "/healthz", timeout=5).status == 200


def test_cached_pages_keep_answering_while_the_database_hangs(prepared, redis):
    """Two app servers share one Redis: the one with a working database renders and caches
    the home page; the one whose database hangs serves it from the cache, and 503s the rest."""
    healthy = site_env(prepared.database_url, redis.url, static_root=prepared.static_root)
    with gunicorn_site(healthy, workers=1, threads=2) as site:
        rendered = get(site.base + "/", timeout=10)
        assert rendered.status == 200
    with silent_listener() as port, faulty_site(prepared, port, redis.url) as site:
        for _ in range(3):
            cached = get(site.base + "/", timeout=PROMPT + 5)
            assert cached.status == 200
            assert cached.body == rendered.body
            assert cached.seconds < AT_ONCE
        assert_friendly_503(get(site.base + "/topics/fences-and-walls/", timeout=PROMPT + 5))
