"""sitemap.xml: every public page a search engine should know, in each language, each entry
naming its other languages (hreflang alternates, x-default the English page)."""

from django.contrib.sitemaps import Sitemap as DjangoSitemap
from django.urls import reverse

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Topic
from law.engine import ZONES


class Sitemap(DjangoSitemap):
    i18n = True  # every page in each of settings.LANGUAGES (the same path, prefixed)
    alternates = True
    x_default = True


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
