"""Where people find "What can I build on my lot?" (issue 30 §2): the home page, Check my lot
and each zoning district's page, the district's page carrying its zone into the capacity page."""

import pytest


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "link"),
    [
        ("/", 'href="/check-my-lot/capacity/"'),
        ("/check-my-lot/", 'href="/check-my-lot/capacity/"'),
        ("/zoning-districts/NL/", 'href="/check-my-lot/capacity/?zone=NL"'),
        ("/es/zoning-districts/NL/", 'href="/es/check-my-lot/capacity/?zone=NL"'),
    ],
)
def test_the_capacity_page_is_reachable_from_home_checker_and_district_pages(client, path, link):
    page = client.get(path)
    assert page.status_code == 200
    assert link in page.content.decode()


@pytest.mark.django_db
def test_a_district_link_opens_the_capacity_page_on_its_zone(client):
    page = client.get("/check-my-lot/capacity/", {"zone": "NL"}).content.decode()
    assert '<option value="NL" selected' in page
