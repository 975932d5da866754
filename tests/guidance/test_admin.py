"""Staff: editors keep summaries, topics and FAQs current; code text is for superusers only."""

import pytest
from django.contrib.auth.models import Group, User

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Summary
from tests.factories import summary_admin_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(client):
    user = User.objects.create_user("editor", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return user


def test_editors_group_has_exactly_the_permissions_it_needs():
    held = set(
        Group.objects.get(name="Editors").permissions.values_list(
            "content_type__app_label", "codename"
        )
    )
    # Each permission under the app its model lives in since the app split.
    expected = {
        ("guidance" if model != "searchphrase" else "search", f"{action}_{model}")
        for model in ("summary", "topic", "faq", "searchphrase")  # search vocabulary too
        for action in ("add", "change", "delete", "view")
    }
    assert held == expected | {
        ("codebook", "view_codesection"),
        ("codebook", "view_sectionversion"),
        ("codebook", "view_zoningmapchange"),
        ("codebook", "view_proposal"),  # read what is about to change, not adopt or withdraw
        # Site information (the City's contact details and map links): kept current by editors.
        ("core", "add_siteinfo"),
        ("core", "change_siteinfo"),
        ("core", "view_siteinfo"),
    }


def test_editor_can_change_a_summary_and_see_it_on_the_public_page(client, editor):
    summary = Summary.objects.filter(is_published=True).select_related("topic").first()
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200
    data = summary_admin_form(summary, headline="An edited headline for the test.")
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert (
        "An edited headline for the test."
        in client.get(summary.topic.get_absolute_url()).content.decode()
    )


def test_editor_can_read_but_not_change_a_code_section(client, editor):
    section = CodeSection.objects.get(number="17.24.020")
    url = f"/admin/codebook/codesection/{section.pk}/change/"
    assert client.get(url).status_code == 200  # view permission: read-only form
    response = client.post(
        url,
        {
            "number": section.number,
            "title": "Tampered",
            "code_title": 17,
            "chapter": "17.24",
            "source_url": section.source_url,
        },
    )
    assert response.status_code == 403
    section.refresh_from_db()
    assert section.title != "Tampered"
    assert client.get("/admin/codebook/codesection/add/").status_code == 403


def test_superuser_can_change_a_code_section(client):
    admin = User.objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    section = CodeSection.objects.get(number="17.24.020")
    assert client.get(f"/admin/codebook/codesection/{section.pk}/change/").status_code == 200


def test_admin_lists_are_searchable_and_filterable(client, editor):
    assert client.get("/admin/guidance/summary/?q=fence").status_code == 200
    assert client.get("/admin/guidance/summary/?source_kind__exact=state_law").status_code == 200
    assert client.get("/admin/guidance/summary/?is_published__exact=0").status_code == 200
    assert client.get("/admin/guidance/topic/1/change/").status_code == 200


def test_non_staff_cannot_reach_the_admin(client):
    user = User.objects.create_user("resident", password="a-long-test-password")
    client.force_login(user)
    assert client.get("/admin/guidance/summary/").status_code == 302
