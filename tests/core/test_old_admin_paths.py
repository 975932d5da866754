"""Staff bookmarks from before the app split: /admin/cotati_site/<model>/… moves permanently
to the model's new app (/admin/guidance/summary/…), query string kept."""

import pytest
from django.contrib.auth.models import Group, User

from cotati_site.guidance.models import Summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(client):
    user = User.objects.create_user("editor", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/admin/cotati_site/summary/", "/admin/guidance/summary/"),
        ("/admin/cotati_site/summary/?review=needed", "/admin/guidance/summary/?review=needed"),
        ("/admin/cotati_site/topic/1/change/", "/admin/guidance/topic/1/change/"),
        ("/admin/cotati_site/faq/add/", "/admin/guidance/faq/add/"),
        (
            "/admin/cotati_site/codesection/17.30.030/change/",
            "/admin/codebook/codesection/17.30.030/change/",
        ),
        ("/admin/cotati_site/sectionversion/", "/admin/codebook/sectionversion/"),
        ("/admin/cotati_site/proposal/", "/admin/codebook/proposal/"),
        ("/admin/cotati_site/zoningmapchange/", "/admin/codebook/zoningmapchange/"),
        ("/admin/cotati_site/siteinfo/", "/admin/core/siteinfo/"),
        ("/admin/cotati_site/searchphrase/", "/admin/search/searchphrase/"),
        ("/admin/cotati_site/", "/admin/"),
    ],
)
def test_an_old_admin_address_redirects_permanently_to_the_models_new_app(client, old, new):
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_a_bookmarked_summary_opens_its_change_page_after_the_redirect(client, editor):
    summary = Summary.objects.order_by("pk").first()
    response = client.get(f"/admin/cotati_site/summary/{summary.pk}/change/", follow=True)
    assert response.redirect_chain == [(f"/admin/guidance/summary/{summary.pk}/change/", 301)]
    assert response.status_code == 200
    assert summary.headline in response.content.decode()


def test_an_unknown_old_admin_model_is_not_found(client):
    assert client.get("/admin/cotati_site/nosuchmodel/").status_code == 404
