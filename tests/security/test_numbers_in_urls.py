"""Numbers in a URL are read in ASCII digits only, and a NUL never reaches the database.

Both answered 500 in the attack on the running site: ``str.isdigit()`` accepts "²", "①" and
"₂", which ``int()`` refuses, and PostgreSQL refuses a NUL in a lookup.
"""

import pytest

from cotati_site.codebook.models import SectionVersion

pytestmark = pytest.mark.django_db
NOT_ASCII = ["²", "①", "₂", "١٢", "１２", "1_0", "9" * 5000]


@pytest.mark.parametrize("value", NOT_ASCII, ids=lambda v: repr(v)[:12])
@pytest.mark.parametrize("name", ["from", "to"])
def test_a_version_id_not_in_ascii_digits_is_ignored(client, name, value):
    response = client.get("/code/17.62.060/compare/", {name: value})
    assert response.status_code == 200
    assert response.content == client.get("/code/17.62.060/compare/").content


def test_a_version_id_in_ascii_digits_still_compares(client):
    versions = SectionVersion.objects.filter(section_id="17.62.060").order_by("pk")
    first, last = versions.first(), versions.last()
    response = client.get("/code/17.62.060/compare/", {"from": f"00{first.pk}", "to": last.pk})
    assert response.status_code == 200
    assert response.context["old"] == first
    assert response.context["new"] == last


@pytest.mark.parametrize(
    "path",
    [
        "/code/%00/",
        "/code/17.62.060%00/",
        "/code/%00/compare/",
        "/code/%D9%A1%D9%A7.62.060/",  # Arabic-Indic digits
    ],
)
def test_a_section_number_that_is_not_one_is_not_found(client, path):
    assert client.get(path).status_code == 404
