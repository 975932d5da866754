"""The district pages show Tables 2-4 to 2-18 at the code's exact figures.

Expected cells are typed from the code's own tables (not read from the rules
data), so a wrong record in law/data shows up here.
"""

import re

import pytest

pytestmark = pytest.mark.django_db

EXPECTED = {
    "NL": {
        "min_area": "6,000 sq ft",
        "min_width": "60 ft",
        "density": "4 to 6 homes per acre",
        "front": "20 ft",
        "interior_side": "5 ft",
        "street_side": "10 ft",
        "rear": "20 ft",
        "coverage": "40%",
        "height": "28 ft",
    },
    "NM": {
        "min_area": "4,000 sq ft",
        "min_width": "50 ft",
        "front": "15 ft",
        "rear": "15 ft",
        "coverage": "55%",
    },
    "NU": {
        "min_area": "2,500 sq ft",
        "front": "build-to 15 ft",
        "rear": "10 ft",
        "coverage": "75%",
        "height": "35 ft",
        # Table 2-11's 10 ft walls are those of multifamily (10+) and nonresidential buildings.
        "interior_side": "5 ft; 10 ft for multifamily (ten or more homes), no homes (commercial, "
        "office, industrial …), mixed use (homes and other uses) or mixed use with ten or more "
        "homes: walls of two stories or more",
    },
    "CE": {
        "front": "build-to 10 ft",
        "interior_side": "10 ft abutting a residential zone, otherwise none required",
        "rear": "20 ft abutting a residential zone, otherwise 10 ft",
        "coverage": "80%",
        "height": "35 ft; 45 ft with use permit; 45 ft per § 17.30.040(D)",
    },
    "CG": {
        "height": "35 ft; 50 ft with use permit; 45 ft per § 17.30.040(D)",
        "front": "build-to 0 ft; build-to 30 ft on named frontages",
    },
    "CD": {
        "min_area": "2,000 sq ft",
        "min_width": "20 ft",
        "coverage": "100%",
        "rear": "10 ft",
        # Table 2-14: 5 ft for plexes and existing homes; 10 ft for other uses abutting a
        # residential zone, none otherwise; the 15 ft line on the named streets, both faces.
        "interior_side": "5 ft for a plex (duplex, triplex … up to nine homes) or an existing "
        "single-family home; other uses: 10 ft abutting a residential zone, otherwise none "
        "required",
        "street_side": "build-to 0 ft; build-to 15 ft on named frontages",
    },
    "CI": {
        "min_area": "10,000 sq ft",
        "min_width": "100 ft",
        "front": "20 ft",
        "rear": "30 ft",
        "height": "40 ft",
    },
    "RR-1.5": {
        "min_area": "1.5 acres (65,340 sq ft)",
        "min_width": "100 ft",
        "density": "1 home per 1.5 acres",
        "front": "25 ft",
        "height": "28 ft",
    },
    "RVL-0.5": {"min_area": "0.5 acres (21,780 sq ft)", "density": "1 home per 0.5 acres"},
    "OSC": {
        "front": "30 ft",
        "interior_side": "20 ft",
        "coverage": "5% (incl. pavement)",
        "height": "35 ft",
    },
    "OSR": {"density": "No homes allowed"},
    "SW": {"front": "0–10 ft", "interior_side": "10 ft", "coverage": "75%", "height": "40 ft"},
    "TOC": {
        "coverage": "100%",
        "height": "45 ft; 55 ft with use permit",
        "rear": "20 ft abutting a residential zone, otherwise 10 ft",
    },
}


def district_cells(html: str, zone: str) -> dict[str, str]:
    row = re.search(rf'<tr data-zone="{re.escape(zone)}">(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r'<td data-col="(\w+)">(.*?)</td>', row, re.S)
    return {name: " ".join(re.sub(r"<.*?>", "", value).split()) for name, value in cells}


@pytest.mark.parametrize("zone", list(EXPECTED))
def test_district_table_shows_the_code_figures(client, zone):
    html = client.get("/zoning-districts/").content.decode()
    cells = district_cells(html, zone)
    for column, expected in EXPECTED[zone].items():
        assert cells[column] == expected, (zone, column)


def test_every_district_has_a_page_citing_its_table(client):
    from law.engine import ZONES

    for code, zone in ZONES.items():
        response = client.get(f"/zoning-districts/{code}/")
        assert response.status_code == 200
        html = response.content.decode()
        assert zone.table in html
        assert html.count("<h1") == 1


def test_topic_pages_show_key_numbers_from_the_rules_tables(client):
    from cotati_site.core.as_of import default_as_of
    from law.reports.presentation import key_numbers_for

    for slug, feature in (
        ("fences-and-walls", "fence"),
        ("sheds-garages-and-accessory-structures", "accessory"),
        ("home-business", "home_business"),
        ("flood-zones", "flood"),
    ):
        html = client.get(f"/topics/{slug}/").content.decode()
        records = key_numbers_for(feature, default_as_of()).records
        assert records, feature
        for record in records:
            assert f'data-standard="{record.id}"' in html, (slug, record.id)
    assert 'data-zone="NL"' in client.get("/topics/zoning-districts/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("zone", ["RR-1.0", "RR-1.5", "RVL-0.66"])
def test_a_sliding_coverage_scale_is_printed_whole_not_as_its_smallest_figure(client, zone):
    # Table 2-7: "30% on a 1/2-acre parcel; reduced by 10% for each additional 1/2 acre to a
    # minimum of 10%". "30% at the smallest size" read as the district's smallest lot.
    scale = (
        "30% on a lot of 0.5 acres, reduced by 10% for each further 0.5 acres, to a minimum of 10%"
    )
    table = client.get("/zoning-districts/").content.decode()
    row = re.search(rf'<tr data-zone="{re.escape(zone)}">(.*?)</tr>', table, re.S).group(1)
    assert scale in row and "smallest size" not in row
    page = client.get(f"/zoning-districts/{zone}/").content.decode()
    assert scale in page and "Coverage sliding scale" not in page
