"""sitemap.xml: every public page a search engine should know."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Topic
from law.engine import ZONES


class StaticPages(Sitemap):
    changefreq = "monthly"

    def items(self):
        return ["home", "section_list", "district_list", "check_my_lot"]

    def location(self, item):
        return reverse(item)


class TopicPages(Sitemap):
    changefreq = "monthly"

    def items(self):
        return Topic.objects.order_by("order")


class SectionPages(Sitemap):
    changefreq = "monthly"

    def items(self):
        return CodeSection.objects.only("number").order_by("sort_key")


class DistrictPages(Sitemap):
    changefreq = "yearly"

    def items(self):
        return list(ZONES)

    def location(self, item):
        return reverse("district_detail", args=[item])


SITEMAPS = {
    "pages": StaticPages,
    "topics": TopicPages,
    "sections": SectionPages,
    "districts": DistrictPages,
}
