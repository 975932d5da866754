"""The code library, section, proposed-changes and zoning-district pages (paths unchanged by
the app split; mounted at the site's root by cotati_site.urls)."""

from django.urls import path, register_converter

from cotati_site.codebook import feeds, views


class SectionNumberConverter:
    """A section, chapter or title number as the code writes it (17.62.060, 17.24.030A), or a
    California statute numbered as the site files it (Gov. Code 66314),
    in ASCII digits: anything else (a NUL, other scripts' digits) is not found before it
    reaches the database, which refuses some characters with an error rather than no row."""

    # SECTION_NUMBER_RE, or a state statute filed as "Gov. Code 66314" (STATE_SECTION_NUMBER_RE),
    # in ASCII digits; the space arrives as %20 and is decoded before matching.
    regex = r"[0-9]+(?:\.[0-9]+)*[A-Z]?|Gov\. Code [0-9]+(?:\.[0-9]+)?"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class ChapterNumberConverter(SectionNumberConverter):
    """A chapter number as the code writes it (17.24): a title and a chapter, in ASCII digits."""

    regex = r"[0-9]+\.[0-9]+[A-Z]?"


register_converter(SectionNumberConverter, "section_number")
register_converter(ChapterNumberConverter, "chapter_number")

urlpatterns = [
    path("code/", views.section_list, name="section_list"),
    path("code/<chapter_number:chapter>/", views.chapter_detail, name="chapter_detail"),
    path("code/<section_number:number>/", views.section_detail, name="section_detail"),
    path("code/<section_number:number>/compare/", views.section_compare, name="section_compare"),
    path("proposed-changes/", views.proposed_changes, name="proposed_changes"),
    path("proposed-changes/feed/", feeds.proposed_changes_feed, name="proposed_changes_feed"),
    path("zoning-districts/", views.district_list, name="district_list"),
    path("zoning-districts/<str:code>/", views.district_detail, name="district_detail"),
]
