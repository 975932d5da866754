"""htmx (about 40 KB of script) is loaded by the pages that use it, and only by them."""

import re

import pytest

pytestmark = pytest.mark.django_db

HX_ATTRIBUTE = re.compile(r"\shx-[a-z-]+=")
HTMX_SCRIPT = re.compile(r'<script src="[^"]*htmx[^"]*\.js"')

PAGES = [
    "/",
    "/topics/",
    "/topics/fences-and-walls/",
    "/zoning-districts/",
    "/zoning-districts/NL/",
    "/code/",
    "/code/17.30/",
    "/code/17.30.030/",
    "/proposed-changes/",
    "/no-such-page/",
    "/search/?q=fence",
    "/check-my-lot/",
    "/check-my-lot/?zone=NL&fence_height_in=80",
]
USES_HTMX = {"/search/?q=fence", "/check-my-lot/", "/check-my-lot/?zone=NL&fence_height_in=80"}


@pytest.mark.parametrize("url", PAGES)
def test_a_page_loads_htmx_exactly_when_it_uses_it(client, url):
    html = client.get(url).content.decode()
    uses = bool(HX_ATTRIBUTE.search(html))
    assert uses == (url in USES_HTMX)
    assert len(HTMX_SCRIPT.findall(html)) == (1 if uses else 0)
