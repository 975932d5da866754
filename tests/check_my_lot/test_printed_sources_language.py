"""The printed sheet's sources are the pages of the sheet's own language: a Spanish sheet's
addresses are the /es/ pages its on-screen citations link to, each citation marked English,
whichever language's sheet this process printed first. They were kept per process by host
and citations only, so once an English sheet had been printed, a Spanish sheet of the same
citations gave the English addresses (rules/wording/sheet.py)."""

import re

import pytest

pytestmark = pytest.mark.django_db
ANSWERS = {
    "zone": "NL",
    "project": "fence",
    "fence_height_ft": "7",
    "fence_location": "interior_side_or_rear_setback",
}
SOURCES = re.compile(r'<div class="print-only print-sources">(.*?)</div>', re.S)
URL = re.compile(r'<span class="print-url">([^<]*)</span>')


@pytest.fixture(autouse=True)
def _no_sources_kept():
    from rules.wording.sheet import _sources

    _sources.cache_clear()


def _sources(client, path: str) -> str:
    html = client.get(path, ANSWERS, HTTP_HX_REQUEST="true").content.decode()
    return SOURCES.search(html).group(1)


@pytest.mark.parametrize("first", ["en", "es"])
def test_each_language_prints_the_addresses_of_its_own_pages_whichever_came_first(client, first):
    order = ("/check-my-lot/", "/es/check-my-lot/")
    printed = {path: _sources(client, path) for path in (order if first == "en" else order[::-1])}
    english, spanish = printed["/check-my-lot/"], printed["/es/check-my-lot/"]
    english_pages = [u for u in URL.findall(english) if "/code/" in u]
    spanish_pages = [u for u in URL.findall(spanish) if "/code/" in u]
    assert english_pages and all(u.startswith("http://testserver/code/") for u in english_pages)
    assert [u.replace("/es/code/", "/code/") for u in spanish_pages] == english_pages
    assert all(u.startswith("http://testserver/es/code/") for u in spanish_pages)
    assert '<li><span lang="en">§ 17.30.030' in spanish
    assert "<li>§ 17.30.030" in english and 'lang="en"' not in english
