"""Notes written for staff (how a text was transcribed, file names, readings of redline words)
stay in the admin; no public page shows them."""

import re
from xml.etree import ElementTree

import pytest
from django.contrib.auth.models import User
from django.utils.html import escape

from cotati_site.codebook.models import SectionVersion, ZoningMapChange

pytestmark = pytest.mark.django_db

EDITORIAL_MARKERS = re.compile(
    r"\b(?:rules|fixtures|docs|templates|cotati_site|seeds)/[\w./-]+"  # repository paths
    r"|\b[\w-]+\.(?:toml|py|json|txt)\b"  # file names
    r"|our reading|transcrib|unfilled template|how we read|extraction noise"
    r"|(?:low|medium) confidence",
    re.IGNORECASE,
)


def public_urls(client) -> list[str]:
    sitemap = client.get("/sitemap.xml").content
    namespace = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    paths = [
        re.sub(r"^https?://[^/]+", "", loc.text)
        for loc in ElementTree.fromstring(sitemap).findall("s:url/s:loc", namespace)
    ]
    compares = [
        f"/code/{number}/compare/"
        for number in SectionVersion.objects.proposed()
        .values_list("section_id", flat=True)
        .distinct()
    ]
    return paths + compares + ["/proposed-changes/", "/search/?q=fence", "/search/?q=redline"]


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    html = re.sub(r'\b(?:href|src|action|hx-get)="[^"]*"', " ", html)  # link targets are not prose
    return re.sub(r"<[^>]+>", " ", html)


def test_no_public_page_shows_editorial_markers(client):
    urls = public_urls(client)
    assert len(urls) > 50
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        hits = EDITORIAL_MARKERS.findall(visible_text(response.content.decode()))
        if hits:
            found[url] = sorted(set(hits))
    assert found == {}


def test_the_marker_pattern_catches_what_it_is_for():
    for sample in (
        "as the rules data does (law/data/variance.toml)",
        "How we transcribed it: the text as we took it",
        "is an unfilled template, so",
        "this name is our reading of them",
    ):
        assert EDITORIAL_MARKERS.search(sample), sample
    assert not EDITORIAL_MARKERS.search("Confirm the row with the Planning Division. 4.5 ft.")


def test_every_working_note_is_kept_for_staff():
    moved = SectionVersion.objects.exclude(staff_note="")
    assert moved.count() == SectionVersion.objects.count()
    assert ZoningMapChange.objects.exclude(staff_note="").exists()
    for record in [*SectionVersion.objects.all(), *ZoningMapChange.objects.all()]:
        assert not EDITORIAL_MARKERS.search(record.notes), record.pk


def test_staff_see_the_working_note_in_the_admin_and_readers_do_not(client):
    version = SectionVersion.objects.get(section_id="17.62.060", status="proposed")
    assert "law/data/variance.toml" in version.staff_note
    public = client.get("/code/17.62.060/").content.decode()
    assert "variance.toml" not in public
    assert escape(version.notes) in public  # the plain sentence readers get

    admin = User.objects.create_superuser("notes-admin", password="a-long-test-password")
    client.force_login(admin)
    page = client.get(f"/admin/codebook/sectionversion/{version.pk}/change/").content.decode()
    assert "law/data/variance.toml" in page
