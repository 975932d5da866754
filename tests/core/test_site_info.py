"""The City's contact details and map links are site information staff edit, shown where the
site sends readers to the Planning Division or the zoning map, never invented, and never a
reason for a page to fail when the database is down."""

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils.html import escape

from cotati_site.core.site_info import SiteInfo
from tests.core.test_database_unavailable import database, database_unreachable  # noqa: F401

pytestmark = pytest.mark.django_db


def entry(key: str) -> SiteInfo:
    return SiteInfo.objects.get(key=key)


def test_every_shipped_detail_names_the_page_it_was_read_on_or_says_it_was_not_checked():
    for info in SiteInfo.objects.all():
        if info.checked_on:
            assert info.source_url.startswith("https://"), info.key
        assert info.staff_note, info.key  # what the page said, or why it is missing


def test_a_detail_that_was_not_found_says_so_instead_of_guessing(client):
    missing = entry("planning-apply-planning")
    assert missing.value == "" and missing.url == ""
    html = client.get("/topics/fences-and-walls/").content.decode()
    cell = html.split(f'data-site-info-key="{missing.key}">', 1)[1].split("</dd>", 1)[0]
    assert "data-not-found" in cell and "Not found — ask the City." in cell


def test_topic_pages_show_the_planning_division_contact_from_site_information(client):
    html = client.get("/topics/sheds-garages-and-accessory-structures/").content.decode()
    assert 'data-site-info="planning_contact"' in html
    for key in ("planning-address", "planning-phone", "planning-email", "planning-hours"):
        assert escape(entry(key).value) in html, key


def test_the_zoning_map_help_sits_beside_the_zone_question(client):
    zoning_map = entry("zoning-map")
    for url in ("/check-my-lot/", "/zoning-districts/"):
        html = client.get(url).content.decode()
        assert 'data-site-info="find_your_zone"' in html, url
        assert escape(zoning_map.url) in html, url
    check = client.get("/check-my-lot/").content.decode()
    assert check.index('id="field-zone"') < check.index('data-site-info="find_your_zone"')


def test_an_editor_changes_a_contact_detail_and_readers_see_it(
    client, settings, django_capture_on_commit_callbacks
):
    settings.CONTENT_CACHE_SECONDS = 300
    assert client.get("/topics/fences-and-walls/").status_code == 200  # cached for readers
    editor = User.objects.create_user(
        "site-info-editor", password="a-long-test-password", is_staff=True
    )
    editor.groups.add(Group.objects.get(name="Editors"))
    staff = client.__class__()
    staff.force_login(editor)
    phone = entry("planning-phone")
    url = f"/admin/core/siteinfo/{phone.pk}/change/"
    assert staff.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):  # the cache is told on commit
        response = staff.post(
            url,
            {
                "group": phone.group,
                "order": phone.order,
                "label": phone.label,
                "value": "707-555-0100",
                "url": "",
                "is_published": "on",
                "source_url": phone.source_url,
                "checked_on": "2026-12-02",
                "staff_note": phone.staff_note,
            },
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert "707-555-0100" in client.get("/topics/fences-and-walls/").content.decode()
    assert entry("planning-phone").history.first().history_user == editor


def test_an_unpublished_entry_is_not_shown(client):
    hours = entry("planning-hours")
    SiteInfo.objects.filter(pk=hours.pk).update(is_published=False)
    assert escape(hours.value) not in client.get("/topics/fences-and-walls/").content.decode()


def test_a_page_shows_both_boxes_for_one_query(django_assert_max_num_queries):
    request = RequestFactory().get("/")
    with django_assert_max_num_queries(1):
        html = render_to_string("includes/find_your_zone.html", request=request)
        html += render_to_string("includes/planning_contact.html", request=request)
    assert 'data-site-info="find_your_zone"' in html and 'data-site-info="planning_contact"' in html


def test_the_help_renders_nothing_when_the_database_is_down(database):  # noqa: F811
    with database_unreachable():
        request = RequestFactory().get("/")
        for name in ("includes/planning_contact.html", "includes/find_your_zone.html"):
            assert render_to_string(name, request=request).strip() == "", name


def test_error_pages_and_the_shared_layout_never_reach_for_site_information():
    templates = Path(settings.BASE_DIR) / "templates"
    for name in ("base.html", "404.html", "500.html", "503.html"):
        source = (templates / name).read_text()
        assert "site_info" not in source and "includes/" not in source, name
