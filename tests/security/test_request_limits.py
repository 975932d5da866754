"""Oversized Cookie headers are refused before Django parses them (CVE-2024-7592 made that
parse quadratic), in Django and in gunicorn with the checked-in gunicorn.conf.py."""

import http.client
import time

import pytest
from django.conf import settings

from tests.faults.processes import gunicorn_site, refused_port, site_env


def crafted_cookie(size: int) -> str:
    """A Cookie header of ``size`` bytes whose value is the vulnerable parser's worst case."""
    prefix = 'a="'
    body = '\\"' * ((size - len(prefix) - 1) // 2)
    value = prefix + body
    return value + "x" * (size - len(value) - 1) + '"'


def test_a_64_kb_cookie_header_gets_a_plain_400_at_once(client):
    started = time.monotonic()
    response = client.get("/healthz", HTTP_COOKIE=crafted_cookie(64 * 1024))
    assert time.monotonic() - started < 0.5
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert response["Cache-Control"] == "no-store"
    assert b"Cookie header is too large" in response.content


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        pytest.param(-1, 200, id="one byte under the limit is read"),
        pytest.param(0, 200, id="exactly the limit is read"),
        pytest.param(1, 400, id="one byte over the limit is refused"),
    ],
)
def test_the_cookie_header_limit(client, extra, status):
    size = settings.MAX_COOKIE_HEADER_BYTES + extra
    cookie = crafted_cookie(size)
    assert len(cookie) == size
    assert client.get("/healthz", HTTP_COOKIE=cookie).status_code == status


def raw_request(base: str, headers: list[tuple[str, str]], path: str = "/healthz") -> int:
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", "127.0.0.1")
    for name, value in headers:
        connection.putheader(name, value)
    connection.endheaders()
    status = connection.getresponse().status
    connection.close()
    return status


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    # /healthz needs no database and no static files.
    env = site_env(f"postgres://postgres@127.0.0.1:{refused_port()}/none")
    with gunicorn_site(env, workers=1, threads=2) as site:
        yield site.base


# gunicorn answers 431 (Request Header Fields Too Large) for a header over its limits.
def test_gunicorn_refuses_one_64_kb_cookie_header(gunicorn):
    assert raw_request(gunicorn, [("Cookie", crafted_cookie(64 * 1024))]) == 431


def test_four_8_kb_cookie_headers_are_refused_once_joined(gunicorn):
    cookies = [("Cookie", crafted_cookie(8000)) for _ in range(4)]
    assert raw_request(gunicorn, cookies) == 400


def test_gunicorn_refuses_a_request_line_over_4_kb_and_over_50_headers(gunicorn):
    assert raw_request(gunicorn, [], path="/healthz?" + "a" * 5000) in (400, 414)
    assert raw_request(gunicorn, [(f"X-Header-{i}", "1") for i in range(60)]) == 431
    assert raw_request(gunicorn, [("Cookie", "a=1")]) == 200
